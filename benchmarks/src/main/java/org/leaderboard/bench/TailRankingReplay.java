package org.leaderboard.bench;

import com.sun.management.ThreadMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.query.rank.MergedStandings;
import org.leaderboard.query.rank.RankedSnapshot;
import org.leaderboard.query.rank.TailRanking;

/**
 * Scenario 7: the query service's tail ranking alone, in the harness's own JVM, before anything
 * else starts: no Cassandra, no HTTP, no other process on the cores. It replays the shape of
 * scenario 6 at 5,000 votes/s on the largest board: a snapshot of that many users, a tail of 30% of
 * them, a new version of the ranking ten times a second with 500 users per million, and two reads
 * per version, each with 700 fresh users per million ranked on top and a top-100 and one user's
 * place read from the answer. Then it takes up newer heads as the service does once a minute at
 * that rate: the newer snapshot's ranking built from the held one plus a minute's layer, and the
 * tail ranked again on it. What it measures (the CPU a version and a read take, the bytes they
 * allocate, the collector's share) is what the full scenario cannot separate from the machine's
 * noise, so that two versions of the ranking code can be compared run against run.
 */
final class TailRankingReplay {

    static final String NAME = "7 tail ranking alone";

    private final int users;
    private final int tailUsers;
    private final int perVersion;
    private final int fresh;
    private final int versions;
    private final boolean quick;

    TailRankingReplay(BenchOptions options) {
        this.users = Collections.max(options.users());
        this.tailUsers = users * 3 / 10;
        this.perVersion = Math.max(1, users / 2_000);
        this.fresh = Math.max(1, users * 7 / 10_000);
        this.quick = options.quick();
        this.versions = quick ? 30 : 600;
    }

    List<Figure> run() {
        Progress.say(
                String.format(
                        "tail ranking alone: %,d users, a %,d-user tail, %,d users a version,"
                                + " %,d fresh users a read",
                        users, tailUsers, perVersion, fresh));
        Random random = new Random(42);
        Map<String, Tally> snapshot = new HashMap<>();
        for (int i = 0; i < users; i++) {
            // Few distinct scores, most users low: ties are common, as on a real board.
            snapshot.put(user(i), Tally.of(1 + (long) (50 * Math.pow(random.nextDouble(), 3))));
        }
        RankedSnapshot base = RankedSnapshot.of(ScoreKind.SUM, snapshot, user -> null);
        snapshot = null;
        Tallies tail = new Tallies();
        for (int i = 0; i < tailUsers; i++) {
            tail.add(user(random.nextInt(users)), Tally.of(1));
        }
        Replay replay = new Replay(TailRanking.of(base).plus(tail), random);
        replay.versions(versions / 3);
        Sample sample = replay.versions(versions);
        String note =
                String.format(
                        "mean of %d versions after %d unmeasured, the tail grown to %,d users;"
                                + " CPU of the replaying thread",
                        versions, versions / 3, replay.ranking.tailUsers());
        replay = null;
        base = null;
        TakeUp takeUp = takeUps(random);
        String takeUpNote =
                String.format(
                        "a %,d-user snapshot with voter sketches, a layer of %,d votes, a tail of"
                                + " %,d votes; mean of %d after %d unmeasured; CPU of the replaying"
                                + " thread",
                        users, minuteVotes(), tailVotes(), takeUpRounds(), takeUpRounds() / 2);
        List<Figure> figures =
                List.of(
                        Figure.plain(
                                NAME,
                                String.format("new version, %,d users into the tail", perVersion),
                                "ms",
                                null,
                                sample.plusMillis(),
                                note),
                        Figure.plain(
                                NAME,
                                String.format(
                                        "read, %,d fresh users on top, top-100 and a user's place",
                                        fresh),
                                "ms",
                                null,
                                sample.readMillis(),
                                note),
                        Figure.plain(
                                NAME,
                                "allocated per version, its two reads included",
                                "MB",
                                null,
                                sample.allocatedMegabytes(),
                                note),
                        Figure.plain(
                                NAME,
                                "a newer head's snapshot ranked: the held one plus a minute's layer",
                                "ms",
                                null,
                                takeUp.snapshotMillis(),
                                takeUpNote),
                        Figure.plain(
                                NAME,
                                "the tail ranked again on the newer head",
                                "ms",
                                null,
                                takeUp.tailMillis(),
                                takeUpNote),
                        Figure.plain(
                                NAME,
                                "garbage collection pauses, share of the replay's time",
                                "%",
                                null,
                                sample.collectedPercent(),
                                "the JVM's collectors' time over the wall time"));
        Progress.say(
                String.format(
                        "tail ranking alone: %.2f ms a version, %.2f ms a read, %.1f MB a version,"
                                + " collections %.1f%% of the time; a newer head taken up: %.0f ms"
                                + " its snapshot, %.0f ms the tail on it",
                        sample.plusMillis(),
                        sample.readMillis(),
                        sample.allocatedMegabytes(),
                        sample.collectedPercent(),
                        takeUp.snapshotMillis(),
                        takeUp.tailMillis()));
        return figures;
    }

