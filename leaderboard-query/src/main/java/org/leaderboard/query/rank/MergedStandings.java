package org.leaderboard.query.rank;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.ToIntFunction;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.tally.Tally;

/**
 * A ranked snapshot plus the users a tail changed, ranked together without re-sorting the snapshot:
 * the cost is O(changed users x log) to build and O(log) per entry to read, however many users the
 * snapshot holds.
 *
 * <p>The merged order is the snapshot's order minus the changed users' old places, merged with the
 * changed users in their new order. A changed user's merged position is its index among the changed
 * plus the number of kept snapshot users before it; a kept snapshot user's is the reverse. A rank
 * (competition ranking) is 1 + the users with a strictly higher ranking key (the snapshot's {@link
 * ScoreKind}: more votes on a SUM board, a lower best time on a LOWEST board), counted the same
 * way.
 */
public final class MergedStandings {

    private final RankedUsers base;
    private final ScoreKind kind;

    /** The changed users in ranking order, each with how many snapshot users rank before it. */
    private final ChangedLeaves changed;

    private final ToIntFunction<String> changedIndex;

    /**
     * The changed users' snapshot positions, ascending. Their keys there are not kept: positions
     * ascend as keys descend, so those above a key are the positions before the snapshot's count
     * above it.
     */
    private final LongLeaves removed;

    /**
     * A changed user's distinct voters. A user the tail did not change (none of its voters in it)
     * has the base's {@link RankedUsers#distinctVoters}, kept there.
     */
    private final DistinctVoters distinctVoters;

    /** A shown entry's distinct voters, given its user id and snapshot position (-1: none). */
    @FunctionalInterface
    public interface DistinctVoters {
        long of(String user, int basePosition);

        /**
         * The same for the changed user in {@code slot} of the changed users' entries: where the
         * voters are kept by those slots, read there without looking the user up by id again.
         */
        default long ofSlot(int slot, String user, int basePosition) {
            return of(user, basePosition);
        }
    }

    /**
     * Built from a tail: each changed user's snapshot position (-1: none), in ranking order, as
     * found while ranking them (a newer head's ranking reads their sketches there, without looking
     * each user up again); null otherwise.
     */
    private final int[] changedBasePositions;

    /**
     * Built from a tail: the changed users in ranking order, and their index by user, made on first
     * use (a newer head's ranking never asks for it, and a 260,000-user map was a tenth of its
     * time); null otherwise.
     */
    private final String[] changedUsers;

    private volatile Map<String, Integer> changedIndexByUser;

    /**
     * @param tail each changed user's tally of the tail (to add to the snapshot's)
     * @param distinctVoters a changed user's distinct voters, given its user id and snapshot
     *     position (-1 if the snapshot has none of its votes): asked only for entries that are
     *     shown (the others have the base's)
     */
    public MergedStandings(
            RankedUsers base, Map<String, Tally> tail, DistinctVoters distinctVoters) {
        this.base = base;
        this.kind = base.scoreKind();
        this.distinctVoters = distinctVoters;
        List<Changed> changed = new ArrayList<>(tail.size());
        long[] removedPositions = new long[tail.size()];
        int removedCount = 0;
        // A large batch's prefix keys before its users are made entries, each made once.
        long[] prefixes = IdPrefixes.ofBatch(tail);
        int index = 0;
        for (Map.Entry<String, Tally> entry : tail.entrySet()) {
            String user = entry.getKey();
            long prefix = prefixes == null ? 0 : prefixes[index++];
            int position = base.position(user);
            // Added to the user's whole snapshot tally, unranked part included: a snapshot may
            // hold a user with no counted vote whose tally still counts (a retraction).
            Tally merged = base.tallyOfPlus(user, position, entry.getValue());
            if (position >= 0) {
                removedPositions[removedCount++] = position;
            }
            if (merged.hasVotes()) {
                changed.add(new Changed(user, merged, kind.rankKey(merged), position, prefix));
            }
        }
        // Keys computed once per user, not at every comparison; a newer head's hundreds of
        // thousands of changed users, mostly tied on their keys, get their ids' prefix keys too.
        changed.sort(Changed.ORDER);
        int size = changed.size();
        long[] positions = Arrays.copyOf(removedPositions, removedCount);
        Arrays.sort(positions);
        this.removed = LongLeaves.of(positions, LongLeaves.LEAF, LongLeaves.PACK_FROM);
        ChangedLeaves.Inserted inOrder = new ChangedLeaves.Inserted(size);
        this.changedUsers = new String[size];
        this.changedBasePositions = new int[size];
        Tally[] changedTallies = new Tally[size];
        this.changedIndex = this::indexOfChanged;
        Map<Long, int[]> keyBounds = new HashMap<>();
        int before = 0;
        for (int j = 0; j < size; j++) {
            Changed c = changed.get(j);
            changedUsers[j] = c.user();
            changedBasePositions[j] = c.basePosition();
            changedTallies[j] = c.tally();
            // In ranking order, each changed user has at least as many base users before it as
            // the one before: the search starts there.
            before = base.countBefore(c.key(), c.user(), keyBounds, before);
            inOrder.add(j, c.key(), before);
        }
        this.changed =
                ChangedLeaves.of(
                        inOrder,
                        LongLeaves.LEAF,
                        LongLeaves.PACK_FROM,
                        new ChangedLeaves.InOrder(
                                changedUsers, changedTallies, changedBasePositions));
    }

