package org.leaderboard.query.web;

import com.datastax.oss.driver.api.core.DriverException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.leaderboard.model.api.UnknownUserException;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.UnknownBoardException;
import org.leaderboard.query.query.ReadNotReadyException;
import org.leaderboard.security.Problems;
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

    /** At most one line per kind of 503 this often: under overload they come by the hundred. */
    private static final Duration WARN_EVERY = Duration.ofSeconds(10);

    private final ThrottledWarnings databaseWarnings = new ThrottledWarnings(WARN_EVERY);
    private final ThrottledWarnings refusalWarnings = new ThrottledWarnings(WARN_EVERY);

    /** Read-your-writes queries answered 503 "Read-your-writes answer not ready". */
    private final Counter strongRefused;

    ProblemHandlers(MeterRegistry meters) {
        this.strongRefused =
                Counter.builder("leaderboard.strong.refused")
                        .description(
                                "read-your-writes queries answered 503 with Retry-After: the"
                                        + " board's reads were behind")
                        .register(meters);
    }

    @ExceptionHandler(InvalidInputException.class)
    ProblemDetail invalidInput(InvalidInputException e) {
        return Problems.invalidInput(QueryProblem.INVALID_PARAMETER.title(), e);
    }

    @ExceptionHandler(UnknownBoardException.class)
    ProblemDetail unknownBoard(UnknownBoardException e) {
        return Problems.unknownBoard(e);
    }

    @ExceptionHandler(UnknownUserException.class)
    ProblemDetail unknownUser(UnknownUserException e) {
        return Problems.problem(HttpStatus.NOT_FOUND, "Unknown user", e.getMessage());
    }

    /** Cassandra did not answer (timeout, too few replicas): the query may succeed on retry. */
    @ExceptionHandler(DriverException.class)
    ProblemDetail databaseUnavailable(DriverException e) {
        warn(databaseWarnings, "query failed in Cassandra: " + e);
        return Problems.problem(
                HttpStatus.SERVICE_UNAVAILABLE,
                "Database unavailable",
                "the database did not answer the query (" + e.getMessage() + "); retry");
    }

    /** A read-your-writes answer not ready within query.strong.timeout. */
    @ExceptionHandler(ReadNotReadyException.class)
    ResponseEntity<ProblemDetail> readNotReady(ReadNotReadyException e) {
        strongRefused.increment();
        warn(refusalWarnings, "read-your-writes query refused: " + e.getMessage());
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, Long.toString(e.retryAfter().toSeconds()))
                .body(
                        Problems.problem(
                                HttpStatus.SERVICE_UNAVAILABLE,
                                QueryProblem.READ_NOT_READY.title(),
                                e.getMessage()));
    }

    /**
     * The answer to a read-your-writes read that failed once it had waited for the board's shared
     * read (see {@code DirectReadRoute}), as the handlers above give it; null for any other
     * failure.
     */
    ResponseEntity<ProblemDetail> afterRead(Throwable failure) {
        if (failure instanceof ReadNotReadyException e) {
            return readNotReady(e);
        }
        if (failure instanceof DriverException e) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .body(databaseUnavailable(e));
        }
        if (failure instanceof UnknownUserException e) {
            return ResponseEntity.status(HttpStatus.NOT_FOUND).body(unknownUser(e));
        }
        return null;
    }

    /**
     * A request sent on a connection before the answer to the one before it was read, which the
     * poller thread would otherwise have to answer with a wait ({@link PollerAnswers}): sent again
     * at once, on this connection or another, it is answered as usual.
     */
    ResponseEntity<ProblemDetail> pipelinedOnPoller() {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, "0")
                .header(HttpHeaders.CONNECTION, "close")
                .body(
                        Problems.problem(
                                HttpStatus.SERVICE_UNAVAILABLE,
                                QueryProblem.SENT_BEFORE_ANSWER_READ.title(),
                                "this request came on a connection before the answer to the one"
                                        + " before it was read; send it again"));
    }

    private static void warn(ThrottledWarnings warnings, String detail) {
        String line = warnings.line(detail);
        if (line != null) {
            log.warn(line);
        }
    }

    /** A query parameter that is not a whole number, e.g. {@code ?limit=ten}. */
    @Override
    protected ResponseEntity<Object> handleTypeMismatch(
            TypeMismatchException e,
            HttpHeaders headers,
            HttpStatusCode status,
            WebRequest request) {
        ProblemDetail problem =
                invalidInput(
                        new InvalidInputException(e.getPropertyName(), notAnInt(e.getValue())));
        return handleExceptionInternal(e, problem, headers, HttpStatus.BAD_REQUEST, request);
    }

    private static String notAnInt(Object value) {
        String text = String.valueOf(value);
        return text.matches("-?[0-9]+")
                ? "'" + text + "' is out of range for a whole number parameter"
                : "'" + text + "' is not a whole number";
    }
}
