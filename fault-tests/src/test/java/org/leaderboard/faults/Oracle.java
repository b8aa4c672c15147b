package org.leaderboard.faults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every vote a writer acknowledged (202 RECORDED or ALREADY_RECORDED), once per voteId, and the
 * leaderboard they must make, computed the naive way. Shares no code with the system under test.
 */
final class Oracle {

    record Row(long rank, String user, long votes, long count, long min, long max) {}

    private final Map<UUID, Vote> acknowledged = new ConcurrentHashMap<>();

    void acknowledge(Vote vote) {
        acknowledged.put(vote.voteId(), vote);
    }

    int acknowledgedVotes() {
        return acknowledged.size();
    }

    boolean isAcknowledged(UUID voteId) {
        return acknowledged.containsKey(voteId);
    }

    List<Row> leaderboard(String board) {
        Map<String, long[]> byUser = new HashMap<>(); // sum, count, min, max
        for (Vote vote : acknowledged.values()) {
            if (vote.board().equals(board)) {
                long[] t =
                        byUser.computeIfAbsent(
                                vote.user(),
                                u -> new long[] {0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
                t[0] += vote.votes();
                t[1]++;
                t[2] = Math.min(t[2], vote.votes());
                t[3] = Math.max(t[3], vote.votes());
            }
        }
        List<Map.Entry<String, long[]>> sorted = new ArrayList<>(byUser.entrySet());
        sorted.sort(
                Comparator.<Map.Entry<String, long[]>>comparingLong(e -> -e.getValue()[0])
                        .thenComparing(Map.Entry::getKey));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            long[] t = sorted.get(i).getValue();
            long rank = i > 0 && t[0] == rows.get(i - 1).votes() ? rows.get(i - 1).rank() : i + 1;
            rows.add(new Row(rank, sorted.get(i).getKey(), t[0], t[1], t[2], t[3]));
        }
        return rows;
    }
}
