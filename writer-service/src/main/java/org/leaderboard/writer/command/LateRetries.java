package org.leaderboard.writer.command;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.FoldedPartitionDao;
import org.leaderboard.model.cassandra.PartitionDigest;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;
import org.springframework.stereotype.Component;

/**
 * Tells whether a stored vote older than its write window is counted, for the answers that depend
 * on it: a late retry is told ALREADY_RECORDED, and a vote can be retracted, only if it is.
 *
 * <p>Every acknowledged vote is counted, but a late retry cannot know whether its first attempt was
 * acknowledged: an insert that timed out may have reached a replica and landed after the snapshot
 * of its time was taken (a timed-out write, hinted handoff), and is then stored but not counted. So
 * the writer compares the vote's partition now with what the snapshot fold saw of it ({@link
 * FoldedPartitionDao}): the same events, and the vote was folded; exactly one event more, and its
 * id hash says whether that late one is this vote; more than one late event, and it cannot tell.
 * Before a snapshot covers the vote's time it cannot tell either (a fold may be reading the
 * partition right now), and says so with 503: retry shortly.
 *
 * <p>Each check reads the whole partition, so few run at once; past that the answer is 503 too.
 */
@Component
class LateRetries {

    private static final int CONCURRENT_CHECKS = 4;

    private final SnapshotHeadDao heads;
    private final FoldedPartitionDao foldedPartitions;
    private final VoteEventDao events;
    private final Semaphore checks = new Semaphore(CONCURRENT_CHECKS);

    LateRetries(SnapshotHeadDao heads, FoldedPartitionDao foldedPartitions, VoteEventDao events) {
        this.heads = heads;
        this.foldedPartitions = foldedPartitions;
        this.events = events;
    }

    /** Returns if the stored vote {@code voteId} is counted; throws the answer otherwise. */
    void requireCounted(BoardSettings board, UUID voteId) {
        Instant time = TimeUuids.timeOf(voteId);
        Optional<SnapshotHead> newest = heads.latestHead(board.board());
        if (newest.isEmpty() || !newest.get().cutoff().isAfter(time)) {
            throw LateVoteException.notYetFolded(voteId, time);
        }
        if (!checks.tryAcquire()) {
            throw LateVoteException.busy(voteId);
        }
        try {
            compare(board, voteId, time);
        } finally {
            checks.release();
        }
    }

    private void compare(BoardSettings board, UUID voteId, Instant time) {
        Instant bucket = board.buckets().floor(time);
        int shard = Hashing.shardOf(voteId, board.shards());
        PartitionDigest folded =
                foldedPartitions
                        .find(board.board(), bucket, shard)
                        .toCompletableFuture()
                        .join()
                        .orElse(PartitionDigest.empty(bucket, shard));
        PartitionDigest now =
                events.digestOfPartitionOf(board, voteId).toCompletableFuture().join();
        long late = now.events() - folded.events();
        long lateHash = now.idHash() - folded.idHash();
        if (late == 0 && lateHash == 0) {
            return;
        }
        if (late == 1 && lateHash == PartitionDigest.hashOf(voteId)) {
            throw LateVoteException.storedAfterSnapshot(voteId, time);
        }
        if (late == 1) {
            return;
        }
        throw LateVoteException.cannotTell(voteId, late);
    }
}
