package org.leaderboard.query.query;

import java.util.Collection;
import org.apache.datasketches.hll.HllSketch;

/** Where a query finds the snapshot's distinct-voter sketch of a user it shows. */
interface VoterLookup {

    /** No sketches: entries count the tail's voters only (for tests of the ranking). */
    VoterLookup NONE =
            new VoterLookup() {
                @Override
                public void prefetch(Collection<String> users) {}

                @Override
                public HllSketch sketch(String user) {
                    return null;
                }
            };

    /** Loads the sketches of these users at once, so that {@link #sketch} then finds them. */
    void prefetch(Collection<String> users);

    HllSketch sketch(String user);
}
