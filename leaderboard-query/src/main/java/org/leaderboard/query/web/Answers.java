package org.leaderboard.query.web;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.axonframework.messaging.HandlerExecutionException;

/**
 * Waits for a query bus answer and rethrows what the handler threw. The future fails with a
 * CompletionException around the handler's exception (and a remote bus would add an Axon
 * HandlerExecutionException): unwrapping lets the problem handlers map the original exception.
 */
public final class Answers {

    private Answers() {}

    public static <R> R await(CompletableFuture<R> answer) {
        try {
            return answer.join();
        } catch (CompletionException e) {
            throw asRuntime(original(e));
        }
    }

    static Throwable original(Throwable failure) {
        Throwable current = failure;
        while (isWrapper(current) && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }

    private static boolean isWrapper(Throwable failure) {
        return failure instanceof CompletionException
                || failure instanceof ExecutionException
                || failure instanceof HandlerExecutionException;
    }

    private static RuntimeException asRuntime(Throwable failure) {
        if (failure instanceof RuntimeException runtime) {
            return runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(failure);
    }
}
