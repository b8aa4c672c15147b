package org.leaderboard.model.cassandra;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import java.time.Duration;

/**
 * Driver settings every service uses so that one Cassandra node that stops answering (cut off by
 * the network, frozen, or on a slow link) costs a request a short delay instead of its whole
 * timeout:
 *
 * <ul>
 *   <li><b>Speculative executions</b>: a request not answered by its coordinator after {@link
 *       #SPECULATIVE_DELAY} is sent once more to the next node of its plan, and the first answer
 *       wins.
 *   <li><b>Every statement is idempotent</b>: the driver only retries or speculates idempotent
 *       statements, and every statement the services issue is one by design (events and retractions
 *       keyed by the client's ids with fixed values, first-write-wins claims with their own
 *       timestamps, snapshot rows that are pure functions of frozen events, reads): no counters, no
 *       lightweight transactions, no appends. The driver stamps a request once, so its executions
 *       carry the same write timestamp.
 *   <li><b>Heartbeats every 5 s</b> (the driver's default is 30 s), so a connection to a node that
 *       no longer answers is closed, and the node taken out of query plans, within seconds.
 *   <li><b>Reconnection at most {@link #RECONNECT_AT_MOST} apart</b> (the driver's default backs
 *       off to 60 s): after an outage of every node a service is serving again within seconds of
 *       the first node's return, not up to a minute later.
 * </ul>
 */
public final class DriverResilience {

    /** How long a request waits for its coordinator before trying the next node as well. */
    public static final Duration SPECULATIVE_DELAY = Duration.ofMillis(500);

    /** The longest wait between two attempts to reconnect to a node that is down. */
    public static final Duration RECONNECT_AT_MOST = Duration.ofSeconds(5);

    private DriverResilience() {}

    /** Applies the settings above (Spring Boot calls it through a loader-builder customizer). */
    public static void apply(ProgrammaticDriverConfigLoaderBuilder builder) {
        builder.withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true)
                .withString(
                        DefaultDriverOption.SPECULATIVE_EXECUTION_POLICY_CLASS,
                        "ConstantSpeculativeExecutionPolicy")
                .withInt(DefaultDriverOption.SPECULATIVE_EXECUTION_MAX, 2)
                .withDuration(DefaultDriverOption.SPECULATIVE_EXECUTION_DELAY, SPECULATIVE_DELAY)
                .withDuration(DefaultDriverOption.HEARTBEAT_INTERVAL, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, RECONNECT_AT_MOST);
    }
}
