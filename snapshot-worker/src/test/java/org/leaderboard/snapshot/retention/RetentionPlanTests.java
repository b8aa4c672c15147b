package org.leaderboard.snapshot.retention;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.Period;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;

class RetentionPlanTests {

    private static final Instant T0 = Instant.parse("2025-03-03T00:00:00Z");

    @Test
    void keepsTheNewestHeadBeforeTheHorizonAndEverythingNewer() {
        BoardSettings board = board(Period.NONE, 7);
        // A head every 6 hours for 10 days, each naming one shared first layer and its own.
        List<SnapshotHead> heads = headsEvery(board, Duration.ofHours(6), 40);
        Instant removeBefore = T0.plus(Duration.ofDays(3)).plusSeconds(1);

        RetentionPlan plan = RetentionPlan.of(board, heads, removeBefore, null).orElseThrow();

        assertThat(plan.anchor().cutoff()).isEqualTo(T0.plus(Duration.ofDays(3)));
        assertThat(plan.heads())
                .extracting(SnapshotHead::cutoff)
                .allSatisfy(cutoff -> assertThat(cutoff).isBefore(plan.anchor().cutoff()))
                .hasSize(11);
        // The shared first layer is named by kept heads too: it stays.
        assertThat(plan.layers()).doesNotContain(heads.get(0).layers().get(0)).hasSize(11);
        assertThat(plan.eventsFrom()).isEqualTo(board.epoch());
        assertThat(plan.eventsBefore()).isEqualTo(plan.anchor().cutoff());
        assertThat(plan.eventBuckets(board)).first().isEqualTo(board.epoch());
        assertThat(plan.eventBuckets(board))
                .last()
                .isEqualTo(plan.anchor().cutoff().minusSeconds(3600));
        assertThat(plan.headRuns(heads)).hasSize(1);
    }

    @Test
    void aSecondRoundStartsWhereTheFirstRemovedEvents() {
        BoardSettings board = board(Period.NONE, 7);
        List<SnapshotHead> heads = headsEvery(board, Duration.ofHours(6), 40);
        Instant mark = T0.plus(Duration.ofDays(2));

        RetentionPlan plan =
                RetentionPlan.of(board, heads, T0.plus(Duration.ofDays(3)), mark).orElseThrow();

        assertThat(plan.eventBuckets(board)).hasSize(24).first().isEqualTo(mark);
    }

    @Test
    void theHeadAtEachPeriodBoundaryAndItsLayersStay() {
        BoardSettings board = board(Period.DAILY, 7);
        List<SnapshotHead> heads = headsEvery(board, Duration.ofHours(6), 40);

        RetentionPlan plan =
                RetentionPlan.of(board, heads, T0.plus(Duration.ofDays(5)), null).orElseThrow();

        List<SnapshotHead> dayEnds =
                heads.stream().filter(head -> RetentionPlan.endsPeriod(board, head)).toList();
        assertThat(dayEnds).extracting(SnapshotHead::cutoff).contains(T0.plus(Duration.ofDays(1)));
        assertThat(plan.heads()).doesNotContainAnyElementsOf(dayEnds);
        dayEnds.forEach(
                head -> assertThat(plan.layers()).doesNotContainAnyElementsOf(head.layers()));
        // Kept day ends split the removed heads into one run per day.
        assertThat(plan.headRuns(heads)).hasSize(5);
    }

    @Test
    void nothingIsRemovedWithoutRetentionOrBeforeAnyHeadIsOldEnough() {
        List<SnapshotHead> heads = headsEvery(board(Period.NONE, 7), Duration.ofHours(6), 8);
        assertThat(
                        RetentionPlan.of(
                                board(Period.NONE, null), heads, T0.plus(Duration.ofDays(9)), null))
                .isEmpty();
        assertThat(RetentionPlan.of(board(Period.NONE, 7), heads, T0, null)).isEmpty();
    }

    private static BoardSettings board(Period period, Integer retentionDays) {
        return new BoardSettings(
                "b",
                60,
                UniqueVotes.NONE,
                3600,
                2,
                2,
                T0.plusSeconds(600),
                period,
                BoardSettings.UTC,
                retentionDays);
    }

    /** {@code count} heads {@code every} apart from T0: a first layer all share, and one each. */
    private static List<SnapshotHead> headsEvery(BoardSettings board, Duration every, int count) {
        LayerRef first = new LayerRef(board.epoch(), T0, 10);
        List<SnapshotHead> heads = new ArrayList<>();
        Instant previous = T0;
        for (int i = 1; i <= count; i++) {
            Instant cutoff = T0.plus(every.multipliedBy(i));
            LayerRef own = new LayerRef(previous, cutoff, 5);
            heads.add(
                    new SnapshotHead(
                            "b", cutoff, previous, List.of(first, own), 5, 5L * i, cutoff));
            previous = cutoff;
        }
        return heads;
    }
}
