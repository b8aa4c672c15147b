package org.leaderboard.snapshot.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.leaderboard.snapshot.pass.SnapshotFixture.naiveFold;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.snapshot.config.RetentionSettings;
import org.leaderboard.snapshot.retention.Retention;
import org.leaderboard.testsupport.TestCassandra;
import org.leaderboard.testsupport.TestClock;

/**
 * A simulated long run: weeks of hourly buckets written with back-dated times, a snapshot pass and
 * a retention round after every simulated day. Storage must level off once the horizon is reached
 * (live rows of events, heads and layers; on-disk size and SSTables as tablestats shows them are
 * printed), while the newest leaderboard and every {@code asOf} inside the horizon read exactly
 * what they read before retention removed anything.
 */
class RetentionIntegrationTests {

    private static final Instant T0 = Instant.parse("2025-03-03T00:00:00Z");
    private static final int DAYS = 35;
    private static final int RETENTION_DAYS = 7;
    private static final int VOTES_PER_DAY = 480;
    private static final Duration GRACE = Duration.ofHours(1);

    private static final SnapshotFixture fixture = new SnapshotFixture("retention");

    @AfterAll
    static void close() {
        fixture.close();
    }

    @Test
    void storageLevelsOffAndEverythingInsideTheHorizonReadsAsBefore() {
        BoardSettings board = fixture.createBoard(board("weeks", Period.NONE));
        Votes generator = new Votes(board.board(), 11);
        TestClock clock = TestClock.stoppedAt(T0);
        SnapshotPass pass = fixture.pass(clock);
        Retention retention = retention(clock);
        EventFolds folds = EventFolds.on(fixture.session, Consistency.DEFAULT);
        List<VoteCastEvent> votes = new ArrayList<>();
        Map<Instant, Map<String, Tally>> answers = new LinkedHashMap<>();
        List<Long> eventRowsPerWeek = new ArrayList<>();
        simulateTimeInTables();
        try (TableStats stats = new TableStats(TestCassandra.shared().jmxPort().orElseThrow())) {
            for (int day = 0; day < DAYS; day++) {
                Instant dayStart = T0.plus(Duration.ofDays(day));
                List<VoteCastEvent> today =
                        generator.between(
                                dayStart, dayStart.plus(Duration.ofDays(1)), VOTES_PER_DAY, 60);
                insert(board, today);
                votes.addAll(today);
                clock.set(dayStart.plus(Duration.ofDays(1)).plusSeconds(120));
                pass.run(board);
                // What time travel answers at noon of the day, before anything is removed.
                Instant noon = dayStart.plus(Duration.ofHours(12)).plusSeconds(17);
                answers.put(noon, asOf(board, folds, noon));
                retention.run(board, clock.instant());
                // A memtable flush a day: SSTables pile up and compact as they would over weeks.
                stats.flush(fixture.keyspace);
                if (day % 7 == 6) {
                    long eventRows = count("vote_events", board);
                    eventRowsPerWeek.add(eventRows);
                    System.out.printf(
                            "[retention] week %d: event rows %d, heads %d, layer blocks %d;"
                                    + " tablestats live bytes (sstables): vote_events %d (%d),"
                                    + " snapshot_layer_blocks %d (%d), snapshot_heads %d (%d)%n",
                            day / 7 + 1,
                            eventRows,
                            fixture.snapshots.heads(board.board()).size(),
                            count("snapshot_layer_blocks", board),
                            stats.liveDiskBytes(fixture.keyspace, "vote_events"),
                            stats.liveSSTables(fixture.keyspace, "vote_events"),
                            stats.liveDiskBytes(fixture.keyspace, "snapshot_layer_blocks"),
                            stats.liveSSTables(fixture.keyspace, "snapshot_layer_blocks"),
                            stats.liveDiskBytes(fixture.keyspace, "snapshot_heads"),
                            stats.liveSSTables(fixture.keyspace, "snapshot_heads"));
                }
            }
        }
        Instant now = clock.instant();
        SnapshotHead newest = fixture.snapshots.latestHead(board.board()).orElseThrow();
        assertThat(fixture.content(board, newest)).isEqualTo(naiveFold(votes, newest.cutoff()));
        answers.forEach(
                (moment, answer) -> {
                    if (!moment.isBefore(board.horizon(now))) {
                        assertThat(asOf(board, folds, moment))
                                .as("asOf " + moment)
                                .isEqualTo(answer);
                    }
                });
        // The horizon is 7 days plus an hour of grace, removed a day at a time: at most 9 days of
        // events stay, and from the second week on the count stops growing.
        assertThat(eventRowsPerWeek.get(eventRowsPerWeek.size() - 1))
                .isLessThanOrEqualTo(9L * VOTES_PER_DAY);
        assertThat(eventRowsPerWeek.subList(1, eventRowsPerWeek.size()))
                .allSatisfy(
                        rows -> assertThat(rows).isBetween(7L * VOTES_PER_DAY, 9L * VOTES_PER_DAY));
        // One head per day was committed; older than the horizon, none is left.
        assertThat(fixture.snapshots.heads(board.board()))
                .allSatisfy(
                        head ->
                                assertThat(head.cutoff())
                                        .isAfterOrEqualTo(
                                                board.horizon(now).minus(Duration.ofDays(2))));
    }

