package org.leaderboard.writer.web;

import com.datastax.oss.driver.api.core.DriverException;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.UnknownBoardException;
import org.leaderboard.writer.command.BoardClosedException;
import org.leaderboard.writer.command.BoardSettingsConflictException;
import org.leaderboard.writer.command.VoteOutsideWindowException;
import org.leaderboard.writer.command.VoteRefusedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every refusal as an RFC 9457 problem: the detail says what is wrong in words a client developer
 * can act on, and extra properties ({@code field}, {@code board}, {@code voteId}) let programs
 * react without parsing the text. Extends Spring's handler so its own errors (415, 405, ...) are
 * problems too.
 */
@RestControllerAdvice
class ProblemHandlers extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandlers.class);

    @ExceptionHandler(InvalidInputException.class)
    ProblemDetail invalidInput(InvalidInputException e) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "Invalid input", e.getMessage());
        problem.setProperty("field", e.field());
        return problem;
    }

    @ExceptionHandler(UnknownBoardException.class)
    ProblemDetail unknownBoard(UnknownBoardException e) {
        ProblemDetail problem = problem(HttpStatus.NOT_FOUND, "Unknown board", e.getMessage());
        problem.setProperty("board", e.board());
        return problem;
    }

    @ExceptionHandler(BoardSettingsConflictException.class)
    ProblemDetail boardConflict(BoardSettingsConflictException e) {
        ProblemDetail problem =
                problem(HttpStatus.CONFLICT, "Board exists with other settings", e.getMessage());
        problem.setProperty("stored", e.stored());
        return problem;
    }

    @ExceptionHandler(VoteRefusedException.class)
    ResponseEntity<ProblemDetail> voteRefused(VoteRefusedException e) {
        ProblemDetail problem =
                problem(HttpStatusCode.valueOf(e.httpStatus()), e.title(), e.getMessage());
        problem.setProperty("voteId", e.voteId());
        if (e instanceof VoteOutsideWindowException outside) {
            problem.setProperty("voteTime", outside.voteTime());
        }
        if (e instanceof BoardClosedException closed) {
            problem.setProperty("board", closed.board());
            problem.setProperty("closesAt", closed.closesAt());
            problem.setProperty("voteTime", closed.voteTime());
        }
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(e.httpStatus());
        if (e.retryAfterSeconds() != null) {
            answer.header(HttpHeaders.RETRY_AFTER, e.retryAfterSeconds().toString());
        }
        return answer.contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    @ExceptionHandler(WriterOverloadedException.class)
    ResponseEntity<ProblemDetail> overloaded(WriterOverloadedException e) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, Long.toString(e.retryAfterSeconds()))
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(problem(HttpStatus.SERVICE_UNAVAILABLE, "Writer overloaded", e.getMessage()));
    }

    @ExceptionHandler(DriverException.class)
    ProblemDetail storeUnavailable(DriverException e) {
        log.warn("Cassandra request failed", e);
        return problem(
                HttpStatus.SERVICE_UNAVAILABLE,
                "Store unavailable",
                "Cassandra did not answer (" + e.getMessage() + "); retry later");
    }

    @ExceptionHandler(Exception.class)
    ProblemDetail unexpected(Exception e) {
        log.error("Unexpected failure", e);
        return problem(
                HttpStatus.INTERNAL_SERVER_ERROR,
                "Internal error",
                "the writer failed unexpectedly; the failure is logged");
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(
            HttpMessageNotReadableException e,
            HttpHeaders headers,
            HttpStatusCode status,
            WebRequest request) {
        if (e.getMostSpecificCause() instanceof RequestSizeLimit.TooLargeException tooLarge) {
            ProblemDetail problem =
                    problem(
                            HttpStatus.PAYLOAD_TOO_LARGE,
                            "Request too large",
                            "body: is larger than "
                                    + tooLarge.maxBytes()
                                    + " bytes (writer.max-request-size); send smaller batches");
            problem.setProperty("field", "body");
            return handleExceptionInternal(
                    e, problem, headers, HttpStatus.PAYLOAD_TOO_LARGE, request);
        }
        return handleExceptionInternal(
                e, invalidInput(JsonProblems.describe(e)), headers, status, request);
    }

    private static ProblemDetail problem(HttpStatusCode status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        return problem;
    }
}
