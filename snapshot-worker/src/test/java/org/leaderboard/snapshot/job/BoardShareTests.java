package org.leaderboard.snapshot.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Rendezvous hashing spreads boards evenly and moves only the boards of a worker that comes or
 * goes.
 */
class BoardShareTests {

    /** Worker ids as the default makes them: pod name plus a random suffix. */
    private static final List<String> WORKERS =
            List.of(
                    "snapshot-worker-6f7c9d8b5-x2k4q-1b9e03c7",
                    "snapshot-worker-6f7c9d8b5-p8rzt-a4410d2e",
                    "snapshot-worker-6f7c9d8b5-mm2vd-77c5f0b1");

    private static final List<String> BOARDS =
            IntStream.range(0, 3000).mapToObj(i -> "board-" + i).toList();

    @Test
    void eachOfThreeWorkersOwnsAboutAThird() {
        Map<String, Integer> owned = owners(BOARDS, WORKERS);
        assertThat(owned.values()).allSatisfy(n -> assertThat(n).isBetween(900, 1100));
    }

    @Test
    void everyWorkerComputesTheSameOwnerWhateverTheOrderOfTheList() {
        List<String> reversed = new ArrayList<>(WORKERS);
        Collections.reverse(reversed);
        assertThat(BOARDS)
                .allSatisfy(
                        board ->
                                assertThat(BoardShare.owner(board, reversed))
                                        .isEqualTo(BoardShare.owner(board, WORKERS)));
    }

    @Test
    void aWorkerThatLeavesHandsOverOnlyItsOwnBoardsSpreadOverTheOthers() {
        String gone = WORKERS.get(1);
        List<String> left = WORKERS.stream().filter(w -> !w.equals(gone)).toList();
        Map<String, Integer> inherited = new HashMap<>();
        for (String board : BOARDS) {
            String before = BoardShare.owner(board, WORKERS);
            String after = BoardShare.owner(board, left);
            if (before.equals(gone)) {
                inherited.merge(after, 1, Integer::sum);
            } else {
                assertThat(after).as(board).isEqualTo(before);
            }
        }
        assertThat(inherited).containsOnlyKeys(left);
        assertThat(inherited.values()).allSatisfy(n -> assertThat(n).isBetween(400, 600));
    }

    @Test
    void aWorkerThatJoinsTakesAboutAQuarterAndNothingElseMoves() {
        List<String> more = new ArrayList<>(WORKERS);
        String joined = "snapshot-worker-6f7c9d8b5-zq9w2-0c3d5e11";
        more.add(joined);
        int taken = 0;
        for (String board : BOARDS) {
            String after = BoardShare.owner(board, more);
            if (after.equals(joined)) {
                taken++;
            } else {
                assertThat(after).as(board).isEqualTo(BoardShare.owner(board, WORKERS));
            }
        }
        assertThat(taken).isBetween(650, 850);
    }

    @Test
    void aLoneWorkerOwnsEverything() {
        assertThat(owners(BOARDS, List.of("only"))).containsExactly(Map.entry("only", 3000));
    }

    private static Map<String, Integer> owners(List<String> boards, List<String> workers) {
        Map<String, Integer> owned = new HashMap<>();
        boards.forEach(board -> owned.merge(BoardShare.owner(board, workers), 1, Integer::sum));
        return owned;
    }
}