    /** The changed user's index in ranking order, -1 if none (built from a tail). */
    private int indexOfChanged(String user) {
        Map<String, Integer> index = changedIndexByUser;
        if (index == null) {
            index = new HashMap<>(changedUsers.length * 2);
            for (int j = 0; j < changedUsers.length; j++) {
                index.put(changedUsers[j], j);
            }
            changedIndexByUser = index;
        }
        return index.getOrDefault(user, -1);
    }

    /**
     * A changed user with its merged tally, that tally's ranking key, its snapshot position (-1:
     * none) and, in a large batch, its id's {@link IdPrefixes} key.
     */
    private record Changed(String user, Tally tally, long key, int basePosition, long prefix) {

        /** Ranking order: the higher key first, then user id. */
        static final Comparator<Changed> ORDER =
                (a, b) -> IdPrefixes.compare(a.key, a.prefix, a.user, b.key, b.prefix, b.user);
    }

    /**
     * From parts already in order, without a search in the snapshot ({@link TailRanking} keeps them
     * between tail reads): {@code changed}, the changed users in ranking order with their snapshot
     * users before; {@code removed}, their snapshot positions, ascending. None is copied and
     * nothing is computed per changed user: a changed user's merged position is worked out when
     * asked for ({@link #changedPosition}), so a new version costs nothing here however many users
     * the tail changed.
     */
    MergedStandings(
            RankedUsers base,
            ChangedLeaves changed,
            ToIntFunction<String> changedIndex,
            LongLeaves removed,
            DistinctVoters distinctVoters) {
        this.base = base;
        this.kind = base.scoreKind();
        this.distinctVoters = distinctVoters;
        this.changed = changed;
        this.changedIndex = changedIndex;
        this.removed = removed;
        this.changedBasePositions = null;
        this.changedUsers = null;
    }

    /**
     * The merged position of changed user j: the changed users before it, plus the snapshot users
     * ranked before it that the tail did not change. Strictly increasing in j.
     */
    private int changedPosition(int j) {
        int baseBefore = changed.baseBefore(j);
        return j + baseBefore - removedBefore(baseBefore);
    }

    /**
     * The changed user at merged {@code position}, or {@code -(changed users before it) - 1} if a
     * kept snapshot user is there.
     */
    private int changedAt(int position) {
        return changedAt(position, 0, changed.length() - 1);
    }

    /**
     * As above, knowing that the changed users before {@code position} are at least {@code low} and
     * at most {@code high + 1}.
     */
    private int changedAt(int position, int low, int high) {
        while (low <= high) {
            int middle = (low + high) >>> 1;
            int at = changedPosition(middle);
            if (at < position) {
                low = middle + 1;
            } else if (at > position) {
                high = middle - 1;
            } else {
                return middle;
            }
        }
        return -(low + 1);
    }

    public int totalUsers() {
        return base.size() - removed.length() + changed.length();
    }

    /** Entries at positions [offset, offset + limit), fewer at the end of the board. */
    public List<LeaderboardEntry> page(int offset, int limit) {
        return page(offset, limit, 0, changed.length() - 1, null, -1);
    }

