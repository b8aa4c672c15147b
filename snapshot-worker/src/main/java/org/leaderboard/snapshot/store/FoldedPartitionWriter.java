package org.leaderboard.snapshot.store;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.PartitionDigest;
import org.leaderboard.model.cassandra.Tables;

/**
 * Writes the {@code folded_partitions} table: the digest of every event partition a snapshot fold
 * read, before the head that commits the fold (the writer reads them through {@link
 * org.leaderboard.model.cassandra.FoldedPartitionDao} to answer a late retry truthfully).
 *
 * <p>Written {@code USING TIMESTAMP} of the event count: two workers that read the same frozen
 * partition write the same row; if a late event landed between their reads, the digest that saw
 * more wins on every replica.
 */
public final class FoldedPartitionWriter {

    private final CqlSession session;
    private final Consistency consistency;
    private final PreparedStatement insert;

    public FoldedPartitionWriter(CqlSession session, Consistency consistency) {
        String keyspace = Tables.keyspaceOf(session);
        this.session = session;
        this.consistency = consistency;
        this.insert =
                session.prepare(
                        insertInto(keyspace, "folded_partitions")
                                .value("board", bindMarker())
                                .value("bucket", bindMarker())
                                .value("shard", bindMarker())
                                .value("events", bindMarker())
                                .value("id_hash", bindMarker())
                                .usingTimestamp(bindMarker())
                                .build());
    }

    /** Stores the digests of one fold, one unlogged batch per bucket (one partition each). */
    public CompletableFuture<Void> write(String board, List<PartitionDigest> digests) {
        Map<Instant, List<BatchableStatement<?>>> byBucket = new LinkedHashMap<>();
        for (PartitionDigest digest : digests) {
            byBucket.computeIfAbsent(digest.bucket(), b -> new ArrayList<>())
                    .add(
                            insert.bind(
                                    board,
                                    digest.bucket(),
                                    digest.shard(),
                                    digest.events(),
                                    digest.idHash(),
                                    digest.events()));
        }
        return CompletableFuture.allOf(
                byBucket.values().stream()
                        .map(
                                rows ->
                                        session.executeAsync(
                                                        BatchStatement.newInstance(
                                                                        DefaultBatchType.UNLOGGED,
                                                                        rows)
                                                                .setIdempotent(true)
                                                                .setConsistencyLevel(
                                                                        consistency.write()))
                                                .toCompletableFuture())
                        .toArray(CompletableFuture[]::new));
    }
}
