package org.leaderboard.writer.config;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.axonframework.common.IdentifierFactory;

/**
 * Axon's message identifiers (one per command) from {@link ThreadLocalRandom} instead of {@link
 * UUID#randomUUID()}: under load the single {@code SecureRandom} behind {@code randomUUID} was the
 * writer's most contended monitor (JFR, 256 connections of single votes). The identifiers only name
 * messages inside this process; nothing relies on them being unpredictable. Axon finds this factory
 * through {@code META-INF/services}.
 */
public final class FastMessageIds extends IdentifierFactory {

    @Override
    public String generateIdentifier() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        // Version 4 and the IETF variant, as randomUUID's.
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }
}