    /**
     * As above, knowing that the changed users before {@code offset} are at least {@code
     * changedFrom} and at most {@code changedTo + 1}, and (unless {@code anchor} is null) that the
     * base holds user {@code anchor} at {@code anchorPosition}, near the page.
     */
    private List<LeaderboardEntry> page(
            int offset,
            int limit,
            int changedFrom,
            int changedTo,
            String anchor,
            int anchorPosition) {
        int end = (int) Math.min((long) offset + limit, totalUsers());
        List<LeaderboardEntry> page = new ArrayList<>(Math.max(0, end - offset));
        if (offset >= end) {
            return page;
        }
        // Whether a position holds a changed user is searched for the first entry only: from
        // there the changed users before each position are counted along, and the next one's
        // position is known (a search of every entry was a third of a user's neighbours).
        int first = changedAt(offset, changedFrom, changedTo);
        int firstChanged = first >= 0 ? first : -first - 1;
        // The kept users' entries read from the base in one walk of the positions they span
        // (where the base is a tail's ranking, reading each by its position searched for it).
        // The changed users before its last position are at most one per position more.
        int lastChanged =
                changedAt(
                        end - 1,
                        firstChanged,
                        Math.min(changed.length() - 1, firstChanged + end - offset - 1));
        int changedInPage = (lastChanged >= 0 ? lastChanged + 1 : -lastChanged - 1) - firstChanged;
        int keptFrom = offset - firstChanged;
        int keptCount = end - offset - changedInPage;
        int baseFrom = keptCount > 0 ? basePositionOfKept(keptFrom) : 0;
        int baseTo = keptCount > 0 ? basePositionOfKept(keptFrom + keptCount - 1) + 1 : 0;
        // Unless the changed users' old places between them are many more (then each is read).
        // Their distinct voters come with them: where the base is a tail's ranking, each is kept
        // there beside its entry, found in the same walk (looked up by user, a union of its
        // sketches at every answer was a quarter of a standing under writes).
        boolean walked = baseTo - baseFrom <= 2 * keptCount + 16;
        String[] baseUsers = walked ? new String[baseTo - baseFrom] : null;
        Tally[] baseTallies = walked ? new Tally[baseTo - baseFrom] : null;
        long[] baseVoters = walked ? new long[baseTo - baseFrom] : null;
        if (walked) {
            base.forEachShownBetween(
                    baseFrom,
                    baseTo,
                    anchor,
                    anchorPosition,
                    (position, user, tally, voters) -> {
                        baseUsers[position - baseFrom] = user;
                        baseTallies[position - baseFrom] = tally;
                        baseVoters[position - baseFrom] = voters;
                    });
        }
        long previousRank = 0;
        long previousKey = 0;
        int changedBefore = firstChanged;
        int nextChanged = nextChangedPosition(changedBefore);
        for (int position = offset; position < end; position++) {
            LeaderboardEntry entry;
            if (position == nextChanged) {
                entry = entryAt(position, changedBefore++, previousRank, previousKey);
                nextChanged = nextChangedPosition(changedBefore);
            } else {
                int basePosition = basePositionOfKept(position - changedBefore);
                String user = walked ? baseUsers[basePosition - baseFrom] : base.user(basePosition);
                entry =
                        entry(
                                position,
                                user,
                                walked
                                        ? baseTallies[basePosition - baseFrom]
                                        : base.tally(basePosition),
                                walked
                                        ? baseVoters[basePosition - baseFrom]
                                        : base.distinctVoters(basePosition),
                                previousRank,
                                previousKey);
            }
            page.add(entry);
            previousRank = entry.rank();
            previousKey = kind.rankKey(entry.score());
        }
        return page;
    }

    /** Zero-based merged position of a user, empty if the user has no counted votes. */
    public OptionalInt positionOf(String user) {
        int j = changedIndex.applyAsInt(user);
        if (j >= 0) {
            return OptionalInt.of(changedPosition(j));
        }
        int position = positionOfKept(base.position(user), user);
        return position < 0 ? OptionalInt.empty() : OptionalInt.of(position);
    }

    /** A user's zero-based merged position and the entries around it, the user's included. */
    public record Standing(int position, List<LeaderboardEntry> entries) {}

