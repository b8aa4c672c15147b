package org.leaderboard.model.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TimeAndShardTests {

    @Test
    void aVoteIdCarriesItsTimeToTheMillisecondAndIsAVersionOneUuid() {
        Instant time = Instant.parse("2026-11-21T10:15:30.123Z");
        Set<UUID> ids = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            UUID id = TimeUuids.voteIdAt(time);
            assertThat(TimeUuids.isTimeUuid(id)).isTrue();
            assertThat(TimeUuids.timeOf(id)).isEqualTo(time);
            ids.add(id);
        }
        assertThat(ids).as("ids at the same millisecond stay distinct").hasSize(1000);
        assertThat(TimeUuids.isTimeUuid(UUID.randomUUID())).isFalse();
    }

    @Test
    void aVoteIdFromGivenBitsIsTheSameEveryTimeAndKeepsItsTime() {
        Instant time = Instant.parse("2026-11-21T10:15:30.123Z");
        UUID id = TimeUuids.voteIdAt(time, 9_999, -1L);
        assertThat(TimeUuids.voteIdAt(time, 9_999, -1L)).isEqualTo(id);
        assertThat(TimeUuids.isTimeUuid(id)).isTrue();
        assertThat(TimeUuids.timeOf(id)).isEqualTo(time);
        assertThat(TimeUuids.voteIdAt(time, 9_999, 0L)).isNotEqualTo(id);
    }

    @Test
    void bucketsFloorToTheirBoundaryAndListWholeBuckets() {
        Buckets minutes = Buckets.ofSeconds(60);
        assertThat(minutes.floor(Instant.parse("2026-11-21T10:15:30Z")))
                .isEqualTo(Instant.parse("2026-11-21T10:15:00Z"));
        assertThat(minutes.floor(Instant.parse("1969-12-31T23:59:30Z")))
                .isEqualTo(Instant.parse("1969-12-31T23:59:00Z"));
        assertThat(
                        minutes.startsBetween(
                                Instant.parse("2026-11-21T10:15:30Z"),
                                Instant.parse("2026-11-21T10:17:00Z")))
                .containsExactly(
                        Instant.parse("2026-11-21T10:15:00Z"),
                        Instant.parse("2026-11-21T10:16:00Z"));
    }

    @Test
    void shardsAndChunksAreStableAndSpreadEvenly() {
        // Stored in primary keys: these exact values must never change.
        assertThat(Hashing.shardOf(UUID.fromString("8d8ac610-566d-11ec-bf63-0242ac130002"), 8))
                .isEqualTo(
                        Hashing.shardOf(
                                UUID.fromString("8d8ac610-566d-11ec-bf63-0242ac130002"), 8));
        int[] shards = new int[8];
        int[] chunks = new int[16];
        Instant now = Instant.now();
        for (int i = 0; i < 80_000; i++) {
            shards[Hashing.shardOf(TimeUuids.voteIdAt(now), 8)]++;
            chunks[Hashing.chunkOf("user-" + i, 16)]++;
        }
        for (int count : shards) {
            assertThat(count).isBetween(9_000, 11_000);
        }
        for (int count : chunks) {
            assertThat(count).isBetween(4_500, 5_500);
        }
    }

    @Test
    void placementsArePinnedBecauseTheyAreStoredInPrimaryKeys() {
        // Values recorded from the first release; a change here orphans every stored row.
        UUID voteId = UUID.fromString("8d8ac610-566d-11ec-bf63-0242ac130002");
        assertThat(Hashing.shardOf(voteId, 8)).isEqualTo(2);
        assertThat(Hashing.shardOf(voteId, 256)).isEqualTo(250);
        assertThat(Hashing.chunkOf("alice", 16)).isEqualTo(11);
        assertThat(Hashing.chunkOf("Zo\u00eb \ud83c\udfa4", 1024)).isEqualTo(877);
    }
}
