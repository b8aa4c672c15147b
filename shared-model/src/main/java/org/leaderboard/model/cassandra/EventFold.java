package org.leaderboard.model.cassandra;

import java.util.ArrayList;
import java.util.List;
import org.leaderboard.model.tally.Tallies;

/**
 * The fold of the events of a time range: per-user tallies, how many events and partitions were
 * read, and the digest of every partition that held events (what the fold saw of it).
 */
public record EventFold(
        Tallies tallies, long events, int partitions, List<PartitionDigest> digests) {

    public EventFold(Tallies tallies, long events, int partitions) {
        this(tallies, events, partitions, List.of());
    }

    /** Merges partition folds into one (the tally monoid makes the order irrelevant). */
    public static EventFold sum(List<EventFold> folds) {
        Tallies tallies = new Tallies();
        long events = 0;
        int partitions = 0;
        List<PartitionDigest> digests = new ArrayList<>();
        for (EventFold fold : folds) {
            tallies.addAll(fold.tallies);
            events += fold.events;
            partitions += fold.partitions;
            digests.addAll(fold.digests);
        }
        return new EventFold(tallies, events, partitions, digests);
    }
}