    /**
     * The user's merged position and the entries from {@code around} positions above to {@code
     * around} below; empty if the user has no counted votes. Finding the user's position counts the
     * changed users before it, which bounds the page's own search for them to {@code around} places
     * (a search among all of them was a fifth of a standing under writes).
     */
    public Optional<Standing> standingOf(String user, int around) {
        int position;
        int changedBefore;
        int basePosition = -1;
        int j = changedIndex.applyAsInt(user);
        if (j >= 0) {
            position = changedPosition(j);
            changedBefore = j;
        } else {
            basePosition = base.position(user);
            if (basePosition < 0 || removed.binarySearch(basePosition) >= 0) {
                return Optional.empty();
            }
            // The key read from the user's entry: where the base is a tail's ranking, reading it at
            // a position searches its changed users (a fifth of a standing under writes).
            changedBefore = changedBefore(base.keyOf(user, basePosition), user, basePosition);
            position = basePosition - removedBefore(basePosition) + changedBefore;
        }
        int from = Math.max(0, position - around);
        int to = (int) Math.min((long) position + around + 1, totalUsers());
        return Optional.of(
                new Standing(
                        position,
                        page(
                                from,
                                to - from,
                                Math.max(0, changedBefore - (position - from)),
                                Math.min(changed.length() - 1, changedBefore),
                                // A kept user's own place in the base is among those the page
                                // walks: where the base is a tail's ranking, the walk starts
                                // from it instead of a search among all its changed users.
                                basePosition >= 0 ? user : null,
                                basePosition)));
    }

    /** The merged position of changed user {@code j}. */
    int positionOfChanged(int j) {
        return changedPosition(j);
    }

    /**
     * The merged position of {@code user}, not a changed user, at {@code basePosition} in the base
     * (-1 if none there); -1 if it has no place (none in the base, or removed).
     */
    int positionOfKept(int basePosition, String user) {
        if (basePosition < 0 || removed.binarySearch(basePosition) >= 0) {
            return -1;
        }
        int kept = basePosition - removedBefore(basePosition);
        return kept + changedBefore(base.key(basePosition), user, basePosition);
    }

    public LeaderboardEntry entryAt(int position) {
        return entryAt(position, changedAt(position), 0, 0);
    }

    /** The merged position of changed user {@code j}, or past every position if there is none. */
    private int nextChangedPosition(int j) {
        return j < changed.length() ? changedPosition(j) : Integer.MAX_VALUE;
    }

    /**
     * The entry at {@code position}, where {@code j} is what {@link #changedAt} gives for it, given
     * the rank and ranking key of the entry just before it ({@code previousRank} 0: not known). The
     * order is by key, descending, so a user's competition rank is its position + 1 unless the user
     * before has the same key, whose rank it shares: only the first entry of a page searches for
     * the users above its key (at every entry, those searches in the snapshot, the changed users
     * and the removed ones were most of a page).
     */
    private LeaderboardEntry entryAt(int position, int j, long previousRank, long previousKey) {
        if (j >= 0) {
            // The entry's slot found once (a search of the leaves) for its id, tally and voters.
            int slot = changed.slot(j);
            String user = changed.userInSlot(slot);
            return entry(
                    position,
                    user,
                    changed.tallyInSlot(slot),
                    changedVoters(j, slot, user),
                    previousRank,
                    previousKey);
        }
        int basePosition = basePositionOfKept(position - (-j - 1));
        String user = base.user(basePosition);
        return entry(
                position,
                user,
                base.tally(basePosition),
                base.distinctVoters(basePosition),
                previousRank,
                previousKey);
    }

    /**
     * Changed user j's distinct voters, estimated once per entry of the changed users (kept there,
     * and by the versions that share the entry): a user's sketches are read and merged the first
     * time it is shown, not at every answer.
     */
    private long changedVoters(int j) {
        int slot = changed.slot(j);
        return changedVoters(j, slot, changed.userInSlot(slot));
    }

    /** As above, given the entry's slot and user. */
    private long changedVoters(int j, int slot, String user) {
        long kept = changed.keptEstimate(j);
        if (kept >= 0) {
            return kept;
        }
        long estimate = distinctVoters.ofSlot(slot, user, changed.basePositionInSlot(slot));
        changed.keepEstimate(j, estimate);
        return estimate;
    }

    /**
     * The entry of {@code user} with {@code tally} and {@code distinctVoters} at {@code position},
     * as {@link #entryAt}.
     */
    private LeaderboardEntry entry(
            int position,
            String user,
            Tally tally,
            long distinctVoters,
            long previousRank,
            long previousKey) {
        long key = kind.rankKey(tally);
        long rank =
                previousRank == 0 ? rankOf(key) : key == previousKey ? previousRank : position + 1L;
        return new LeaderboardEntry(
                rank,
                user,
                tally.sum(),
                tally.count(),
                tally.min(),
                tally.max(),
                tally.mean(),
                tally.stddev(),
                distinctVoters,
                kind.score(tally));
    }

    /** How the users are scored and ranked. */
    public ScoreKind scoreKind() {
        return kind;
    }