    /** A minute's layer at 5,000 votes/s on a 1M-user board: 300,000 votes. */
    private int minuteVotes() {
        return users * 3 / 10;
    }

    /** The tail when a newer head is taken up: 350,000 votes on a 1M-user board. */
    private int tailVotes() {
        return users * 35 / 100;
    }

    private int takeUpRounds() {
        return quick ? 2 : 6;
    }

    private record TakeUp(double snapshotMillis, double tailMillis) {}

    /**
     * A newer head taken up, as the query service does once a minute on a board at 5,000 votes/s
     * with 60 s buckets: the newer snapshot's ranking built from the held one plus the layer
     * written since (voter sketches merged), then the tail from its cutoff ranked on it. The
     * snapshot here has a voter sketch per user, as a real one has; each round's head becomes the
     * next round's held one.
     */
    private TakeUp takeUps(Random random) {
        Tallies start = new Tallies();
        for (int i = 0; i < users; i++) {
            start.addVote(user(i), "voter-" + random.nextInt(1_000), 1 + random.nextInt(3));
        }
        RankedSnapshot held = RankedSnapshot.of(ScoreKind.SUM, start);
        start = null;
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        int rounds = takeUpRounds();
        int unmeasured = rounds / 2;
        long snapshotNanos = 0;
        long tailNanos = 0;
        for (int round = 0; round < unmeasured + rounds; round++) {
            Tallies layer = votesWithVoters(random, minuteVotes());
            Tallies tail = votesWithVoters(random, tailVotes());
            long cpu = threads.getCurrentThreadCpuTime();
            RankedSnapshot newer = held.plus(layer.asMap(), layer::voters);
            long ranked = threads.getCurrentThreadCpuTime();
            TailRanking onNewer = TailRanking.of(newer, tail);
            long done = threads.getCurrentThreadCpuTime();
            if (onNewer.tailUsers() == 0) {
                throw new IllegalStateException("no tail ranked");
            }
            if (round >= unmeasured) {
                snapshotNanos += ranked - cpu;
                tailNanos += done - ranked;
            }
            held = newer;
        }
        return new TakeUp(snapshotNanos / 1e6 / rounds, tailNanos / 1e6 / rounds);
    }

    private Tallies votesWithVoters(Random random, int votes) {
        Tallies tallies = new Tallies();
        for (int v = 0; v < votes; v++) {
            tallies.addVote(
                    user(random.nextInt(users)),
                    "voter-" + random.nextInt(1_000),
                    1 + random.nextInt(3));
        }
        return tallies;
    }

    private static String user(int i) {
        return "user-" + i;
    }

    private record Sample(
            double plusMillis,
            double readMillis,
            double allocatedMegabytes,
            double collectedPercent) {}

    /** The ranking as the versions leave it, and what replaying them measured. */
    private final class Replay {
        TailRanking ranking;
        final Random random;

        Replay(TailRanking ranking, Random random) {
            this.ranking = ranking;
            this.random = random;
        }

        Sample versions(int count) {
            ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
            long thread = Thread.currentThread().getId();
            long allocatedBefore = threads.getThreadAllocatedBytes(thread);
            long collectedBefore = collectionMillis();
            long started = System.nanoTime();
            long plusNanos = 0;
            long readNanos = 0;
            for (int v = 0; v < count; v++) {
                Tallies delta = randomVotes(perVersion);
                long cpu = threads.getCurrentThreadCpuTime();
                ranking = ranking.plus(delta);
                plusNanos += threads.getCurrentThreadCpuTime() - cpu;
                for (int read = 0; read < 2; read++) {
                    Tallies onTop = randomVotes(fresh);
                    cpu = threads.getCurrentThreadCpuTime();
                    MergedStandings standings = ranking.standingsWith(onTop);
                    if (standings.page(0, 100).size() != Math.min(100, standings.totalUsers())) {
                        throw new IllegalStateException("a short top-100");
                    }
                    standings.positionOf(user(random.nextInt(users)));
                    readNanos += threads.getCurrentThreadCpuTime() - cpu;
                }
            }
            double wallMillis = (System.nanoTime() - started) / 1e6;
            return new Sample(
                    plusNanos / 1e6 / count,
                    readNanos / 1e6 / count / 2,
                    (threads.getThreadAllocatedBytes(thread) - allocatedBefore) / 1e6 / count,
                    100.0 * (collectionMillis() - collectedBefore) / wallMillis);
        }

        private Tallies randomVotes(int count) {
            Tallies votes = new Tallies();
            for (int i = 0; i < count; i++) {
                votes.add(user(random.nextInt(users)), Tally.of(1));
            }
            return votes;
        }
    }

    private static long collectionMillis() {
        long millis = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            millis += Math.max(0, collector.getCollectionTime());
        }
        return millis;
    }
}
