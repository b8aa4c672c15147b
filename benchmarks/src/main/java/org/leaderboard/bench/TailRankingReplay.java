package org.leaderboard.bench;

import com.sun.management.ThreadMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.cassandra.PackedLayer;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.query.rank.MergedStandings;
import org.leaderboard.query.rank.RankedSnapshot;
import org.leaderboard.query.rank.TailRanking;
import org.leaderboard.query.rank.TailRows;

/**
 * Scenario 7: the query service's tail ranking alone, in the harness's own JVM, before anything
 * else starts: no Cassandra, no HTTP, no other process on the cores. It replays what the service's
 * reading thread does at 5,000 votes/s on the largest board, as scenario 6 measured it: a snapshot
 * of that many users and a tail of 30% of them; then a read every 11.4 ms (88 shared strong reads a
 * second), each bringing 57 new votes per million users. As in the service, the newest rows are
 * held (sent again at every read, 255 per million users), rows older than those wait as the pending
 * part, and the pending part is taken into a new version of the ranking once it holds 128 users or
 * 100 ms have passed; every read ranks the held and pending rows on top of the newest version and
 * reads a top-100 and one user's place from the answer. Then it takes up newer heads as the service
 * does once a minute at that rate: the newer snapshot's ranking built from the held one plus a
 * minute's layer, and the tail ranked again on it, as the parts the service holds it in. What it
 * measures (the CPU a read and a version take, the reading thread's share of a core, the bytes they
 * allocate, the collector's share) is what the full scenario cannot separate from the machine's
 * noise, so that two versions of the ranking code can be compared run against run.
 */
final class TailRankingReplay {

    static final String NAME = "7 tail ranking alone";

    /** Shared strong reads a second at 5,000 votes/s in scenario 6 (a caller's closed loop). */
    private static final double READS_PER_SECOND = 88;

    /** As the query service: pending rows are taken in at this many users, or after 100 ms. */
    private static final int MAX_PENDING = 128;

    private static final double FOLD_EVERY_MILLIS = 100;

    private final int users;
    private final int tailUsers;
    private final int votesPerRead;
    private final int heldRows;
    private final int maxPending;
    private final int reads;
    private final boolean quick;

    TailRankingReplay(BenchOptions options) {
        this.users = Collections.max(options.users());
        this.tailUsers = users * 3 / 10;
        this.votesPerRead = Math.max(1, (int) Math.round(5_000 * (users / 1e6) / READS_PER_SECOND));
        this.heldRows = Math.max(1, (int) Math.round(255 * (users / 1e6)));
        this.maxPending = Math.max(2, (int) Math.round(MAX_PENDING * (users / 1e6)));
        this.quick = options.quick();
        this.reads = quick ? 90 : 3_000;
    }

