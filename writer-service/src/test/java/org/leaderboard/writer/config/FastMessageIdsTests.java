package org.leaderboard.writer.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.axonframework.common.IdentifierFactory;
import org.junit.jupiter.api.Test;

class FastMessageIdsTests {

    @Test
    void axonUsesItAndItsIdsAreDistinctVersion4Uuids() {
        assertThat(IdentifierFactory.getInstance()).isInstanceOf(FastMessageIds.class);
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = IdentifierFactory.getInstance().generateIdentifier();
            UUID uuid = UUID.fromString(id);
            assertThat(uuid.version()).isEqualTo(4);
            assertThat(uuid.variant()).isEqualTo(2);
            ids.add(id);
        }
        assertThat(ids).hasSize(10_000);
    }
}
