package org.leaderboard.model.cassandra;

import java.util.List;
import org.leaderboard.model.tally.Tallies;

/**
 * The fold of the events of a time range: per-user tallies, and how many events and partitions were
 * read.
 */
public record EventFold(Tallies tallies, long events, int partitions) {

    /** Merges partition folds into one (the tally monoid makes the order irrelevant). */
    public static EventFold sum(List<EventFold> folds) {
        Tallies tallies = new Tallies();
        long events = 0;
        int partitions = 0;
        for (EventFold fold : folds) {
            tallies.addAll(fold.tallies);
            events += fold.events;
            partitions += fold.partitions;
        }
        return new EventFold(tallies, events, partitions);
    }
}
