package org.leaderboard.snapshot.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.leaderboard.snapshot.pass.SnapshotFixture.naiveFold;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.testsupport.TestClock;

/**
 * Snapshots of a board with a period: no layer straddles a period boundary, and every head holds
 * exactly its own period's events (the previous periods stay in older heads, for time travel).
 */
class PeriodicSnapshotIntegrationTests {

    /** Hourly boundaries in Asia/Kolkata (UTC+05:30) fall at half past each UTC hour. */
    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

    private static final SnapshotFixture fixture = new SnapshotFixture("snapshot_period");

    @AfterAll
    static void close() {
        fixture.close();
    }

    @Test
    void everyHeadHoldsExactlyTheEventsOfItsPeriod() {
        BoardSettings board =
                fixture.createBoard(
                        BoardSettings.requested(
                                "hourly-" + System.nanoTime(),
                                60,
                                null,
                                60,
                                4,
                                4,
                                T0,
                                Period.HOURLY,
                                "Asia/Kolkata"));
        List<VoteCastEvent> votes =
                new Votes(board.board(), 11).between(T0.minusSeconds(120), minute(100), 600, 20);
        fixture.insert(board, votes);

        fixture.pass(TestClock.stoppedAt(minute(100))).run(board);

        List<SnapshotHead> heads = fixture.snapshots.heads(board.board());
        assertThat(heads)
                .extracting(SnapshotHead::cutoff)
                .contains(minute(30), minute(90), minute(98));
        for (SnapshotHead head : heads) {
            Instant periodStart = board.periodStart(head.cutoff().minusMillis(1));
            assertThat(head.layers()).allSatisfy(layer -> assertWithin(layer, periodStart, head));
            assertThat(fixture.content(board, head))
                    .isEqualTo(naiveFold(inPeriod(votes, periodStart), head.cutoff()));
        }
        // The head right after a boundary starts the new period from nothing but its own events.
        SnapshotHead afterBoundary = headAt(heads, minute(33));
        assertThat(afterBoundary.layers())
                .allSatisfy(l -> assertThat(l.from()).isAfterOrEqualTo(minute(30)));
    }

    private static void assertWithin(LayerRef layer, Instant periodStart, SnapshotHead head) {
        assertThat(layer.from()).isAfterOrEqualTo(periodStart);
        assertThat(layer.to()).isBeforeOrEqualTo(head.cutoff());
    }

    private static List<VoteCastEvent> inPeriod(List<VoteCastEvent> votes, Instant periodStart) {
        return votes.stream().filter(v -> !v.time().isBefore(periodStart)).toList();
    }

    private static SnapshotHead headAt(List<SnapshotHead> heads, Instant cutoff) {
        return heads.stream().filter(h -> h.cutoff().equals(cutoff)).findFirst().orElseThrow();
    }

    private static Instant minute(int minutes) {
        return T0.plusSeconds(60L * minutes);
    }
}
