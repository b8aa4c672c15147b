package org.leaderboard.testsupport;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Instant;
import java.util.UUID;
import org.leaderboard.model.time.Buckets;
import org.leaderboard.model.time.Hashing;
import org.leaderboard.model.time.TimeUuids;

/**
 * A vote row arriving in the store late, as an insert the writer never acknowledged can (a write
 * that timed out after reaching one replica, replayed later by hinted handoff or read repair):
 * written straight into the event table, exactly as the writer's insert writes it.
 */
public final class LateLanding {

    private LateLanding() {}

    /**
     * Lands a new vote in the partition holding {@code neighbour}, on a board with {@code
     * bucketSeconds} buckets and {@code shards} shards, and returns its id.
     */
    public static UUID intoPartitionOf(
            CqlSession session,
            String board,
            int bucketSeconds,
            int shards,
            UUID neighbour,
            String user,
            int votes) {
        Instant time = TimeUuids.timeOf(neighbour);
        int shard = Hashing.shardOf(neighbour, shards);
        UUID voteId = TimeUuids.voteIdAt(time);
        while (voteId.equals(neighbour) || Hashing.shardOf(voteId, shards) != shard) {
            voteId = TimeUuids.voteIdAt(time);
        }
        land(session, board, bucketSeconds, shards, voteId, user, votes);
        return voteId;
    }

    /** Lands the vote {@code voteId} now. */
    public static void land(
            CqlSession session,
            String board,
            int bucketSeconds,
            int shards,
            UUID voteId,
            String user,
            int votes) {
        session.execute(
                SimpleStatement.newInstance(
                        "INSERT INTO vote_events (board, bucket, shard, vote_id, user_id, voter_id,"
                                + " votes) VALUES (?, ?, ?, ?, ?, ?, ?) USING TIMESTAMP ?",
                        board,
                        Buckets.ofSeconds(bucketSeconds).floor(TimeUuids.timeOf(voteId)),
                        Hashing.shardOf(voteId, shards),
                        voteId,
                        user,
                        "late-voter",
                        votes,
                        Long.MAX_VALUE - TimeUuids.microsOf(voteId)));
    }
}
