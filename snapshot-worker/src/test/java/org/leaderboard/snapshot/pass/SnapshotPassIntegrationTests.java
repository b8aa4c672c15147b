package org.leaderboard.snapshot.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.leaderboard.snapshot.pass.SnapshotFixture.countBetween;
import static org.leaderboard.snapshot.pass.SnapshotFixture.naiveFold;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.UniqueVotes;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.model.cassandra.EventFolds;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.snapshot.pass.PassResult.Outcome;
import org.leaderboard.snapshot.store.FoldedPartitionWriter;
import org.leaderboard.snapshot.store.SnapshotWriter;
import org.leaderboard.testsupport.TestClock;

class SnapshotPassIntegrationTests {

    /** Board creation; with a 60 s window and 60 s buckets its epoch is T0 - 2 min. */
    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

    private static final SnapshotFixture fixture = new SnapshotFixture("snapshot_pass");

    @AfterAll
    static void close() {
        fixture.close();
    }

    @Test
    void aPassFoldsExactlyTheEventsBeforeTheCutoffInSteps() {
        BoardSettings board = board("first-pass");
        List<VoteCastEvent> votes =
                new Votes(board.board(), 1).between(minute(-2), minute(30), 400, 30);
        fixture.insert(board, votes);

        // 00:15:30 - 60 s window - 10 s margin = 00:14:20, floored to 00:14:00.
        PassResult result =
                fixture.pass(TestClock.stoppedAt(minute(15).plusSeconds(30))).run(board);

        Instant cutoff = minute(14);
        assertThat(result.outcome()).isEqualTo(Outcome.ADVANCED);
        assertThat(result.previousCutoff()).isEqualTo(board.epoch()).isEqualTo(minute(-2));
        assertThat(result.newCutoff()).isEqualTo(cutoff);
        assertThat(result.eventsRead()).isEqualTo(countBetween(votes, minute(-2), cutoff));
        // 16 buckets x 4 shards, nothing at or after the cutoff.
        assertThat(result.partitionsRead()).isEqualTo(64);
        // Steps of 3 buckets: -2, 1, 4, 7, 10, 13, 14.
        assertThat(result.headsWritten()).isEqualTo(6);
        assertThat(result.merges()).isPositive();

        SnapshotHead head = fixture.snapshots.latestHead(board.board()).orElseThrow();
        assertThat(head.cutoff()).isEqualTo(cutoff);
        assertThat(head.totalEvents()).isEqualTo(result.eventsRead());
        assertThat(fixture.content(board, head)).isEqualTo(naiveFold(votes, cutoff));
        assertThat(fixture.content(board, head)).isNotEqualTo(naiveFold(votes, minute(31)));
        assertChain(head, board.epoch());
        // What the fold saw of each partition is stored, for late retries to compare with.
        long digestedEvents = 0;
        for (var row :
                fixture.session.execute(
                        "SELECT bucket, events FROM folded_partitions WHERE board = ?"
                                + " ALLOW FILTERING",
                        board.board())) {
            assertThat(row.getInstant("bucket")).isBefore(cutoff);
            digestedEvents += row.getLong("events");
        }
        assertThat(digestedEvents).isEqualTo(result.eventsRead());
    }

    @Test
    void everyHeadOfAPassIsACompleteSnapshotAtItsCutoff() {
        BoardSettings board = board("every-head");
        List<VoteCastEvent> votes =
                new Votes(board.board(), 2).between(minute(-2), minute(20), 300, 25);
        fixture.insert(board, votes);

        fixture.pass(TestClock.stoppedAt(minute(20))).run(board);

        List<SnapshotHead> heads = fixture.snapshots.heads(board.board());
        assertThat(heads).extracting(SnapshotHead::cutoff).contains(minute(1), minute(18));
        for (SnapshotHead head : heads) {
            assertThat(fixture.content(board, head)).isEqualTo(naiveFold(votes, head.cutoff()));
            assertThat(head.layers()).hasSizeLessThanOrEqualTo(12);
            assertChain(head, board.epoch());
        }
    }

