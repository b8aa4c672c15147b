package org.leaderboard.model.time;

import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Vote ids are version-1 timeuuids: their embedded time is the vote's time. */
public final class TimeUuids {

    /** 100-ns intervals between the UUID epoch (1582-10-15) and the Unix epoch. */
    private static final long UUID_EPOCH_OFFSET = 0x01B21DD213814000L;

    private TimeUuids() {}

    public static boolean isTimeUuid(UUID id) {
        return id.version() == 1 && id.variant() == 2;
    }

    /** The vote's time, to the millisecond (the resolution buckets and cutoffs work in). */
    public static Instant timeOf(UUID timeUuid) {
        return Instant.ofEpochMilli(Uuids.unixTimestamp(timeUuid));
    }

    /**
     * The id's time in microseconds since the Unix epoch, finer than {@link #timeOf}: the write
     * timestamps of claims, so that of two claims the earlier vote wins even within a millisecond.
     */
    public static long microsOf(UUID timeUuid) {
        return (timeUuid.timestamp() - UUID_EPOCH_OFFSET) / 10;
    }

    /** A new, unique vote id stamped with the current time of this JVM. */
    public static UUID newVoteId() {
        return Uuids.timeBased();
    }

    /**
     * A vote id stamped with the given time and random low bits (sub-millisecond ticks, clock
     * sequence and node), as a client that generates its own ids would send. Unique with
     * overwhelming probability: 10^4 ticks times 2^62 random bits per millisecond.
     */
    public static UUID voteIdAt(Instant time) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return voteIdAt(time, random.nextInt(10_000), random.nextLong());
    }

    /**
     * A vote id stamped with the given time (to the millisecond), {@code subMillisTicks} 100-ns
     * ticks into that millisecond (0..9999), and {@code lowBits} as clock sequence and node (62 of
     * its bits are used). The same arguments always give the same id, which is what lets a client
     * derive ids from its input and resend it without counting anything twice.
     */
    public static UUID voteIdAt(Instant time, int subMillisTicks, long lowBits) {
        if (subMillisTicks < 0 || subMillisTicks >= 10_000) {
            throw new IllegalArgumentException("subMillisTicks must be 0..9999: " + subMillisTicks);
        }
        long ticks = time.toEpochMilli() * 10_000 + UUID_EPOCH_OFFSET + subMillisTicks;
        long msb =
                (ticks << 32) // time_low
                        | ((ticks >>> 16) & 0xFFFF0000L) // time_mid
                        | 0x1000L // version 1
                        | ((ticks >>> 48) & 0x0FFFL); // time_hi
        long lsb = (lowBits & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // IETF variant
        return new UUID(msb, lsb);
    }
}