    List<Figure> run() {
        Progress.say(
                String.format(
                        "tail ranking alone: %,d users, a %,d-user tail, %.0f reads a second with"
                                + " %,d new votes each, %,d held rows sent again, versions at"
                                + " %,d users or %.0f ms",
                        users,
                        tailUsers,
                        READS_PER_SECOND,
                        votesPerRead,
                        heldRows,
                        maxPending,
                        FOLD_EVERY_MILLIS));
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
        replay.reads(reads / 3);
        Progress.say(String.format("  measuring %,d reads ...", reads));
        Sample sample = replay.reads(reads);
        Progress.say("  reads measured; newer heads taken up next ...");
        String note =
                String.format(
                        "mean of %,d reads after %,d unmeasured (%,d versions of %.0f users on"
                                + " average), the tail grown to %,d users; CPU of the replaying"
                                + " thread",
                        reads,
                        reads / 3,
                        sample.versions(),
                        sample.usersPerVersion(),
                        replay.ranking.tailUsers());
        replay = null;
        base = null;
        TakeUp takeUp = takeUps(random);
        String takeUpNote =
                String.format(
                        "a %,d-user snapshot with voter sketches, a layer of %,d votes (its"
                                + " stored blocks decoded in the snapshot's step), a tail of %,d"
                                + " votes in %d parts; mean of %d after %d unmeasured; CPU of the"
                                + " replaying thread",
                        users,
                        minuteVotes(),
                        tailVotes(),
                        TAIL_PARTS,
                        takeUpRounds(),
                        takeUpRounds() / 2);
        List<Figure> figures =
                List.of(
                        Figure.plain(
                                NAME,
                                String.format(
                                        "read: %,d held rows and the pending ones ranked on top,"
                                                + " a top-100 and a user's place",
                                        heldRows),
                                "ms",
                                null,
                                sample.readMillis(),
                                note),
                        Figure.plain(
                                NAME,
                                "new version: the pending users taken in",
                                "ms",
                                null,
                                sample.versionMillis(),
                                note),
                        Figure.plain(
                                NAME,
                                String.format(
                                        "the reading thread's CPU, reads and versions, at %.0f"
                                                + " reads a second",
                                        READS_PER_SECOND),
                                "% of a core",
                                null,
                                sample.corePercent(),
                                note),
                        Figure.plain(
                                NAME,
                                "allocated per read, its share of versions included",
                                "MB",
                                null,
                                sample.allocatedMegabytes(),
                                note),
                        Figure.plain(
                                NAME,
                                "a newer head's snapshot ranked: the held one plus a minute's layer"
                                        + " as stored",
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
                                "allocated by a newer head's snapshot ranking",
                                "MB",
                                null,
                                takeUp.snapshotMegabytes(),
                                takeUpNote),
                        Figure.plain(
                                NAME,
                                "allocated by the tail ranked again on the newer head",
                                "MB",
                                null,
                                takeUp.tailMegabytes(),
                                takeUpNote),
                        Figure.plain(
                                NAME,
                                "a user's standing on the tail ranked again: its place and five"
                                        + " neighbours each side",
                                "microseconds",
                                null,
                                takeUp.standingMicros(),
                                String.format(
                                        "the tail of %,d votes ranked on the last newer head"
                                                + " taken up; mean of %,d random users after as"
                                                + " many unmeasured, distinct voters included;"
                                                + " CPU of the replaying thread",
                                        tailVotes(), standings())),
                        Figure.plain(
                                NAME,
                                "a user's standing as a read answers it: the same with the held"
                                        + " rows on top",
                                "microseconds",
                                null,
                                takeUp.standingOnTopMicros(),
                                String.format(
                                        "%,d held votes ranked on top of the tail ranked again,"
                                                + " as a bounded-staleness view holds it; mean of"
                                                + " %,d random users after as many unmeasured,"
                                                + " distinct voters included; CPU of the"
                                                + " replaying thread",
                                        heldRows, standings())),
                        Figure.plain(
                                NAME,
                                "garbage collection pauses, share of the replay's time",
                                "%",
                                null,
                                sample.collectedPercent(),
                                "the JVM's collectors' time over the wall time"));
        Progress.say(
                String.format(
                        "tail ranking alone: %.2f ms a read, %.2f ms a version, %.1f%% of a core,"
                                + " %.2f MB a read, collections %.1f%% of the time; a newer head"
                                + " taken up: %.0f ms its snapshot, %.0f ms the tail on it"
                                + " (%.0f and %.0f MB allocated), %.1f microseconds a standing"
                                + " on it, %.1f with the held rows on top",
                        sample.readMillis(),
                        sample.versionMillis(),
                        sample.corePercent(),
                        sample.allocatedMegabytes(),
                        sample.collectedPercent(),
                        takeUp.snapshotMillis(),
                        takeUp.tailMillis(),
                        takeUp.snapshotMegabytes(),
                        takeUp.tailMegabytes(),
                        takeUp.standingMicros(),
                        takeUp.standingOnTopMicros()));
        return figures;
    }

    /** A minute's layer at 5,000 votes/s on a 1M-user board: 300,000 votes. */
    private int minuteVotes() {
        return users * 3 / 10;
    }

    /**
     * The parts the service holds a tail in when it takes up a newer head: a slice a second of each
     * of the board's 8 shards, over the 70 seconds from the newer snapshot's cutoff.
     */
    private static final int TAIL_PARTS = 8 * 70;

    /** The tail when a newer head is taken up: 350,000 votes on a 1M-user board. */
    private int tailVotes() {
        return users * 35 / 100;
    }

    private int takeUpRounds() {
        return quick ? 2 : 6;
    }

    /** Standings asked of the last version taken up (fewer in the quick run). */
    private int standings() {
        return quick ? 2_000 : 100_000;
    }

