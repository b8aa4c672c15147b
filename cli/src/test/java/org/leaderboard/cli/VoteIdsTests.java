package org.leaderboard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.time.TimeUuids;

class VoteIdsTests {

    private static final Instant IMPORT_TIME = Instant.parse("2026-11-21T10:00:00.250Z");
    private static final Instant ROW_TIME = Instant.parse("2026-11-21T09:59:58.123Z");

    @Test
    void theSameImportGivesTheSameIdsAndEveryLineItsOwn() {
        VoteIds first = new VoteIds("sha256:abc", IMPORT_TIME);
        VoteIds again = new VoteIds("sha256:abc", IMPORT_TIME);
        Set<UUID> ids = new HashSet<>();
        for (long line = 2; line < 10_002; line++) {
            UUID id = first.idOf(row(line, null, null));
            assertThat(again.idOf(row(line, null, null))).isEqualTo(id);
            ids.add(id);
        }
        assertThat(ids).hasSize(10_000);
    }

    @Test
    void anIdIsAVersionOneTimeUuidAtTheRowsTimeOrElseTheImportsTime() {
        VoteIds ids = new VoteIds("sha256:abc", IMPORT_TIME);
        UUID withTime = ids.idOf(row(2, ROW_TIME, null));
        UUID withoutTime = ids.idOf(row(3, null, null));
        assertThat(TimeUuids.isTimeUuid(withTime)).isTrue();
        assertThat(TimeUuids.timeOf(withTime)).isEqualTo(ROW_TIME);
        assertThat(TimeUuids.isTimeUuid(withoutTime)).isTrue();
        assertThat(TimeUuids.timeOf(withoutTime)).isEqualTo(IMPORT_TIME);
    }

    @Test
    void anotherImportOrAnotherTimeGivesOtherIdsAndARowsOwnIdIsKept() {
        VoteRow row = row(2, null, null);
        UUID id = new VoteIds("sha256:abc", IMPORT_TIME).idOf(row);
        assertThat(new VoteIds("sha256:abd", IMPORT_TIME).idOf(row)).isNotEqualTo(id);
        assertThat(new VoteIds("sha256:abc", IMPORT_TIME.plusMillis(1)).idOf(row)).isNotEqualTo(id);
        UUID own = UUID.fromString("6f0e5a40-c79a-11f0-8000-000000000001");
        assertThat(new VoteIds("sha256:abc", IMPORT_TIME).idOf(row(2, null, own))).isEqualTo(own);
    }

    private static VoteRow row(long line, Instant time, UUID voteId) {
        return new VoteRow(line, "abba,v1,1", "abba", "v1", 1, time, voteId);
    }
}
