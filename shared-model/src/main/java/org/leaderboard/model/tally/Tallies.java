package org.leaderboard.model.tally;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.datasketches.hll.HllSketch;

/**
 * Per-user tallies of one board, and per-user sketches of distinct voters, mutable while folding;
 * merge is the monoid's plus per user (and the sketches' union).
 *
 * <p>Sketches taken from another instance are never modified here: merging creates new ones, and a
 * vote's voter is added in place only to a sketch this instance created for it.
 */
public final class Tallies {

    private final Map<String, Tally> byUser;
    private final Map<String, HllSketch> voters;
    private final Set<HllSketch> owned = Collections.newSetFromMap(new IdentityHashMap<>());

    public Tallies() {
        this(new HashMap<>(), new HashMap<>());
    }

    /** Empty, sized for about {@code users} users (a layer read back, whose row count is known). */
    public static Tallies forUsers(long users) {
        int capacity = (int) Math.min(Integer.MAX_VALUE / 2, users * 4 / 3 + 1);
        return new Tallies(new HashMap<>(capacity), new HashMap<>(capacity));
    }

    private Tallies(Map<String, Tally> byUser, Map<String, HllSketch> voters) {
        this.byUser = byUser;
        this.voters = voters;
    }

    /** A copy of the tallies only (no voter sketches), to add a tail to. */
    public static Tallies copyOf(Map<String, Tally> byUser) {
        return new Tallies(new HashMap<>(byUser), new HashMap<>());
    }

    /** A vote whose voter is not tracked: the tally only. */
    public void addVote(String user, long votes) {
        byUser.merge(user, Tally.of(votes), Tally::plus);
    }

    public void addVote(String user, String voter, long votes) {
        byUser.merge(user, Tally.of(votes), Tally::plus);
        HllSketch sketch = voters.get(user);
        if (sketch != null && owned.contains(sketch)) {
            sketch.update(voter);
        } else {
            HllSketch mine =
                    sketch == null
                            ? VoterSketches.of(voter)
                            : VoterSketches.union(sketch, VoterSketches.of(voter));
            owned.add(mine);
            voters.put(user, mine);
            if (sketch != null) {
                owned.remove(sketch);
            }
        }
    }

    /** A compensating event (invariant 9): removes the vote from the user's tally. */
    public void addRetraction(String user, long votes) {
        byUser.merge(user, Tally.retraction(votes), Tally::plus);
    }

    public void add(String user, Tally tally) {
        byUser.merge(user, tally, Tally::plus);
    }

    public void add(String user, Tally tally, HllSketch userVoters) {
        add(user, tally);
        if (userVoters == null) {
            return;
        }
        HllSketch sketch = voters.get(user);
        if (sketch == null) {
            voters.put(user, userVoters);
        } else {
            HllSketch merged = VoterSketches.union(sketch, userVoters);
            owned.remove(sketch);
            owned.add(merged);
            voters.put(user, merged);
        }
    }

    public void addAll(Tallies other) {
        other.byUser.forEach((user, tally) -> add(user, tally, other.voters.get(user)));
    }

    public Tally get(String user) {
        return byUser.getOrDefault(user, Tally.EMPTY);
    }

    /** The user's distinct-voter sketch, null if none of its events had a voter yet. */
    public HllSketch voters(String user) {
        return voters.get(user);
    }

    public int users() {
        return byUser.size();
    }

    public boolean isEmpty() {
        return byUser.isEmpty();
    }

    /** A read-only view; callers must not keep it while this object is still being folded. */
    public Map<String, Tally> asMap() {
        return Collections.unmodifiableMap(byUser);
    }

    /** A read-only view of the sketches, same caveat as {@link #asMap()}. */
    public Map<String, HllSketch> votersView() {
        return Collections.unmodifiableMap(voters);
    }
}
