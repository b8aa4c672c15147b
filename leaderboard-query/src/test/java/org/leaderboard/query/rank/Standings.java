package org.leaderboard.query.rank;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.ToLongFunction;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.model.board.ScoreKind;
import org.leaderboard.model.tally.Tally;

/**
 * The reference ranking the query side's ranked views are tested against: the whole board ranked
 * from scratch, the simplest correct way. A ranked, immutable view of a board: by the board's score
 * ({@link ScoreKind}: votes (sum) descending by default), ties listed by user id, and competition
 * ranking (1, 2, 2, 4) so that tied users share a rank. Deterministic for a given set of tallies,
 * whatever order they were folded in.
 */
public final class Standings {

    private final ScoreKind kind;
    private final String[] users;
    private final Tally[] tallies;
    private final long[] ranks;
    private final Map<String, Integer> positions;
    private final ToLongFunction<String> distinctVoters;

    private Standings(
            ScoreKind kind,
            String[] users,
            Tally[] tallies,
            ToLongFunction<String> distinctVoters) {
        this.kind = kind;
        this.users = users;
        this.tallies = tallies;
        this.distinctVoters = distinctVoters;
        this.ranks = competitionRanks(kind, tallies);
        this.positions = new HashMap<>(users.length * 2);
        for (int i = 0; i < users.length; i++) {
            positions.put(users[i], i);
        }
    }

    /** Ranks every user with at least one counted vote. */
    public static Standings rank(Map<String, Tally> tallies) {
        return rank(tallies, user -> 0);
    }

    /**
     * As above; {@code distinctVoters} is asked only for the entries actually shown (estimating
     * means merging sketches, which a page of 100 can afford and a board of millions cannot).
     */
    public static Standings rank(
            Map<String, Tally> tallies, ToLongFunction<String> distinctVoters) {
        return rank(ScoreKind.SUM, tallies, distinctVoters);
    }

    /** As above, by the score of {@code kind}. */
    public static Standings rank(
            ScoreKind kind, Map<String, Tally> tallies, ToLongFunction<String> distinctVoters) {
        @SuppressWarnings("unchecked")
        Map.Entry<String, Tally>[] sorted =
                tallies.entrySet().stream()
                        .filter(e -> e.getValue().hasVotes())
                        .toArray(Map.Entry[]::new);
        Arrays.sort(sorted, RankOrder.of(kind));
        String[] users = new String[sorted.length];
        Tally[] values = new Tally[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            users[i] = sorted[i].getKey();
            values[i] = sorted[i].getValue();
        }
        return new Standings(kind, users, values, distinctVoters);
    }

    private static long[] competitionRanks(ScoreKind kind, Tally[] tallies) {
        long[] ranks = new long[tallies.length];
        for (int i = 0; i < tallies.length; i++) {
            boolean tiedWithPrevious =
                    i > 0 && kind.rankKey(tallies[i]) == kind.rankKey(tallies[i - 1]);
            ranks[i] = tiedWithPrevious ? ranks[i - 1] : i + 1;
        }
        return ranks;
    }

    public int totalUsers() {
        return users.length;
    }

    /** Entries at positions [offset, offset + limit), fewer at the end of the board. */
    public List<LeaderboardEntry> page(int offset, int limit) {
        int end = (int) Math.min((long) offset + limit, users.length);
        List<LeaderboardEntry> page = new ArrayList<>(Math.max(0, end - offset));
        for (int i = offset; i < end; i++) {
            page.add(entryAt(i));
        }
        return page;
    }

    /** Zero-based position of a user, empty if the user has no counted votes. */
    public OptionalInt positionOf(String user) {
        Integer position = positions.get(user);
        return position == null ? OptionalInt.empty() : OptionalInt.of(position);
    }

    public LeaderboardEntry entryAt(int position) {
        Tally tally = tallies[position];
        return new LeaderboardEntry(
                ranks[position],
                users[position],
                tally.sum(),
                tally.count(),
                tally.min(),
                tally.max(),
                tally.mean(),
                tally.stddev(),
                distinctVoters.applyAsLong(users[position]),
                kind.score(tally));
    }

    /**
     * The entries from {@code around} positions above to {@code around} below, the user's included.
     */
    public List<LeaderboardEntry> around(int position, int around) {
        int from = Math.max(0, position - around);
        int to = (int) Math.min((long) position + around + 1, users.length);
        return page(from, to - from);
    }
}
