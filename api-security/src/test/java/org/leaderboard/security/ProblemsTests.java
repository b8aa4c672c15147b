package org.leaderboard.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.UnknownBoardException;
import org.springframework.http.ProblemDetail;

/** The refusals both services answer alike: status, title, detail and the property naming what. */
class ProblemsTests {

    @Test
    void aRefusedInputIsA400NamingTheField() {
        ProblemDetail problem =
                Problems.invalidInput(
                        "Invalid input", new InvalidInputException("limit", "is 0; must be 1+"));

        assertThat(problem.getType()).isEqualTo(URI.create("about:blank"));
        assertThat(problem.getStatus()).isEqualTo(400);
        assertThat(problem.getTitle()).isEqualTo("Invalid input");
        assertThat(problem.getDetail()).isEqualTo("limit: is 0; must be 1+");
        assertThat(problem.getProperties()).isEqualTo(Map.of("field", "limit"));
    }

    @Test
    void anUnknownBoardIsA404NamingTheBoard() {
        ProblemDetail problem = Problems.unknownBoard(new UnknownBoardException("song-contset"));

        assertThat(problem.getType()).isEqualTo(URI.create("about:blank"));
        assertThat(problem.getStatus()).isEqualTo(404);
        assertThat(problem.getTitle()).isEqualTo("Unknown board");
        assertThat(problem.getDetail())
                .isEqualTo(
                        "board 'song-contset' does not exist; create it with POST /boards first");
        assertThat(problem.getProperties()).isEqualTo(Map.of("board", "song-contset"));
    }
}
