package org.leaderboard.model.tally;

import java.util.HashMap;
import java.util.Map;

/** Per-user tallies of one board, mutable while folding; merge is the monoid's plus per user. */
public final class Tallies {

    private final Map<String, Tally> byUser;

    public Tallies() {
        this.byUser = new HashMap<>();
    }

    private Tallies(Map<String, Tally> byUser) {
        this.byUser = byUser;
    }

    public static Tallies copyOf(Map<String, Tally> byUser) {
        return new Tallies(new HashMap<>(byUser));
    }

    public void addVote(String user, long votes) {
        byUser.merge(user, Tally.of(votes), Tally::plus);
    }

    public void add(String user, Tally tally) {
        byUser.merge(user, tally, Tally::plus);
    }

    public void addAll(Tallies other) {
        other.byUser.forEach(this::add);
    }

    public Tally get(String user) {
        return byUser.getOrDefault(user, Tally.EMPTY);
    }

    public int users() {
        return byUser.size();
    }

    public boolean isEmpty() {
        return byUser.isEmpty();
    }

    /** A read-only view; callers must not keep it while this object is still being folded. */
    public Map<String, Tally> asMap() {
        return java.util.Collections.unmodifiableMap(byUser);
    }
}