    // What a version of these standings offers as the base of more changed users (RankedUsers),
    // without estimating distinct voters: the merged order's key, user and tally at a position,
    // and the searches, each O(log) in the snapshot and the changed users.

    /** The distinct voters of the user at merged {@code position}, kept once asked. */
    long distinctVotersAt(int position) {
        int j = changedAt(position);
        return j >= 0
                ? changedVoters(j)
                : base.distinctVoters(basePositionOfKept(position - (-j - 1)));
    }

    /** The ranking key of {@code user}, at merged {@code position}, read from its entry. */
    long keyOf(String user, int position) {
        int j = changedIndex.applyAsInt(user);
        if (j >= 0) {
            return changed.key(j);
        }
        int basePosition = base.position(user);
        return basePosition >= 0 ? base.keyOf(user, basePosition) : keyAt(position);
    }

    /** The ranking key at merged {@code position}. */
    long keyAt(int position) {
        int j = changedAt(position);
        return j >= 0 ? changed.key(j) : base.key(basePositionOfKept(position - (-j - 1)));
    }

    String userAt(int position) {
        int j = changedAt(position);
        return j >= 0 ? changed.user(j) : base.user(basePositionOfKept(position - (-j - 1)));
    }

    Tally tallyAt(int position) {
        int j = changedAt(position);
        return j >= 0 ? changed.tally(j) : base.tally(basePositionOfKept(position - (-j - 1)));
    }

    /**
     * Visits merged positions [{@code from}, {@code to}) in order, from one search for the first:
     * the changed users counted along, the kept ones read at their snapshot positions.
     */
    void forEachBetween(int from, int to, RankedUsers.EntryVisitor visitor) {
        if (from >= to) {
            return;
        }
        int first = changedAt(from);
        int j = first >= 0 ? first : -first - 1;
        int nextChanged = nextChangedPosition(j);
        for (int position = from; position < to; position++) {
            if (position == nextChanged) {
                visitor.visit(position, changed.user(j), changed.tally(j));
                j++;
                nextChanged = nextChangedPosition(j);
            } else {
                int basePosition = basePositionOfKept(position - j);
                visitor.visit(position, base.user(basePosition), base.tally(basePosition));
            }
        }
    }

    /**
     * {@link #forEachBetween} with each user's distinct voters, kept once asked. Unless {@code
     * anchor} is null, user {@code anchor} is at {@code anchorPosition}: the changed users before
     * it are counted from the user's own entry, and the search for those before {@code from} is
     * bounded by how far it is from there (each position between holds at most one).
     */
    void forEachShownBetween(
            int from, int to, String anchor, int anchorPosition, RankedUsers.ShownVisitor visitor) {
        if (from >= to) {
            return;
        }
        int anchored = anchor == null ? -1 : changedBeforeAt(anchor, anchorPosition);
        // The changed user at a position, if one is, has as its index the changed users before.
        int first =
                anchored < 0
                        ? changedAt(from)
                        : changedAt(
                                from,
                                Math.max(0, anchored - Math.max(0, anchorPosition - from)),
                                Math.min(
                                        changed.length() - 1,
                                        anchored + Math.max(0, from - anchorPosition)));
        int j = first >= 0 ? first : -first - 1;
        int nextChanged = nextChangedPosition(j);
        for (int position = from; position < to; position++) {
            if (position == nextChanged) {
                visitor.visit(position, changed.user(j), changed.tally(j), changedVoters(j));
                j++;
                nextChanged = nextChangedPosition(j);
            } else {
                int basePosition = basePositionOfKept(position - j);
                visitor.visit(
                        position,
                        base.user(basePosition),
                        base.tally(basePosition),
                        base.distinctVoters(basePosition));
            }
        }
    }

    /**
     * How many changed users rank before {@code user}, if it is at merged {@code position}; -1 if
     * it is not there.
     */
    private int changedBeforeAt(String user, int position) {
        int j = changedIndex.applyAsInt(user);
        if (j >= 0) {
            return changedPosition(j) == position ? j : -1;
        }
        int basePosition = base.position(user);
        if (basePosition < 0 || removed.binarySearch(basePosition) >= 0) {
            return -1;
        }
        int before = changedBefore(base.keyOf(user, basePosition), user, basePosition);
        return basePosition - removedBefore(basePosition) + before == position ? before : -1;
    }

    /** Users with a strictly higher ranking key than {@code key}. */
    int countAbove(long key) {
        int baseAbove = base.countAbove(key);
        return baseAbove - removed.countBelow(baseAbove) + changed.countKeysGreater(key);
    }

