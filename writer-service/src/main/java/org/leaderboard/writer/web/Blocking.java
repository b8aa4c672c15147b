package org.leaderboard.writer.web;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.leaderboard.writer.config.WaitingWork;
import reactor.core.publisher.Mono;

/**
 * Work that waits (a command answered by {@code sendAndWait}, a read of the boards table) runs as
 * {@link WaitingWork}, never on Netty's event loop: its few threads serve every connection, and one
 * waiting for Cassandra would stall all the others on it.
 *
 * <p>The work runs to its end once started, whether or not the client still waits for the answer,
 * like a command on a Servlet thread did: an answer lost with a client is no reason to leave a
 * command half done, and a caller's {@code whenComplete} (the in-flight bound's release) runs
 * exactly once.
 */
final class Blocking {

    private Blocking() {}

    static <T> CompletableFuture<T> start(Supplier<T> work) {
        return WaitingWork.start(work);
    }

    static <T> Mono<T> call(Supplier<T> work) {
        return answer(start(work));
    }

    /** The future's outcome for WebFlux; a client that goes away does not cancel the work. */
    static <T> Mono<T> answer(CompletableFuture<T> outcome) {
        return Mono.fromFuture(outcome, true);
    }
}