    @Test
    void aSecondPassReadsOnlyTheEventsAfterThePreviousCutoff() {
        BoardSettings board = board("incremental");
        Votes generator = new Votes(board.board(), 3);
        List<VoteCastEvent> votes =
                new ArrayList<>(generator.between(minute(-2), minute(12), 200, 20));
        fixture.insert(board, votes);
        TestClock clock = TestClock.stoppedAt(minute(11).plusSeconds(30));
        PassResult first = fixture.pass(clock).run(board);
        Instant firstCutoff = minute(10);
        assertThat(first.newCutoff()).isEqualTo(firstCutoff);

        List<VoteCastEvent> later = generator.between(minute(10), minute(18), 120, 40);
        fixture.insert(board, later);
        votes.addAll(later);
        clock.set(minute(19).plusSeconds(30));
        PassResult second = fixture.pass(clock).run(board);

        Instant secondCutoff = minute(18);
        long newEvents = countBetween(votes, firstCutoff, secondCutoff);
        assertThat(newEvents).isLessThan(votes.size());
        assertThat(second.previousCutoff()).isEqualTo(firstCutoff);
        assertThat(second.newCutoff()).isEqualTo(secondCutoff);
        assertThat(second.eventsRead()).isEqualTo(newEvents);
        assertThat(second.partitionsRead()).isEqualTo(8 * 4);
        List<SnapshotHead> newHeads =
                fixture.snapshots.heads(board.board()).stream()
                        .filter(head -> head.cutoff().isAfter(firstCutoff))
                        .toList();
        assertThat(newHeads.stream().mapToLong(SnapshotHead::eventsFolded).sum())
                .isEqualTo(newEvents);
        SnapshotHead head = fixture.snapshots.latestHead(board.board()).orElseThrow();
        assertThat(head.totalEvents()).isEqualTo(countBetween(votes, minute(-2), secondCutoff));
        assertThat(fixture.content(board, head)).isEqualTo(naiveFold(votes, secondCutoff));
    }

    @Test
    void aPassAtTheSafeCutoffAlreadyDoesNothing() {
        BoardSettings board = board("up-to-date");
        fixture.insert(board, new Votes(board.board(), 4).between(minute(-2), minute(5), 50, 5));
        TestClock clock = TestClock.stoppedAt(minute(6));
        fixture.pass(clock).run(board);
        List<SnapshotHead> before = fixture.snapshots.heads(board.board());

        clock.set(minute(6).plusSeconds(9)); // 00:04:59 is still in the 00:04 bucket
        PassResult again = fixture.pass(clock).run(board);

        assertThat(again.outcome()).isEqualTo(Outcome.UP_TO_DATE);
        assertThat(again.newCutoff()).isEqualTo(again.previousCutoff()).isEqualTo(minute(4));
        assertThat(again.eventsRead()).isZero();
        assertThat(again.partitionsRead()).isZero();
        assertThat(again.headsWritten()).isZero();
        assertThat(fixture.snapshots.heads(board.board())).isEqualTo(before);
    }

    /**
     * Votes, a quiet spell (heads advance with no new layer), then as many votes again: the new
     * layer merges with the one before the spell. This used to fail every pass of the board from
     * then on ("layers not adjacent"), so its snapshot never advanced again.
     */
    @Test
    void votesAfterAQuietSpellMergeWithTheLayerBeforeIt() {
        BoardSettings board = board("quiet-spell");
        Votes generator = new Votes(board.board(), 3);
        List<VoteCastEvent> votes =
                new ArrayList<>(generator.between(minute(-2), minute(2), 60, 10));
        fixture.insert(board, votes);
        TestClock clock = TestClock.stoppedAt(minute(3).plusSeconds(30));
        fixture.pass(clock).run(board);
        clock.set(minute(6).plusSeconds(30));
        PassResult quiet = fixture.pass(clock).run(board);
        assertThat(quiet.eventsRead()).isZero();
        assertThat(quiet.layersWritten()).isZero();

        List<VoteCastEvent> later = generator.between(minute(5), minute(7), 60, 10);
        fixture.insert(board, later);
        votes.addAll(later);
        clock.set(minute(8).plusSeconds(30));
        SnapshotPass pass = fixture.pass(clock);
        PassResult after = pass.run(board);
        // The head names the new layer beside the old one; the merge is done after it.
        assertThat(after.merges()).isZero();
        pass.awaitMerges();
        clock.set(minute(9).plusSeconds(30));
        PassResult next = pass.run(board);

        assertThat(after.outcome()).isEqualTo(PassResult.Outcome.ADVANCED);
        assertThat(next.merges()).isPositive();
        SnapshotHead head = fixture.snapshots.latestHead(board.board()).orElseThrow();
        assertThat(head.cutoff()).isEqualTo(minute(8));
        assertThat(head.layers()).hasSize(1);
        assertThat(fixture.content(board, head)).isEqualTo(naiveFold(votes, minute(8)));
    }