    /**
     * @param standingMicros a user's standing read from the last version taken up (a
     *     bounded-staleness view's answer): the user's place and five neighbours each side, with
     *     their distinct voters
     */
    private record TakeUp(
            double snapshotMillis,
            double tailMillis,
            double snapshotMegabytes,
            double tailMegabytes,
            double standingMicros,
            double standingOnTopMicros) {}

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
        long thread = Thread.currentThread().getId();
        long snapshotNanos = 0;
        long tailNanos = 0;
        long snapshotBytes = 0;
        long tailBytes = 0;
        TailRanking onTail = null;
        for (int round = 0; round < unmeasured + rounds; round++) {
            // The layer in its stored form, as the service reads it back; the tail's sketches in
            // theirs, as the service holds its tail.
            PackedLayer layer =
                    PackedLayer.of(
                            votesWithVoters(random, minuteVotes()).packVoters(),
                            BoardSettings.DEFAULT_CHUNKS);
            List<TailRows> parts = new ArrayList<>(TAIL_PARTS);
            for (int part = 0; part < TAIL_PARTS; part++) {
                parts.add(
                        TailRows.of(
                                votesWithVoters(random, tailVotes() / TAIL_PARTS).packVoters()));
            }
            TailRows tail = TailRows.of(parts);
            long allocated = threads.getThreadAllocatedBytes(thread);
            long cpu = threads.getCurrentThreadCpuTime();
            RankedSnapshot newer = held.plus(layer);
            long ranked = threads.getCurrentThreadCpuTime();
            long allocatedRanked = threads.getThreadAllocatedBytes(thread);
            TailRanking onNewer = TailRanking.of(newer, tail);
            long done = threads.getCurrentThreadCpuTime();
            long allocatedDone = threads.getThreadAllocatedBytes(thread);
            if (onNewer.tailUsers() == 0) {
                throw new IllegalStateException("no tail ranked");
            }
            if (round >= unmeasured) {
                snapshotNanos += ranked - cpu;
                tailNanos += done - ranked;
                snapshotBytes += allocatedRanked - allocated;
                tailBytes += allocatedDone - allocatedRanked;
            }
            held = newer;
            onTail = onNewer;
        }
        return new TakeUp(
                snapshotNanos / 1e6 / rounds,
                tailNanos / 1e6 / rounds,
                snapshotBytes / 1e6 / rounds,
                tailBytes / 1e6 / rounds,
                standingMicros(onTail.standings()),
                standingMicros(onTail.standingsWith(heldVotes(new Random(11)))));
    }

    /**
     * The CPU of a standing of a random user (its place and five neighbours each side, as a
     * bounded-staleness view answers {@code around=5}) on {@code ranking}, in microseconds: the
     * mean of {@link #standings()} after as many unmeasured. A standing shows users the tail
     * changed and users it did not, each with its distinct voters from the sketches.
     */
    private double standingMicros(MergedStandings standings) {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        Random random = new Random(7);
        long cpu = 0;
        for (int round = 0; round < 2; round++) {
            long before = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < standings(); i++) {
                String user = user(random.nextInt(users));
                if (standings.standingOf(user, 5).map(s -> s.entries().size()).orElse(11) > 11) {
                    throw new IllegalStateException("a standing of more than eleven entries");
                }
            }
            cpu = threads.getCurrentThreadCpuTime() - before;
        }
        return cpu / 1e3 / standings();
    }

    /** The held rows a read sends again every time, as votes of random users (a fresh part). */
    private Tallies heldVotes(Random random) {
        Tallies held = new Tallies();
        for (int v = 0; v < heldRows; v++) {
            held.addVote(user(random.nextInt(users)), "voter-" + random.nextInt(1_000_000), 1);
        }
        return held;
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
            double readMillis,
            double versionMillis,
            int versions,
            double usersPerVersion,
            double corePercent,
            double allocatedMegabytes,
            double collectedPercent) {}

    /**
     * The ranking as the versions leave it, the rows held and pending as a reading thread holds
     * them, and the virtual time the reads are at.
     */
    private final class Replay {
        TailRanking ranking;
        final Random random;
        final ArrayDeque<String[]> held = new ArrayDeque<>();
        Tallies pending = new Tallies();
        double millis;
        double foldedAt;

        Replay(TailRanking ranking, Random random) {
            this.ranking = ranking;
            this.random = random;
        }

        Sample reads(int count) {
            ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
            long thread = Thread.currentThread().getId();
            long allocatedBefore = threads.getThreadAllocatedBytes(thread);
            long collectedBefore = collectionMillis();
            long started = System.nanoTime();
            long versionNanos = 0;
            long readNanos = 0;
            int versions = 0;
            long versionUsers = 0;
            for (int r = 0; r < count; r++) {
                millis += 1_000 / READS_PER_SECOND;
                for (int v = 0; v < votesPerRead; v++) {
                    held.addLast(
                            new String[] {
                                user(random.nextInt(users)), "voter-" + random.nextInt(1_000_000)
                            });
                }
                while (held.size() > heldRows) {
                    String[] vote = held.removeFirst();
                    pending.addVote(vote[0], vote[1], 1);
                }
                Tallies onTop = new Tallies();
                for (String[] vote : held) {
                    onTop.addVote(vote[0], vote[1], 1);
                }
                long cpu = threads.getCurrentThreadCpuTime();
                if (millis - foldedAt >= FOLD_EVERY_MILLIS || pending.users() >= maxPending) {
                    versionUsers += pending.users();
                    ranking = ranking.plus(pending);
                    pending = new Tallies();
                    foldedAt = millis;
                    versions++;
                    long versioned = threads.getCurrentThreadCpuTime();
                    versionNanos += versioned - cpu;
                    cpu = versioned;
                }
                onTop.addAll(pending);
                MergedStandings standings = ranking.standingsWith(onTop);
                if (standings.page(0, 100).size() != Math.min(100, standings.totalUsers())) {
                    throw new IllegalStateException("a short top-100");
                }
                standings.positionOf(user(random.nextInt(users)));
                readNanos += threads.getCurrentThreadCpuTime() - cpu;
            }
            double wallMillis = (System.nanoTime() - started) / 1e6;
            double virtualMillis = count * 1_000 / READS_PER_SECOND;
            return new Sample(
                    readNanos / 1e6 / count,
                    versions == 0 ? 0 : versionNanos / 1e6 / versions,
                    versions,
                    versions == 0 ? 0 : (double) versionUsers / versions,
                    100 * (readNanos + versionNanos) / 1e6 / virtualMillis,
                    (threads.getThreadAllocatedBytes(thread) - allocatedBefore) / 1e6 / count,
                    100.0 * (collectionMillis() - collectedBefore) / wallMillis);
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