    /**
     * Users ranked before a user {@code user} with ranking key {@code key} (its own entry included
     * if that ranks before): the snapshot users before it that the tail did not change, and the
     * changed users before it, given that {@code baseBefore} of the base's users rank before it.
     */
    int countBefore(long key, String user, int baseBefore) {
        return baseBefore - removedBefore(baseBefore) + changedBefore(key, user, baseBefore);
    }

    /**
     * Changed user j's snapshot position as found when this was built from a tail (-1: none there);
     * only for standings built from a tail.
     */
    int changedBasePosition(int j) {
        return changedBasePositions[j];
    }

    /** How many snapshot users the tail changed, ranked again or left with no counted vote. */
    int removedCount() {
        return removed.length();
    }

    /** How many users the tail changed (with a counted vote). */
    int changedCount() {
        return changed.length();
    }

    /** The changed user at index j in ranking order. */
    String changedUser(int j) {
        return changedUsers != null ? changedUsers[j] : changed.user(j);
    }

    /** What each merged position holds, in order: a kept snapshot user, or a changed one. */
    interface PositionVisitor {
        void visit(int position, int basePosition, String user, Tally tally);
    }

    /** Visits every merged position in order, in O(users) (a two-way merge, no searches). */
    void forEachInOrder(PositionVisitor visitor) {
        int baseIndex = 0;
        int removedIndex = 0;
        int total = totalUsers();
        int j = 0;
        int removedBelow = 0;
        int nextChanged = -1;
        int nextBefore = 0;
        for (int position = 0; position < total; position++) {
            if (j < changed.length() && nextChanged < 0) {
                // The snapshot users before is non-decreasing in j: the removed positions below it
                // are counted in one walk.
                nextBefore = changed.baseBefore(j);
                while (removedBelow < removed.length() && removed.get(removedBelow) < nextBefore) {
                    removedBelow++;
                }
                nextChanged = j + nextBefore - removedBelow;
            }
            if (j < changed.length() && nextChanged == position) {
                nextChanged = -1;
                visitor.visit(position, -1, changed.user(j), changed.tally(j));
                j++;
                continue;
            }
            while (removedIndex < removed.length() && removed.get(removedIndex) == baseIndex) {
                removedIndex++;
                baseIndex++;
            }
            visitor.visit(position, baseIndex, null, null);
            baseIndex++;
        }
    }

    /**
     * The entries from {@code around} positions above to {@code around} below, the user's included.
     */
    public List<LeaderboardEntry> around(int position, int around) {
        int from = Math.max(0, position - around);
        int to = (int) Math.min((long) position + around + 1, totalUsers());
        return page(from, to - from);
    }

    /** Competition rank: one more than the users with a strictly higher ranking key. */
    private long rankOf(long key) {
        return 1L + countAbove(key);
    }

    /**
     * Changed users ranked before a user {@code user} with ranking key {@code key}, of which {@code
     * baseBefore} snapshot users rank before it. A changed user with fewer snapshot users before it
     * ranks before (a snapshot user lies between them), one with more ranks after; only those with
     * exactly as many are compared by key and id. So the search reads the int column of snapshot
     * users before, not the changed users' ids (a cache miss each, for hundreds of thousands of
     * them).
     */
    private int changedBefore(long key, String user, int baseBefore) {
        return changedBefore(key, user, baseBefore, 0);
    }

    /** As above, counting from changed user {@code from} on (those before it rank before). */
    int changedBefore(long key, String user, int baseBefore, int from) {
        return changed.countBefore(key, user, baseBefore, from);
    }

    /**
     * The index of the changed user {@code user} with ranking key {@code key}, of which {@code
     * baseBefore} snapshot users rank before it; -1 if it is not a changed user with that key.
     */
    int changedIndex(long key, String user, int baseBefore) {
        int j = changedBefore(key, user, baseBefore, 0);
        return j < changed.length() && changed.user(j).equals(user) ? j : -1;
    }

    /** Removed snapshot positions below {@code position}. */
    private int removedBefore(int position) {
        return removed.countBelow(position);
    }

    /** The snapshot position of the {@code kept}-th snapshot user that the tail did not change. */
    private int basePositionOfKept(int kept) {
        // removed[r] - r is non-decreasing: the number of removed positions at or before the
        // answer is the number of r with removed[r] - r <= kept.
        return kept + removed.countValueMinusIndexAtMost(kept);
    }
}