    /**
     * A step publishes its new events before any merge: its head names the chain it continued from
     * plus its delta, whatever the history behind them. The merges that chain calls for are stored
     * after the head, and the next head names them.
     */
    @Test
    void aHeadNamesItsNewEventsBeforeTheMergesTheyCallFor() {
        BoardSettings board = board("merge-after");
        Votes generator = new Votes(board.board(), 8);
        List<VoteCastEvent> votes =
                new ArrayList<>(generator.between(minute(-2), minute(1), 200, 20));
        fixture.insert(board, votes);
        // 00:02:10 - 60 s window - 10 s margin: one step, [-2, 1).
        TestClock clock = TestClock.stoppedAt(minute(2).plusSeconds(10));
        SnapshotPass pass = fixture.pass(clock);
        pass.run(board);
        pass.awaitMerges();
        List<LayerRef> history = fixture.snapshots.latestHead(board.board()).orElseThrow().layers();
        assertThat(history).hasSize(1);

        List<VoteCastEvent> later = generator.between(minute(1), minute(2), 200, 20);
        fixture.insert(board, later);
        votes.addAll(later);
        clock.set(minute(3).plusSeconds(10));
        PassResult published = pass.run(board);

        SnapshotHead head = fixture.snapshots.latestHead(board.board()).orElseThrow();
        assertThat(published.merges()).isZero();
        assertThat(head.cutoff()).isEqualTo(minute(2));
        assertThat(head.layers()).hasSize(2).startsWith(history.get(0));
        assertThat(head.layers().get(1).from()).isEqualTo(minute(1));
        assertThat(fixture.content(board, head)).isEqualTo(naiveFold(votes, minute(2)));

        pass.awaitMerges();
        clock.set(minute(4).plusSeconds(10));
        PassResult next = pass.run(board);

        SnapshotHead merged = fixture.snapshots.latestHead(board.board()).orElseThrow();
        assertThat(next.merges()).isEqualTo(1);
        assertThat(merged.cutoff()).isEqualTo(minute(3));
        assertThat(merged.layers())
                .containsExactly(
                        new LayerRef(minute(-2), minute(2), merged.layers().get(0).rows()));
        assertThat(fixture.content(board, merged)).isEqualTo(naiveFold(votes, minute(3)));
    }

    /**
     * Two workers continue the same committed chain: one prepared its merges after the head, the
     * other (a restarted process) finds none and merges in its step. Both commit the same head, as
     * concurrent workers must (a head's layers are one value; a mix would count layers twice).
     */
    @Test
    void aStepWithoutPreparedMergesCommitsTheSameHeadAsOneWithThem() {
        Votes generator = new Votes("any", 9);
        List<VoteCastEvent> first = generator.between(minute(-2), minute(2), 300, 20);
        List<VoteCastEvent> second = generator.between(minute(2), minute(4), 300, 20);
        TestClock clock = TestClock.stoppedAt(minute(3).plusSeconds(30));
        List<SnapshotHead> heads = new ArrayList<>();
        for (boolean restarted : new boolean[] {false, true}) {
            BoardSettings board = board(restarted ? "restarted" : "prepared");
            fixture.insert(board, onBoard(board, first));
            fixture.insert(board, onBoard(board, second));
            clock.set(minute(3).plusSeconds(30));
            SnapshotPass pass = fixture.pass(clock);
            pass.run(board);
            clock.set(minute(4).plusSeconds(30));
            pass.run(board);
            pass.awaitMerges();
            clock.set(minute(5).plusSeconds(30));
            PassResult last = (restarted ? fixture.pass(clock) : pass).run(board);
            assertThat(last.merges()).isPositive();
            heads.add(fixture.snapshots.latestHead(board.board()).orElseThrow());
        }

        assertThat(heads.get(1).layers()).isEqualTo(heads.get(0).layers());
        List<VoteCastEvent> all = new ArrayList<>(first);
        all.addAll(second);
        assertThat(fixture.content(board("restarted"), heads.get(1)))
                .isEqualTo(fixture.content(board("prepared"), heads.get(0)))
                .isEqualTo(naiveFold(all, minute(4)));
    }

    private static List<VoteCastEvent> onBoard(BoardSettings board, List<VoteCastEvent> votes) {
        return votes.stream()
                .map(
                        vote ->
                                new VoteCastEvent(
                                        vote.voteId(),
                                        board.board(),
                                        vote.user(),
                                        vote.voter(),
                                        vote.votes()))
                .toList();
    }

    @Test
    void aBoardWithoutEventsStillAdvancesItsCutoff() {
        BoardSettings board = board("empty");

        PassResult result = fixture.pass(TestClock.stoppedAt(minute(10))).run(board);

        SnapshotHead head = fixture.snapshots.latestHead(board.board()).orElseThrow();
        assertThat(head.cutoff()).isEqualTo(minute(8));
        assertThat(head.layers()).isEmpty();
        assertThat(head.totalEvents()).isZero();
        assertThat(result.layersWritten()).isZero();
        assertThat(result.headsWritten()).isEqualTo(4);
    }

