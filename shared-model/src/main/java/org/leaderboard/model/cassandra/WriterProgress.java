package org.leaderboard.model.cassandra;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code writer_progress}: every event writer {@code writer} stamps with a time before
 * {@code lowMark} and acknowledges is stored already, or marked late before it is acknowledged.
 */
public record WriterProgress(UUID writer, Instant lowMark) {

    /** The one partition of the table: the writers are few, and every strong read asks for all. */
    public static final int PART = 0;
}
