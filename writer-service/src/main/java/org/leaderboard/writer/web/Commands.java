package org.leaderboard.writer.web;

import java.util.concurrent.CompletionException;
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
