package org.leaderboard.bench;

import java.time.Instant;
import java.util.SplittableRandom;
import java.util.UUID;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.time.TimeUuids;

/**
 * Realistic votes: a user among {@code users}, a voter among many, 1 to 5 points, and a client
 * voteId (a timeuuid stamped with the vote's time, {@link TimeUuids#voteIdAt}) as a client that
 * retries safely would send.
 */
final class VoteMaker {

    private static final int VOTERS = 1_000_000;

    private VoteMaker() {}

    static String user(long index) {
        return "u" + index;
    }

    static String voter(SplittableRandom random) {
        return "v" + random.nextInt(VOTERS);
    }

    static int points(SplittableRandom random) {
        return 1 + random.nextInt(5);
    }

    /** A vote for user {@code userIndex} at {@code time}. */
    static VoteCastEvent vote(String board, long userIndex, Instant time, SplittableRandom random) {
        UUID voteId = TimeUuids.voteIdAt(time);
        return new VoteCastEvent(voteId, board, user(userIndex), voter(random), points(random));
    }

    /** The JSON body of one vote, as a client sends it to the writer. */
    static String json(VoteCastEvent vote) {
        return "{\"voteId\":\""
                + vote.voteId()
                + "\",\"user\":\""
                + vote.user()
                + "\",\"voter\":\""
                + vote.voter()
                + "\",\"votes\":"
                + vote.votes()
                + "}";
    }
}
