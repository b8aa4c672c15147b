package org.leaderboard.query.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.tally.Tally;

/**
 * Placing a user among the snapshot's users of the same ranking key compares user ids: for ASCII
 * ids by their bytes (no String is made), else as Strings. Both must give String order, whatever
 * the other ids hold (accents, CJK, characters above U+E000, surrogate pairs).
 */
class RankedSnapshotTests {

    private static final List<String> IDS =
            List.of(
                    "alice",
                    "Bob",
                    "bob",
                    "bob2",
                    "zoë",
                    "émile",
                    "李",
                    "\uE000private",
                    "\uFFFDreplacement",
                    "😀grin",
                    "a😀",
                    "~tilde",
                    "");

    @Test
    void aUserIsPlacedInStringOrderAmongUsersOfItsKey() {
        Map<String, Tally> tallies = new HashMap<>();
        for (String id : IDS) {
            tallies.put(id, Tally.of(3));
        }
        tallies.put("top", Tally.of(9));
        tallies.put("bottom", Tally.of(1));
        RankedSnapshot snapshot = RankedSnapshot.of(tallies);
        long key = snapshot.key(snapshot.position("alice"));

        List<String> probes =
                List.of(
                        "alice", "alicf", "b", "bob1", "zz", "~", "é", "李子", "\uE001", "😀", "a",
                        "");
        for (String probe : probes) {
            long expected = 1 + IDS.stream().filter(id -> id.compareTo(probe) < 0).count();
            assertThat(snapshot.countBefore(key, probe))
                    .as("users before %s", probe)
                    .isEqualTo((int) expected);
        }
    }
}
