package org.leaderboard.query.rank;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.leaderboard.model.board.ScoreKind;

/**
 * The game-board tests' oracle, the naive way: score each user's list of submissions by the board's
 * kind, sort best first (then by user id), and rank 1, 2, 2, 4.
 */
public final class NaiveRanking {

    private NaiveRanking() {}

    /** One row of a ranking. */
    public record Ranked(long rank, String user, long score) {}

    /** Scores each user's list, sorts best first (then by id), and ranks 1, 2, 2, 4. */
    public static List<Ranked> of(ScoreKind kind, Map<String, List<Long>> accepted) {
        Map<String, Long> scores = new HashMap<>();
        accepted.forEach(
                (user, values) -> {
                    if (!values.isEmpty()) {
                        scores.put(user, score(kind, values));
                    }
                });
        Comparator<Map.Entry<String, Long>> byScore = Map.Entry.comparingByValue();
        List<Map.Entry<String, Long>> order =
                scores.entrySet().stream()
                        .sorted(
                                (kind == ScoreKind.LOWEST ? byScore : byScore.reversed())
                                        .thenComparing(Map.Entry.<String, Long>comparingByKey()))
                        .toList();
        List<Ranked> ranked = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            long score = order.get(i).getValue();
            long rank =
                    i > 0 && ranked.get(i - 1).score() == score ? ranked.get(i - 1).rank() : i + 1;
            ranked.add(new Ranked(rank, order.get(i).getKey(), score));
        }
        return ranked;
    }

    private static long score(ScoreKind kind, List<Long> values) {
        return switch (kind) {
            case SUM -> values.stream().mapToLong(Long::longValue).sum();
            case BEST -> values.stream().mapToLong(Long::longValue).max().orElseThrow();
            case LOWEST -> values.stream().mapToLong(Long::longValue).min().orElseThrow();
            case COUNT -> values.size();
        };
    }
}
