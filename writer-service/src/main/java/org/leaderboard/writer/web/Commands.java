package org.leaderboard.writer.web;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Component;

/**
 * Sends commands and gives the HTTP layer the exception the handler threw. On the local command bus
 * Axon rethrows a handler's unchecked exception as is, but wraps checked ones in {@link
 * CommandExecutionException}, and a future-based or distributed bus adds more layers; unwrapping
 * here keeps the problem mapping independent of how the command travelled.
 */
@Component
class Commands {

    private final CommandGateway gateway;

    Commands(CommandGateway gateway) {
        this.gateway = gateway;
    }

    <R> R send(Object command) {
        try {
            return gateway.sendAndWait(command);
        } catch (CommandExecutionException | CompletionException e) {
            throw unwrap(e);
        }
    }

    /**
     * Sends without waiting. A handler that answers with a future (the single vote) completes the
     * returned future with that future's result; failures come out unwrapped as in {@link #send}.
     */
    @SuppressWarnings("unchecked")
    <R> CompletableFuture<R> sendAsync(Object command) {
        return gateway.send(command)
                .thenCompose(
                        result ->
                                result instanceof CompletionStage<?> stage
                                        ? (CompletionStage<R>) stage
                                        : CompletableFuture.completedFuture((R) result))
                .exceptionallyCompose(
                        failure ->
                                CompletableFuture.failedFuture(
                                        failure instanceof RuntimeException runtime
                                                ? unwrap(runtime)
                                                : failure));
    }

    static RuntimeException unwrap(RuntimeException thrown) {
        Throwable cause = thrown;
        while (isWrapper(cause) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof RuntimeException runtime ? runtime : thrown;
    }

    private static boolean isWrapper(Throwable thrown) {
        return thrown instanceof CommandExecutionException
                || thrown instanceof CompletionException
                || thrown instanceof ExecutionException;
    }
}
