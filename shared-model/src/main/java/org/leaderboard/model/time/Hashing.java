package org.leaderboard.model.time;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Stable hashes for placing rows: the same id lands in the same shard or chunk on every JVM,
 * forever (the values are stored in primary keys, so changing this function loses data).
 */
public final class Hashing {

    private Hashing() {}

    /** Shard of a vote event: spreads one hot board over {@code shards} partitions per bucket. */
    public static int shardOf(UUID voteId, int shards) {
        long mixed =
                fmix64(voteId.getMostSignificantBits() ^ fmix64(voteId.getLeastSignificantBits()));
        return (int) Math.floorMod(mixed, (long) shards);
    }

    /** Chunk of a user in snapshot layers: bounds the size of one layer partition. */
    public static int chunkOf(String user, int chunks) {
        long hash = 1125899906842597L;
        for (byte b : user.getBytes(StandardCharsets.UTF_8)) {
            hash = 31 * hash + b;
        }
        return (int) Math.floorMod(fmix64(hash), (long) chunks);
    }

    /** MurmurHash3's 64-bit finaliser: every input bit affects every output bit. */
    static long fmix64(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb93fe53e87ecL;
        k ^= k >>> 33;
        return k;
    }
}
