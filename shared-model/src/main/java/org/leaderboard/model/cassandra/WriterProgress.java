package org.leaderboard.model.cassandra;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code writer_progress}: every event writer {@code writer} stamps with a time before
 * {@code lowMark} and acknowledges is stored already, or marked late before it is acknowledged.
 * {@code feed} is the address ({@code host:port}) of the writer's acknowledged-events feed ({@link
 * org.leaderboard.model.feed.FeedPage}), or null: a writer of a version without one, or with its
 * feed turned off.
 */
public record WriterProgress(UUID writer, Instant lowMark, String feed) {

    /** The one partition of the table: the writers are few, and every strong read asks for all. */
    public static final int PART = 0;
}
