package org.leaderboard.query.web;

import com.datastax.oss.driver.api.core.DriverException;
import org.leaderboard.model.api.UnknownUserException;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.UnknownBoardException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Maps refusals to RFC 9457 problem details. Every 400 names the parameter ({@code field}) and says
 * what is wrong with its value. Extends Spring's handler so framework errors (unknown path, wrong
 * method) are problem details too.
 */
@RestControllerAdvice
class ProblemHandlers extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandlers.class);

    @ExceptionHandler(InvalidInputException.class)
    ProblemDetail invalidInput(InvalidInputException e) {
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
        problem.setTitle("Invalid request");
        problem.setProperty("field", e.field());
        return problem;
    }

    @ExceptionHandler(UnknownBoardException.class)
    ProblemDetail unknownBoard(UnknownBoardException e) {
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
        problem.setTitle("Unknown board");
        problem.setProperty("board", e.board());
        return problem;
    }

    @ExceptionHandler(UnknownUserException.class)
    ProblemDetail unknownUser(UnknownUserException e) {
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, e.getMessage());
        problem.setTitle("Unknown user");
        return problem;
    }

    /** Cassandra did not answer (timeout, too few replicas): the query may succeed on retry. */
    @ExceptionHandler(DriverException.class)
    ProblemDetail databaseUnavailable(DriverException e) {
        log.warn("query failed in Cassandra: {}", e.toString());
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(
                        HttpStatus.SERVICE_UNAVAILABLE,
                        "the database did not answer the query (" + e.getMessage() + "); retry");
        problem.setTitle("Database unavailable");
        return problem;
    }

    /** A query parameter that is not a whole number, e.g. {@code ?limit=ten}. */
    @Override
    protected ResponseEntity<Object> handleTypeMismatch(
            TypeMismatchException e,
            HttpHeaders headers,
            HttpStatusCode status,
            WebRequest request) {
        String parameter = e.getPropertyName();
        ProblemDetail problem =
                ProblemDetail.forStatusAndDetail(
                        HttpStatus.BAD_REQUEST, parameter + ": " + notAnInt(e.getValue()));
        problem.setTitle("Invalid request");
        problem.setProperty("field", parameter);
        return handleExceptionInternal(e, problem, headers, HttpStatus.BAD_REQUEST, request);
    }

    private static String notAnInt(Object value) {
        String text = String.valueOf(value);
        return text.matches("-?[0-9]+")
                ? "'" + text + "' is out of range for a whole number parameter"
                : "'" + text + "' is not a whole number";
    }
}
