package org.leaderboard.query.web;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.UnknownUserException;
import org.leaderboard.model.board.InvalidInputException;

class AnswersTests {

    @Test
    void rethrowsTheHandlersOwnException() {
        CompletableFuture<String> failed =
                CompletableFuture.failedFuture(new UnknownUserException("b", "u"));

        assertThatThrownBy(() -> Answers.await(failed))
                .isInstanceOf(UnknownUserException.class)
                .hasMessage("user 'u' has no votes on board 'b'");
    }

    @Test
    void unwrapsNestedCompletionExceptions() {
        CompletableFuture<String> failed =
                CompletableFuture.failedFuture(
                        new CompletionException(
                                new CompletionException(new InvalidInputException("limit", "x"))));

        assertThatThrownBy(() -> Answers.await(failed)).isInstanceOf(InvalidInputException.class);
    }
}
