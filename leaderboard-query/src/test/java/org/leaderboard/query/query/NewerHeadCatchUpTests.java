package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.query.rank.RankedSnapshot;
import org.leaderboard.query.rank.TailRanking;

/**
 * A newer head's ranking takes in, on the thread that ranked it, what the reads added while it was
 * ranked: the head taken up then ranks the same as the newer snapshot with the whole tail from its
 * cutoff on, and what the reads added in buckets before that cutoff (held by the snapshot) is left
 * out.
 */
class NewerHeadCatchUpTests {

    private static final Instant CUTOFF = Instant.parse("2026-11-29T03:00:00Z");
    private static final Duration BUCKET = Duration.ofSeconds(60);

    private final Random random = new Random(7);
    private final RankedSnapshot snapshot = snapshotOf(2_000);

    @Test
    void theReadsAdditionsAreTakenInAndTheQueueLeftEmpty() {
        Tallies atStart = votes(300);
        Queue<LiveTail.BucketDelta> since = new ConcurrentLinkedQueue<>();
        Tallies expected = new Tallies();
        expected.addAll(atStart);
        // Many reads' worth: more than one round's worth of users, in the cutoff's bucket and
        // after.
        for (int read = 0; read < 40; read++) {
            Tallies delta = votes(50);
            since.add(new LiveTail.BucketDelta(CUTOFF.plus(BUCKET.multipliedBy(read % 3)), delta));
            expected.addAll(delta);
        }
        // A bucket the newer snapshot already holds: not counted again.
        since.add(new LiveTail.BucketDelta(CUTOFF.minus(BUCKET), votes(100)));

        TailRanking caughtUp =
                BoardReader.caughtUp(TailRanking.of(snapshot, atStart), since, CUTOFF);

        assertThat(since).isEmpty();
        TailRanking whole = TailRanking.of(snapshot, expected);
        assertThat(caughtUp.standings().page(0, 2_000)).isEqualTo(whole.standings().page(0, 2_000));
        assertThat(caughtUp.standings().totalUsers()).isEqualTo(whole.standings().totalUsers());
    }

    @Test
    void nothingAddedLeavesTheRankingAsItWas() {
        TailRanking ranking = TailRanking.of(snapshot, votes(10));

        assertThat(BoardReader.caughtUp(ranking, new ConcurrentLinkedQueue<>(), CUTOFF))
                .isSameAs(ranking);
    }

    private Tallies votes(int count) {
        Tallies votes = new Tallies();
        for (int i = 0; i < count; i++) {
            votes.add(user(random.nextInt(2_500)), Tally.of(1 + random.nextInt(20)));
        }
        return votes;
    }

    private static RankedSnapshot snapshotOf(int users) {
        Map<String, Tally> tallies = new HashMap<>();
        for (int i = 0; i < users; i++) {
            tallies.put(user(i), Tally.of(1 + i % 40));
        }
        return RankedSnapshot.of(tallies);
    }

    private static String user(int i) {
        return "user-" + i;
    }
}
