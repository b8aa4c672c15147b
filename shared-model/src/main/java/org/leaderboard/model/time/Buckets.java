package org.leaderboard.model.time;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Time buckets of one board: a vote's bucket is its time floored to the bucket size. Cutoffs are
 * bucket boundaries, so "the events before a cutoff" is a set of whole partitions and concurrent
 * snapshot workers pick the same cutoffs without talking to each other.
 */
public record Buckets(long bucketMillis) {

    public Buckets {
        if (bucketMillis <= 0) {
            throw new IllegalArgumentException("bucketMillis must be positive: " + bucketMillis);
        }
    }

    public static Buckets ofSeconds(int bucketSeconds) {
        return new Buckets(bucketSeconds * 1000L);
    }

    /** Start of the bucket that holds {@code time}. */
    public Instant floor(Instant time) {
        return Instant.ofEpochMilli(
                Math.floorDiv(time.toEpochMilli(), bucketMillis) * bucketMillis);
    }

    public boolean isBoundary(Instant time) {
        return floor(time).equals(time);
    }

    /**
     * Starts of the buckets that hold times in [from, to): {@code from}'s bucket up to {@code to}.
     */
    public List<Instant> startsBetween(Instant from, Instant to) {
        List<Instant> starts = new ArrayList<>();
        for (Instant start = floor(from);
                start.isBefore(to);
                start = start.plusMillis(bucketMillis)) {
            starts.add(start);
        }
        return starts;
    }

    public Duration size() {
        return Duration.ofMillis(bucketMillis);
    }
}
