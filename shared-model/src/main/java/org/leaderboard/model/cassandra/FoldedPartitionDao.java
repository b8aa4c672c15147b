package org.leaderboard.model.cassandra;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The {@code folded_partitions} table: the digest of every event partition a snapshot fold read
 * (see {@link PartitionDigest}); this class reads them. Written by the snapshot worker (its {@code
 * FoldedPartitionWriter}) before the head that commits the fold, so a reader that finds the head
 * finds the digests; a partition with no row under a committed head was empty when folded. The
 * writer reads them to answer a late retry truthfully.
 *
 * <p>Written {@code USING TIMESTAMP} of the event count: two workers that read the same frozen
 * partition write the same row; if a late event landed between their reads, the digest that saw
 * more wins on every replica.
 */
public final class FoldedPartitionDao {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement select;

    public FoldedPartitionDao(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.select =
                session.prepare(
                        selectFrom(keyspace, "folded_partitions")
                                .columns("events", "id_hash")
                                .whereColumn("board")
                                .isEqualTo(bindMarker())
                                .whereColumn("bucket")
                                .isEqualTo(bindMarker())
                                .whereColumn("shard")
                                .isEqualTo(bindMarker())
                                .build());
    }

    /** The digest a fold stored for the partition, empty if it held no event when folded. */
    public CompletionStage<Optional<PartitionDigest>> find(
            String board, Instant bucket, int shard) {
        return session.executeAsync(
                        select.bind(board, bucket, shard).setConsistencyLevel(consistency.read()))
                .thenApply(
                        rs ->
                                Optional.ofNullable(rs.one())
                                        .map(
                                                row ->
                                                        new PartitionDigest(
                                                                bucket,
                                                                shard,
                                                                row.getLong("events"),
                                                                row.getLong("id_hash"))));
    }
}
