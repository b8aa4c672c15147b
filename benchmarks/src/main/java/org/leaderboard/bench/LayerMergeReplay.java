package org.leaderboard.bench;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.leaderboard.model.cassandra.LayerBlocks;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.tally.Tallies;

/**
 * Part of scenario 3: the snapshot worker's merge of the largest board's layer with a minute's
 * layer at 5,000 votes/s (a million users with a voter each, and 300,000 votes of which most are
 * for users already in it), in the harness's own JVM, without the store: from the two layers'
 * blocks as read to the merged layer's blocks as written. Block by block, as the worker merges now,
 * against the same merge through tallies (both layers decoded, summed into a third map, encoded
 * again), as it merged before; both must give the same blocks. Measured as the CPU and the bytes
 * the merging thread allocates, which is what a merge takes from a query service on the same cores:
 * on a board whose users all vote within minutes, the size-tiered rule merges a million-user layer
 * every few minutes.
 */
final class LayerMergeReplay {

    /** As the benchmark's boards (and the default for a new board). */
    private static final int CHUNKS = 16;

    private final int users;
    private final boolean quick;

    LayerMergeReplay(int users, boolean quick) {
        this.users = users;
        this.quick = quick;
    }

    /** The CPU and the bytes allocated of one merge, both ways, each the mean of a few rounds. */
    record Merges(
            long baseUsers,
            long layerUsers,
            double packedMillis,
            double packedMegabytes,
            double talliesMillis,
            double talliesMegabytes) {}

    Merges run() {
        Random random = new Random(43);
        Tallies start = new Tallies();
        for (int i = 0; i < users; i++) {
            start.addVote("user-" + i, "voter-" + random.nextInt(1_000), 1 + random.nextInt(3));
        }
        PackedLayer base = PackedLayer.of(start, CHUNKS);
        start = null;
        Tallies minute = new Tallies();
        for (int v = 0; v < users * 3 / 10; v++) {
            minute.addVote(
                    "user-" + random.nextInt(users),
                    "voter-" + random.nextInt(1_000),
                    1 + random.nextInt(3));
        }
        PackedLayer layer = PackedLayer.of(minute, CHUNKS);
        minute = null;
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        int rounds = quick ? 1 : 3;
        long packedNanos = 0;
        long packedBytes = 0;
        long talliesNanos = 0;
        long talliesBytes = 0;
        for (int round = 0; round < 1 + rounds; round++) {
            long cpu = threads.getCurrentThreadCpuTime();
            long allocated = threads.getThreadAllocatedBytes(thread);
            PackedLayer packed = base.plus(layer);
            long packedCpu = threads.getCurrentThreadCpuTime();
            long packedAllocated = threads.getThreadAllocatedBytes(thread);
            PackedLayer summed = throughTallies(base, layer);
            long summedCpu = threads.getCurrentThreadCpuTime();
            long summedAllocated = threads.getThreadAllocatedBytes(thread);
            sameBlocks(packed, summed);
            if (round > 0) {
                packedNanos += packedCpu - cpu;
                packedBytes += packedAllocated - allocated;
                talliesNanos += summedCpu - packedCpu;
                talliesBytes += summedAllocated - packedAllocated;
            }
        }
        return new Merges(
                base.rows(),
                layer.rows(),
                packedNanos / 1e6 / rounds,
                packedBytes / 1e6 / rounds,
                talliesNanos / 1e6 / rounds,
                talliesBytes / 1e6 / rounds);
    }

    /**
     * The merge as the worker made it before: each layer's blocks decoded into tallies sized by its
     * users (as a layer was read back), both added into a new map, the sum packed again (as a layer
     * is written).
     */
    private static PackedLayer throughTallies(PackedLayer earlier, PackedLayer later) {
        Tallies merged = new Tallies();
        merged.addAll(decoded(earlier));
        merged.addAll(decoded(later));
        return PackedLayer.of(merged, CHUNKS);
    }

    private static Tallies decoded(PackedLayer layer) {
        Tallies all = Tallies.forUsers(layer.rows());
        for (int chunk = 0; chunk < layer.chunks(); chunk++) {
            for (byte[] block : layer.blocks(chunk)) {
                LayerBlocks.decodeInto(ByteBuffer.wrap(block), all);
            }
        }
        return all;
    }

    private static void sameBlocks(PackedLayer one, PackedLayer other) {
        for (int chunk = 0; chunk < CHUNKS; chunk++) {
            List<byte[]> mine = one.blocks(chunk);
            List<byte[]> theirs = other.blocks(chunk);
            if (mine.size() != theirs.size()) {
                throw new IllegalStateException("the two merges made other blocks");
            }
            for (int block = 0; block < mine.size(); block++) {
                if (!Arrays.equals(mine.get(block), theirs.get(block))) {
                    throw new IllegalStateException("the two merges made other blocks");
                }
            }
        }
    }
}