    @Test
    void aPassKilledBeforeItsHeadLeavesTheLastCommittedSnapshotAndARerunCompletesIt() {
        BoardSettings board = board("killed");
        List<VoteCastEvent> votes =
                new Votes(board.board(), 5).between(minute(-2), minute(12), 200, 15);
        fixture.insert(board, votes);
        TestClock clock = TestClock.stoppedAt(minute(12));
        AtomicInteger layerStages = new AtomicInteger();
        SnapshotPass killed =
                fixture.pass(
                        clock,
                        new StopFlag(),
                        stage -> {
                            if (stage == Stage.LAYERS_WRITTEN
                                    && layerStages.incrementAndGet() == 2) {
                                throw new IllegalStateException("killed before the head");
                            }
                        });

        assertThatThrownBy(() -> killed.run(board)).hasMessage("killed before the head");
        SnapshotHead survivor = fixture.snapshots.latestHead(board.board()).orElseThrow();
        assertThat(survivor.cutoff()).isEqualTo(minute(1));
        assertThat(fixture.content(board, survivor)).isEqualTo(naiveFold(votes, minute(1)));

        PassResult rerun = fixture.pass(clock).run(board);

        assertThat(rerun.previousCutoff()).isEqualTo(minute(1));
        SnapshotHead head = fixture.snapshots.latestHead(board.board()).orElseThrow();
        assertThat(head.cutoff()).isEqualTo(minute(10));
        assertThat(fixture.content(board, head)).isEqualTo(naiveFold(votes, minute(10)));
    }

    @Test
    void aStopRequestEndsThePassBetweenSteps() {
        BoardSettings board = board("stopped");
        List<VoteCastEvent> votes =
                new Votes(board.board(), 6).between(minute(-2), minute(12), 100, 10);
        fixture.insert(board, votes);
        StopFlag stop = new StopFlag();
        TestClock clock = TestClock.stoppedAt(minute(12));
        SnapshotPass pass =
                fixture.pass(
                        clock,
                        stop,
                        stage -> {
                            if (stage == Stage.HEAD_WRITTEN) {
                                stop.stop();
                            }
                        });

        PassResult result = pass.run(board);

        assertThat(result.outcome()).isEqualTo(Outcome.STOPPED);
        assertThat(result.headsWritten()).isEqualTo(1);
        assertThat(result.newCutoff()).isEqualTo(minute(1));
        assertThat(fixture.snapshots.latestHead(board.board()).orElseThrow().cutoff())
                .isEqualTo(minute(1));
    }

    @Test
    void passesAreCountedByOutcomeAndFoldedEventsAreCounted() {
        BoardSettings board = board("metrics");
        List<VoteCastEvent> votes =
                new Votes(board.board(), 7).between(minute(-2), minute(5), 40, 5);
        fixture.insert(board, votes);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        TestClock clock = TestClock.stoppedAt(minute(6));
        SnapshotPass pass =
                new SnapshotPass(
                        EventFolds.on(fixture.session, Consistency.DEFAULT),
                        fixture.snapshots,
                        fixture.layers,
                        new SnapshotWriter(fixture.session, Consistency.DEFAULT),
                        new FoldedPartitionWriter(fixture.session, Consistency.DEFAULT),
                        clock,
                        SnapshotFixture.SETTINGS,
                        new StopFlag(),
                        meters);

        PassResult result = pass.run(board);
        pass.run(board);

        assertThat(meters.get("snapshot.events.folded").counter().count())
                .isEqualTo(result.eventsRead())
                .isEqualTo(countBetween(votes, minute(-2), minute(4)));
        assertThat(meters.get("snapshot.passes").tag("outcome", "ADVANCED").counter().count())
                .isEqualTo(1);
        assertThat(meters.get("snapshot.passes").tag("outcome", "UP_TO_DATE").counter().count())
                .isEqualTo(1);
        assertThat(meters.get("snapshot.pass.duration").timer().count()).isEqualTo(2);
    }

    /** The layers of a head cover [epoch, cutoff) without gaps or overlaps, oldest first. */
    private static void assertChain(SnapshotHead head, Instant epoch) {
        Instant expectedFrom = epoch;
        for (LayerRef layer : head.layers()) {
            assertThat(layer.from()).isAfterOrEqualTo(expectedFrom);
            assertThat(layer.to()).isAfter(layer.from());
            expectedFrom = layer.to();
        }
        assertThat(expectedFrom).isBeforeOrEqualTo(head.cutoff());
    }

    private static BoardSettings board(String name) {
        return fixture.createBoard(new BoardSettings(name, 60, UniqueVotes.NONE, 60, 4, 4, T0));
    }

    private static Instant minute(int minutes) {
        return T0.plusSeconds(60L * minutes);
    }
}
