package org.leaderboard.snapshot.job;

import java.nio.charset.StandardCharsets;
import java.util.Collection;

/**
 * Which live worker passes a board: the one with the highest score for it (rendezvous hashing).
 * Every worker computes the same owner from the same list without talking to the others; when a
 * worker joins or leaves, only the boards it wins or held move, about 1/n of them.
 */
final class BoardShare {

    private BoardShare() {}

    /** The owner of {@code board} among {@code workers} (not empty). */
    static String owner(String board, Collection<String> workers) {
        String best = null;
        long bestScore = 0;
        for (String worker : workers) {
            long score = score(worker, board);
            if (best == null
                    || Long.compareUnsigned(score, bestScore) > 0
                    || (score == bestScore && worker.compareTo(best) < 0)) {
                best = worker;
                bestScore = score;
            }
        }
        return best;
    }

    /** FNV-1a over "worker NUL board", then a 64-bit finaliser so nearby ids spread evenly. */
    static long score(String worker, String board) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : (worker + '\0' + board).getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        hash = (hash ^ (hash >>> 33)) * 0xff51afd7ed558ccdL;
        hash = (hash ^ (hash >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return hash ^ (hash >>> 33);
    }
}
