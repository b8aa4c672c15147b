package org.leaderboard.writer.web;

import static org.leaderboard.security.Problems.problem;

import com.datastax.oss.driver.api.core.DriverException;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.UnknownBoardException;
import org.leaderboard.security.Problems;
import org.leaderboard.writer.command.BoardClosedException;
import org.leaderboard.writer.command.BoardSettingsConflictException;
import org.leaderboard.writer.command.VoteOutsideWindowException;
import org.leaderboard.writer.command.VoteRefusedException;
import org.leaderboard.writer.config.WriterSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import reactor.core.publisher.Mono;

/**
 * Every refusal as an RFC 9457 problem: the detail says what is wrong in words a client developer
 * can act on, and extra properties ({@code field}, {@code board}, {@code voteId}) let programs
 * react without parsing the text. Extends Spring's handler so its own errors (415, 405, ...) are
 * problems too.
 */
@RestControllerAdvice
class ProblemHandlers extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandlers.class);

    private final long maxRequestBytes;

    ProblemHandlers(WriterSettings settings) {
        this.maxRequestBytes = settings.maxRequestSize().toBytes();
    }

    @ExceptionHandler(InvalidInputException.class)
    ProblemDetail invalidInput(InvalidInputException e) {
        return Problems.invalidInput(WriterProblem.INVALID_INPUT.title(), e);
    }

    @ExceptionHandler(UnknownBoardException.class)
    ProblemDetail unknownBoard(UnknownBoardException e) {
        return Problems.unknownBoard(e);
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

    /**
     * A header or parameter Spring Security's firewall refuses when the request reads it (control
     * characters in its name or value); the URL itself is refused before routing, in api-security.
     */
    @ExceptionHandler(ServerExchangeRejectedException.class)
    ProblemDetail rejected(ServerExchangeRejectedException e) {
        return problem(
                HttpStatus.BAD_REQUEST,
                "Invalid request",
                "the request was refused: " + e.getMessage());
    }

    @ExceptionHandler(Exception.class)
    ProblemDetail unexpected(Exception e) {
        log.error("Unexpected failure", e);
        return problem(
                HttpStatus.INTERNAL_SERVER_ERROR,
                "Internal error",
                "the writer failed unexpectedly; the failure is logged");
    }

    /**
     * A body larger than {@code writer.max-request-size}: counted by {@link RequestSizeLimit}, or
     * refused by the JSON codec's buffer limit of the same size.
     */
    @ExceptionHandler({RequestSizeLimit.TooLargeException.class, DataBufferLimitException.class})
    ProblemDetail tooLarge() {
        ProblemDetail problem =
                problem(
                        HttpStatus.PAYLOAD_TOO_LARGE,
                        "Request too large",
                        "body: is larger than "
                                + maxRequestBytes
                                + " bytes (writer.max-request-size); send smaller batches");
        problem.setProperty("field", "body");
        return problem;
    }

    /**
     * The answer the handlers above give for {@code failure}, for the direct vote route, which
     * answers without WebFlux's exception handling ({@link DirectVoteRoute}): the same status,
     * words and headers as through the controller.
     */
    ResponseEntity<ProblemDetail> answerFor(Throwable failure) {
        if (failure instanceof VoteRefusedException refused) {
            return voteRefused(refused);
        }
        if (failure instanceof WriterOverloadedException overloaded) {
            return overloaded(overloaded);
        }
        ProblemDetail problem;
        if (failure instanceof InvalidInputException invalid) {
            problem = invalidInput(invalid);
        } else if (failure instanceof UnknownBoardException unknown) {
            problem = unknownBoard(unknown);
        } else if (failure instanceof DriverException driver) {
            problem = storeUnavailable(driver);
        } else if (failure instanceof RequestSizeLimit.TooLargeException
                || failure instanceof DataBufferLimitException) {
            problem = tooLarge();
        } else {
            problem =
                    unexpected(failure instanceof Exception e ? e : new RuntimeException(failure));
        }
        return ResponseEntity.status(problem.getStatus())
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(problem);
    }

    /** A body that is missing or not JSON of the expected shape, with the field at fault. */
    @Override
    protected Mono<ResponseEntity<Object>> handleServerWebInputException(
            ServerWebInputException e,
            HttpHeaders headers,
            HttpStatusCode status,
            ServerWebExchange exchange) {
        if (causedBy(e, RequestSizeLimit.TooLargeException.class)
                || causedBy(e, DataBufferLimitException.class)) {
            return handleExceptionInternal(
                    e, tooLarge(), headers, HttpStatus.PAYLOAD_TOO_LARGE, exchange);
        }
        return handleExceptionInternal(
                e, invalidInput(JsonProblems.describe(e)), headers, status, exchange);
    }

    /** Named as Spring MVC names it; WebFlux's own detail lists only the supported methods. */
    @Override
    protected Mono<ResponseEntity<Object>> handleMethodNotAllowedException(
            MethodNotAllowedException e,
            HttpHeaders headers,
            HttpStatusCode status,
            ServerWebExchange exchange) {
        ProblemDetail problem = e.getBody();
        problem.setDetail("Method '" + e.getHttpMethod() + "' is not supported.");
        return handleExceptionInternal(e, problem, headers, status, exchange);
    }

    /**
     * A 415 names the Content-Type sent, or says there was none: WebFlux names its default
     * (application/octet-stream) for none, and gives no detail at all for form data.
     */
    @Override
    protected Mono<ResponseEntity<Object>> handleExceptionInternal(
            Exception e,
            Object body,
            HttpHeaders headers,
            HttpStatusCode status,
            ServerWebExchange exchange) {
        if (status.value() == HttpStatus.UNSUPPORTED_MEDIA_TYPE.value()) {
            ProblemDetail problem =
                    body instanceof ProblemDetail given
                            ? given
                            : e instanceof ErrorResponse response
                                    ? response.getBody()
                                    : ProblemDetail.forStatus(status);
            MediaType sent = exchange.getRequest().getHeaders().getContentType();
            problem.setDetail(
                    sent == null
                            ? "Content-Type is missing; send application/json."
                            : "Content-Type '"
                                    + sent
                                    + "' is not supported; send application/json.");
            return super.handleExceptionInternal(e, problem, headers, status, exchange);
        }
        return super.handleExceptionInternal(e, body, headers, status, exchange);
    }

    private static boolean causedBy(Throwable thrown, Class<? extends Throwable> type) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
