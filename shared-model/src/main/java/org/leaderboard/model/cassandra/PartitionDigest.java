package org.leaderboard.model.cassandra;

import java.time.Instant;
import java.util.UUID;

/**
 * What a read of one event partition saw: how many events, and the sum of their ids' hashes. A
 * snapshot fold stores the digest of every partition it folded ({@link FoldedPartitionDao}), so a
 * later look at the same partition can tell exactly which events the fold saw when at most one was
 * stored afterwards: a write the writer never acknowledged can still land late (a timed-out insert
 * reaching a replica, hinted handoff), after the snapshot was taken.
 *
 * @param events events read (votes and retractions)
 * @param idHash sum, wrapping, of {@link #hashOf} of their ids: order-free, so any read of the same
 *     rows gives the same digest
 */
public record PartitionDigest(Instant bucket, int shard, long events, long idHash) {

    /** The digest of a partition nobody has read anything from. */
    public static PartitionDigest empty(Instant bucket, int shard) {
        return new PartitionDigest(bucket, shard, 0, 0);
    }

    public PartitionDigest plus(UUID eventId) {
        return new PartitionDigest(bucket, shard, events + 1, idHash + hashOf(eventId));
    }

    /** A 64-bit mix of the id (SplitMix64's finaliser), so sums of few ids rarely collide. */
    public static long hashOf(UUID id) {
        return mix(id.getMostSignificantBits() ^ mix(id.getLeastSignificantBits()));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
