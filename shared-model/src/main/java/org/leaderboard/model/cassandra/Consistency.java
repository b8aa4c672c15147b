package org.leaderboard.model.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;

/**
 * Consistency levels of the DAOs. The defaults (LOCAL_QUORUM both ways) overlap on a majority of
 * replicas, which is what gives read-your-writes to queries and makes snapshot reads see every
 * acknowledged vote (invariants 4 and 7).
 */
public record Consistency(ConsistencyLevel write, ConsistencyLevel read) {

    public static final Consistency DEFAULT =
            new Consistency(
                    DefaultConsistencyLevel.LOCAL_QUORUM, DefaultConsistencyLevel.LOCAL_QUORUM);

    public static Consistency of(String write, String read) {
        return new Consistency(
                DefaultConsistencyLevel.valueOf(write), DefaultConsistencyLevel.valueOf(read));
    }

    /**
     * Whether every read at {@code read} meets at least one replica of every acknowledged write at
     * {@code write}, whatever the replication factor: one side at ALL; both at QUORUM; both at
     * LOCAL_QUORUM (writers and readers in one datacenter, as this system runs); EACH_QUORUM with
     * either quorum. Counted levels (ONE, TWO, THREE, LOCAL_ONE, ANY) overlap only for some
     * replication factors, so they are not accepted with anything but ALL.
     */
    public static boolean overlaps(ConsistencyLevel write, ConsistencyLevel read) {
        if (write == DefaultConsistencyLevel.ALL || read == DefaultConsistencyLevel.ALL) {
            return true;
        }
        if (write == DefaultConsistencyLevel.EACH_QUORUM) {
            return isQuorum(read);
        }
        if (read == DefaultConsistencyLevel.EACH_QUORUM) {
            return isQuorum(write);
        }
        return isQuorum(write) && write == read;
    }

    /**
     * Refuses a pair of levels that do not overlap: a read could miss an acknowledged vote
     * (read-your-writes and exactly-once would silently stop holding). Services call it at start.
     */
    public static void requireOverlap(
            String writeSetting, String write, String readSetting, String read) {
        ConsistencyLevel writeLevel = level(writeSetting, write);
        ConsistencyLevel readLevel = level(readSetting, read);
        if (!overlaps(writeLevel, readLevel)) {
            throw new IllegalArgumentException(
                    writeSetting
                            + " "
                            + write
                            + " and "
                            + readSetting
                            + " "
                            + read
                            + " do not overlap: a read could miss an acknowledged write. Use"
                            + " LOCAL_QUORUM (or QUORUM) for both, or ALL on one side");
        }
    }

    private static ConsistencyLevel level(String setting, String value) {
        try {
            return DefaultConsistencyLevel.valueOf(value);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(
                    setting
                            + " is '"
                            + value
                            + "'; must be a consistency level such as LOCAL_QUORUM",
                    e);
        }
    }

    private static boolean isQuorum(ConsistencyLevel level) {
        return level == DefaultConsistencyLevel.QUORUM
                || level == DefaultConsistencyLevel.LOCAL_QUORUM
                || level == DefaultConsistencyLevel.EACH_QUORUM;
    }
}
