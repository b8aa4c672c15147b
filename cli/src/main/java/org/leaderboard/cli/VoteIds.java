package org.leaderboard.cli;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.UUID;
import org.leaderboard.model.time.TimeUuids;

/**
 * Vote ids derived from the import, so that running the same import again sends the same ids and
 * the writer stores nothing twice. An id is a version-1 timeuuid (the writer takes the vote's time
 * from it and checks it against the board's write window): its time is the row's {@code time}, or
 * the import's time for rows without one; its other bits (sub-millisecond ticks, clock sequence and
 * node) come from a SHA-256 of the import's identity and the line number, so two lines never share
 * an id and one line always gets the same one. A row with its own voteId keeps it.
 */
final class VoteIds {

    private final String importId;
    private final Instant importTime;

    VoteIds(String importId, Instant importTime) {
        this.importId = importId;
        this.importTime = importTime;
    }

    UUID idOf(VoteRow row) {
        if (row.voteId() != null) {
            return row.voteId();
        }
        ByteBuffer hash = ByteBuffer.wrap(sha256(importId + "\n" + row.line()));
        int subMillisTicks = (int) Long.remainderUnsigned(hash.getLong(), 10_000);
        return TimeUuids.voteIdAt(timeOf(row), subMillisTicks, hash.getLong());
    }

    Instant timeOf(VoteRow row) {
        return row.time() != null ? row.time() : importTime;
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
