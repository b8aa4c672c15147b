package org.leaderboard.query.query;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Query latency by kind, and tail length: a growing tail means snapshots are falling behind, and
 * every query pays for it.
 */
@Component
class QueryMetrics {

    /** A snapshot read from all its layers. */
    static final String WHOLE = "whole";

    /** A newer head reached by reading only its new layers. */
    static final String LAYERS = "layers";

    /** A newer head reached by folding the events between the cutoffs. */
    static final String EVENTS = "events";

    private final Timer top;
    private final Timer user;
    private final DistributionSummary tailEvents;
    private final DistributionSummary tailRowsSent;
    private final Counter tailRereads;
    private final Counter tailCounts;
    private final Counter tailLateEvents;
    private final Counter feedReads;
    private final Counter storeReadsBeside;
    private final Timer readTail;
    private final Timer readRank;
    private final MeterRegistry registry;

    QueryMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.top = queryTimer(registry, "top");
        this.user = queryTimer(registry, "user");
        this.tailEvents =
                DistributionSummary.builder("leaderboard.tail.events")
                        .description("Events after the snapshot cutoff replayed by one query")
                        .baseUnit("events")
                        .register(registry);
        this.tailRowsSent =
                DistributionSummary.builder("leaderboard.tail.rows.sent")
                        .description(
                                "Tail rows sent by the replicas for one shared strong read (the"
                                        + " rest of the tail is held)")
                        .baseUnit("rows")
                        .register(registry);
        this.tailRereads =
                Counter.builder("leaderboard.tail.rereads")
                        .description(
                                "Held tail ranges read again because their count differed"
                                        + " (query.tail.count-held-rows only)")
                        .register(registry);
        this.feedReads =
                Counter.builder("leaderboard.tail.feed.reads")
                        .description(
                                "Shared strong reads answered from the writers' feeds, without"
                                        + " reading the store")
                        .register(registry);
        this.storeReadsBeside =
                Counter.builder("leaderboard.tail.store.reads.beside")
                        .description(
                                "Periodic reads of the store that ran beside the reads answered"
                                        + " from the writers' feeds, instead of holding them")
                        .register(registry);
        this.tailCounts =
                Counter.builder("leaderboard.tail.counts")
                        .description(
                                "Held tail ranges counted (count(*)), with"
                                        + " query.tail.count-held-rows only")
                        .register(registry);
        this.tailLateEvents =
                Counter.builder("leaderboard.tail.late.events")
                        .description(
                                "Events read by key because a writer's late mark named them (a"
                                        + " vote stored late, inside its write window)")
                        .register(registry);
        this.readTail = readPhase(registry, "tail");
        this.readRank = readPhase(registry, "rank");
    }

    /**
     * Where a shared strong read's time goes: {@code tail}, from its start until its tail rows and
     * the newest head are in (the replicas' round trips, and the rows folded as they arrive);
     * {@code rank}, ranking what the read added and merging it for the answer. A query's time
     * beyond these is its wait for the read to start, and HTTP.
     */
    private static Timer readPhase(MeterRegistry registry, String phase) {
        return Timer.builder("leaderboard.strong.read")
                .description("Time of one phase of a shared strong read (tail, rank)")
                .tag("phase", phase)
                .register(registry);
    }

    private static Timer queryTimer(MeterRegistry registry, String type) {
        return Timer.builder("leaderboard.query")
                .description("Time to answer a leaderboard query")
                .tag("type", type)
                .register(registry);
    }

    /** A snapshot was loaded, {@code how}: {@link #WHOLE}, {@link #LAYERS} or {@link #EVENTS}. */
    void snapshotLoaded(String how) {
        Counter.builder("leaderboard.snapshot.loads")
                .description(
                        "Snapshots loaded: whole (every layer read), or a newer head reached from"
                                + " the cached one by its new layers or by the events in between")
                .tag("how", how)
                .register(registry)
                .increment();
    }

    /**
     * A newer head, ranked with its tail apart from the reads, was taken up at {@code takenUp}
     * (nanos); how long each step took: {@code snapshot}, its snapshot loaded and ranked (the new
     * layers read, or the events in between folded); {@code tail}, the tail ranked again on it and
     * caught up with the reads meanwhile; {@code wait}, until a read took it up.
     */
    void headRankedApart(BoardReader.HeadTakeUp took, long takenUp) {
        Counter.builder("leaderboard.snapshot.heads.ranked.apart")
                .description(
                        "Newer snapshot heads taken up after being ranked with their tail apart"
                                + " from the reads, which went on from the head held meanwhile")
                .register(registry)
                .increment();
        headStep("snapshot", took.snapshotReady() - took.started());
        headStep("tail", took.ranked() - took.snapshotReady());
        headStep("wait", takenUp - took.ranked());
    }

    private void headStep(String step, long nanos) {
        Timer.builder("leaderboard.snapshot.head.take.up")
                .description(
                        "Time of one step of taking up a newer head ranked apart from the reads"
                                + " (snapshot, tail, wait)")
                .tag("step", step)
                .register(registry)
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    <T> T timeTop(Supplier<T> query) {
        return top.record(query);
    }

    <T> T timeUser(Supplier<T> query) {
        return user.record(query);
    }

    void tailRead(long events) {
        tailEvents.record(events);
    }

    /**
     * A shared strong read: the tail's events, the rows sent, the held ranges counted and read
     * again, and how long its phases took.
     */
    void tailRead(LiveTail.Read read, long startedNanos, long tailNanos, long rankedNanos) {
        readTail.record(tailNanos - startedNanos, TimeUnit.NANOSECONDS);
        readRank.record(rankedNanos - tailNanos, TimeUnit.NANOSECONDS);
        tailEvents.record(read.events());
        tailRowsSent.record(read.rowsSent());
        tailCounts.increment(read.counted());
        tailRereads.increment(read.rereads());
        tailLateEvents.increment(read.lateRead());
    }

    /** A periodic read of the store that ran beside the feeds' reads, taken in. */
    void storeReadBeside() {
        storeReadsBeside.increment();
    }

    /** A shared strong read answered from the writers' feeds. */
    void feedRead() {
        feedReads.increment();
    }
}
