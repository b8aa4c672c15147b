package org.leaderboard.query.archfixture;

import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

import com.datastax.oss.driver.api.core.cql.SimpleStatement;

/**
 * A deliberate violation, never run: a query-side class that builds a write of the event store. The
 * architecture test checks its rules against this class and expects them to fail, which shows that
 * they can.
 */
public final class ReaderThatWrites {

    private ReaderThatWrites() {}

    static SimpleStatement sneakAVoteIn() {
        return insertInto("vote_events").value("board", bindMarker()).build();
    }
}
