package org.leaderboard.writer.feed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.StoredEvent;

class EventBytesTests {

    @Test
    void votesRetractionsAndMissingComponentsReadBackAsWritten() {
        List<StoredEvent> events =
                List.of(
                        new StoredEvent(UUID.randomUUID(), "alice", "voter-1", 3, null),
                        new StoredEvent(
                                UUID.randomUUID(), "alice", "voter-1", -3, UUID.randomUUID()),
                        new StoredEvent(UUID.randomUUID(), "Zoë 🎤 北京", "ünïcode", 1, null),
                        new StoredEvent(UUID.randomUUID(), "u".repeat(20_000), "", 0, null),
                        new StoredEvent(null, null, null, Integer.MIN_VALUE, null),
                        new StoredEvent(
                                new UUID(-1, 0), "x", null, Integer.MAX_VALUE, new UUID(0, -1)));

        byte[] bytes = new byte[64_000];
        int[] starts = new int[events.size()];
        int offset = 0;
        for (int i = 0; i < events.size(); i++) {
            starts[i] = offset;
            EventBytes.Encoded encoded = EventBytes.Encoded.of(events.get(i));
            offset = encoded.writeTo(bytes, offset);
            assertThat(offset - starts[i]).as("its length").isEqualTo(encoded.length());
        }

        for (int i = 0; i < events.size(); i++) {
            assertThat(EventBytes.read(bytes, starts[i])).isEqualTo(events.get(i));
        }
    }
}
