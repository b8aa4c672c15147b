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
 *
 * <p>A sketch read back from a packed layer stays in its stored form ({@link
 * VoterSketches#toCompactBytes}) until something needs it as a sketch: loading a snapshot copies
 * those bytes into the ranking as they are, where decoding a million sketches and encoding them
 * again took a large part of a cold load.
 */
public final class Tallies {

    private final Map<String, Tally> byUser;
    private Map<String, HllSketch> voters;

    /** Sketches in their stored form; a user's sketch is in this map or in voters, not both. */
    private final Map<String, byte[]> storedVoters;

    /**
     * The sketches this instance created, which it may change in place; made when the first one is
     * (most instances, the many small sums a tail read makes, never track voters).
     */
    private Set<HllSketch> owned;

    public Tallies() {
        this(new HashMap<>(), new HashMap<>(), new HashMap<>());
    }

    /** Empty, sized for about {@code users} users (a layer read back, whose row count is known). */
    public static Tallies forUsers(long users) {
        int capacity = (int) Math.min(Integer.MAX_VALUE / 2, users * 4 / 3 + 1);
        return new Tallies(new HashMap<>(capacity), new HashMap<>(), new HashMap<>(capacity));
    }

    private Tallies(
            Map<String, Tally> byUser,
            Map<String, HllSketch> voters,
            Map<String, byte[]> storedVoters) {
        this.byUser = byUser;
        this.voters = voters;
        this.storedVoters = storedVoters;
    }

    /** A copy of the tallies only (no voter sketches), to add a tail to. */
    public static Tallies copyOf(Map<String, Tally> byUser) {
        return new Tallies(new HashMap<>(byUser), new HashMap<>(), new HashMap<>());
    }

    private Set<HllSketch> owned() {
        if (owned == null) {
            owned = Collections.newSetFromMap(new IdentityHashMap<>());
        }
        return owned;
    }

    /** A vote whose voter is not tracked: the tally only. */
    public void addVote(String user, long votes) {
        byUser.merge(user, Tally.of(votes), Tally::plus);
    }

    public void addVote(String user, String voter, long votes) {
        byUser.merge(user, Tally.of(votes), Tally::plus);
        HllSketch sketch = sketchOf(user);
        if (sketch != null && owned().contains(sketch)) {
            sketch.update(voter);
        } else {
            HllSketch mine =
                    sketch == null
                            ? VoterSketches.of(voter)
                            : VoterSketches.union(sketch, VoterSketches.of(voter));
            owned().add(mine);
            voters.put(user, mine);
            if (sketch != null) {
                owned().remove(sketch);
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
        HllSketch sketch = sketchOf(user);
        if (sketch == null) {
            voters.put(user, userVoters);
        } else {
            HllSketch merged = VoterSketches.union(sketch, userVoters);
            owned().remove(sketch);
            owned().add(merged);
            voters.put(user, merged);
        }
    }

    /**
     * As {@link #add(String, Tally, HllSketch)}, the sketch in its stored form ({@link
     * VoterSketches#toCompactBytes}, null for none): kept as it is unless the user already has one,
     * and merged in that form with a stored one (nothing decoded into sketch objects).
     */
    public void addStored(String user, Tally tally, byte[] userVoters) {
        add(user, tally);
        if (userVoters == null) {
            return;
        }
        HllSketch sketch = voters.get(user);
        if (sketch == null) {
            storedVoters.merge(user, userVoters, VoterSketches::union);
            return;
        }
        HllSketch merged = VoterSketches.union(sketch, VoterSketches.wrap(userVoters));
        owned().remove(sketch);
        owned().add(merged);
        voters.put(user, merged);
    }

    public void addAll(Tallies other) {
        other.byUser.forEach(
                (user, tally) -> {
                    byte[] stored = other.storedVoters.get(user);
                    if (stored != null) {
                        addStored(user, tally, stored);
                    } else {
                        add(user, tally, other.voters.get(user));
                    }
                });
    }

    public Tally get(String user) {
        return byUser.getOrDefault(user, Tally.EMPTY);
    }

    /** The user's distinct-voter sketch, null if none of its events had a voter yet. */
    public HllSketch voters(String user) {
        HllSketch sketch = voters.get(user);
        if (sketch != null) {
            return sketch;
        }
        byte[] stored = storedVoters.get(user);
        return stored == null ? null : VoterSketches.fromBytes(stored);
    }

    /**
     * The user's sketch in its stored form ({@link VoterSketches#toCompactBytes}), null for none;
     * not to be modified.
     */
    public byte[] compactVoters(String user) {
        byte[] stored = storedVoters.get(user);
        if (stored != null) {
            return stored;
        }
        HllSketch sketch = voters.get(user);
        return sketch == null ? null : VoterSketches.toCompactBytes(sketch);
    }

    /**
     * The sketch to edit: a stored one is decoded and replaces its stored form (the decoded copy is
     * this instance's own, so votes may be added to it in place).
     */
    private HllSketch sketchOf(String user) {
        HllSketch sketch = voters.get(user);
        if (sketch != null) {
            return sketch;
        }
        byte[] stored = storedVoters.remove(user);
        if (stored == null) {
            return null;
        }
        HllSketch decoded = VoterSketches.fromBytes(stored);
        owned().add(decoded);
        voters.put(user, decoded);
        return decoded;
    }

    /**
     * Keeps every sketch in its stored form ({@link VoterSketches#toCompactBytes}) from now on: for
     * tallies kept long after they are folded (a query service's tail, held until a snapshot covers
     * it). A sketch object holds a list and an array besides itself; one array per user is a third
     * of the objects each young collection copies while they live. Votes may still be added: a
     * sketch is decoded again when one is.
     *
     * @return this
     */
    public Tallies packVoters() {
        if (!voters.isEmpty()) {
            voters.forEach(
                    (user, sketch) -> storedVoters.put(user, VoterSketches.toCompactBytes(sketch)));
            voters = new HashMap<>();
        }
        owned = null;
        return this;
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
}
