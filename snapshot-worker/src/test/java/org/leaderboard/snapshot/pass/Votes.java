package org.leaderboard.snapshot.pass;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.time.TimeUuids;

/** Reproducible random votes at chosen times. */
final class Votes {

    private final Random random;
    private final String board;

    Votes(String board, long seed) {
        this.board = board;
        this.random = new Random(seed);
    }

    /** {@code count} votes for {@code users} users, times uniform in [from, to). */
    List<VoteCastEvent> between(Instant from, Instant to, int count, int users) {
        long spanMillis = to.toEpochMilli() - from.toEpochMilli();
        List<VoteCastEvent> votes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Instant time = from.plusMillis((long) (random.nextDouble() * spanMillis));
            votes.add(at(time, "u" + random.nextInt(users)));
        }
        return votes;
    }

    VoteCastEvent at(Instant time, String user) {
        int votes = random.nextInt(11) - 3;
        return new VoteCastEvent(
                TimeUuids.voteIdAt(time),
                board,
                user,
                "v" + random.nextInt(1000),
                votes == 0 ? 1 : votes);
    }
}
