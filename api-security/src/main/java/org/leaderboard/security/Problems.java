package org.leaderboard.security;

import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.UnknownBoardException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/**
 * The refusals both HTTP services answer alike, as RFC 9457 problem details of type {@code
 * about:blank}: a refused input (400, {@code field} names it) and an unknown board (404, {@code
 * board} names it). The mapping lives here once; each service's exception handlers only hand these
 * problems to their web stack (WebFlux in the writer, Spring MVC in the query service).
 */
public final class Problems {

    private Problems() {}

    /** A problem of type {@code about:blank}: the status, a short title and what went wrong. */
    public static ProblemDetail problem(HttpStatusCode status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        return problem;
    }

    /**
     * 400: the detail says what is wrong with the value and {@code field} names it. The title is
     * the one the service documents for it ("Invalid input" for the writer's bodies, "Invalid
     * request" for the query service's parameters).
     */
    public static ProblemDetail invalidInput(String title, InvalidInputException e) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, title, e.getMessage());
        problem.setProperty("field", e.field());
        return problem;
    }

    /** 404: no board has the name the request used; {@code board} names it. */
    public static ProblemDetail unknownBoard(UnknownBoardException e) {
        ProblemDetail problem = problem(HttpStatus.NOT_FOUND, "Unknown board", e.getMessage());
        problem.setProperty("board", e.board());
        return problem;
    }
}
