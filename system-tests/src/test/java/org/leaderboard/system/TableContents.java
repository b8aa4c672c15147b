package org.leaderboard.system;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.querybuilder.QueryBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every row of every table of a keyspace, as text: whatever tables the schema has (events, boards,
 * snapshots, claims), a comparison before and after shows any write. A whole-table read is fine for
 * a test keyspace of a few rows; the services never do it. The writers' progress rows show only
 * which writers keep one: each writer moves its mark every few milliseconds whatever it is asked.
 */
final class TableContents {

    private TableContents() {}

    static Map<String, List<String>> of(CqlSession session, String keyspace) {
        Map<String, List<String>> tables = new TreeMap<>();
        for (Row table :
                session.execute(
                        SimpleStatement.newInstance(
                                "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?",
                                keyspace))) {
            String name = table.getString("table_name");
            List<String> rows = new ArrayList<>();
            session.execute(QueryBuilder.selectFrom(keyspace, name).all().build())
                    .forEach(
                            row ->
                                    rows.add(
                                            name.equals("writer_progress")
                                                    ? "writer:" + row.getUuid("writer")
                                                    : row.getFormattedContents()));
            rows.sort(null);
            tables.put(name, rows);
        }
        return tables;
    }
}