    @Test
    void theFinalStandingsOfEveryDayOutliveTheHorizon() {
        BoardSettings board = fixture.createBoard(board("daily", Period.DAILY));
        Votes generator = new Votes(board.board(), 12);
        TestClock clock = TestClock.stoppedAt(T0);
        SnapshotPass pass = fixture.pass(clock);
        Retention retention = retention(clock);
        List<VoteCastEvent> votes = new ArrayList<>();
        int days = RETENTION_DAYS + 7;
        for (int day = 0; day < days; day++) {
            Instant dayStart = T0.plus(Duration.ofDays(day));
            List<VoteCastEvent> today =
                    generator.between(dayStart, dayStart.plus(Duration.ofDays(1)), 120, 20);
            insert(board, today);
            votes.addAll(today);
            clock.set(dayStart.plus(Duration.ofDays(1)).plusSeconds(120));
            pass.run(board);
            retention.run(board, clock.instant());
        }
        Instant horizon = board.horizon(clock.instant());
        for (int day = 0; day < days; day++) {
            Instant dayStart = T0.plus(Duration.ofDays(day));
            Instant dayEnd = dayStart.plus(Duration.ofDays(1));
            SnapshotHead last =
                    fixture.snapshots.headAtOrBefore(board.board(), dayEnd).orElseThrow();
            assertThat(last.cutoff()).as("final head of day %d", day).isEqualTo(dayEnd);
            List<VoteCastEvent> ofTheDay =
                    votes.stream().filter(v -> !v.time().isBefore(dayStart)).toList();
            assertThat(fixture.content(board, last)).isEqualTo(naiveFold(ofTheDay, dayEnd));
        }
        long headsBeyond =
                fixture.snapshots.heads(board.board()).stream()
                        .filter(head -> head.cutoff().isBefore(horizon.minus(Duration.ofDays(1))))
                        .count();
        // Beyond the horizon only the heads at day boundaries are left, one per day.
        assertThat(headsBeyond).isLessThanOrEqualTo(days - RETENTION_DAYS);
        assertThat(count("vote_events", board)).isLessThanOrEqualTo(9L * 120);
    }

    /**
     * Weeks pass in seconds here, so the tables' gc_grace_seconds (10 days of real time, how long a
     * deletion's tombstone must outlive it before compaction may drop it) is shrunk to match;
     * {@code -Dretention.compaction="{'class': ...}"} tries another compaction strategy.
     */
    private static void simulateTimeInTables() {
        String compaction = System.getProperty("retention.compaction");
        for (String table : List.of("vote_events", "snapshot_layer_blocks", "snapshot_heads")) {
            fixture.session.execute(
                    "ALTER TABLE "
                            + table
                            + " WITH gc_grace_seconds = 0"
                            + (compaction == null ? "" : " AND compaction = " + compaction));
        }
    }

    private static BoardSettings board(String name, Period period) {
        return new BoardSettings(
                name,
                60,
                UniqueVotes.NONE,
                3600,
                2,
                2,
                T0.plusSeconds(600),
                period,
                ZoneId.of("UTC"),
                RETENTION_DAYS);
    }

    /** In slices, so that a busy test machine does not time out a burst of writes. */
    private static void insert(BoardSettings board, List<VoteCastEvent> votes) {
        for (int from = 0; from < votes.size(); from += 60) {
            fixture.insert(board, votes.subList(from, Math.min(votes.size(), from + 60)));
        }
    }

    private static Retention retention(TestClock clock) {
        return new Retention(
                fixture.session,
                SnapshotFixture.SETTINGS,
                fixture.snapshots,
                new RetentionSettings(true, Duration.ZERO, GRACE),
                clock,
                fixture.meters);
    }

    /** What a query asOf {@code moment} reads: the head at or before it, plus the events after. */
    private static Map<String, Tally> asOf(BoardSettings board, EventFolds folds, Instant moment) {
        SnapshotHead head = fixture.snapshots.headAtOrBefore(board.board(), moment).orElseThrow();
        Tallies sum = Tallies.copyOf(fixture.content(board, head));
        sum.addAll(folds.foldUntil(board, head.cutoff(), moment).join().tallies());
        return Map.copyOf(sum.asMap());
    }

    private static long count(String table, BoardSettings board) {
        return fixture.session
                .execute(
                        "SELECT COUNT(*) FROM " + table + " WHERE board = ? ALLOW FILTERING",
                        board.board())
                .one()
                .getLong(0);
    }
}
