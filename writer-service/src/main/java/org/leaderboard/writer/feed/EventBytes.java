package org.leaderboard.writer.feed;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.leaderboard.model.cassandra.StoredEvent;

/**
 * A {@link StoredEvent} as bytes, for a feed that keeps many of them in a few large arrays instead
 * of as five objects each: every young collection of the writer's heap copies the objects a feed
 * still holds, and a busy writer holds a second or two of events. Each component in turn: a flag
 * byte (which are null), the vote id's 16 bytes, the votes as 4, the user and the voter as a length
 * (7 bits a byte, low first) and UTF-8, and on a retraction the retracted vote's 16.
 */
final class EventBytes {

    private static final VarHandle LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private static final int NO_VOTE_ID = 1;
    private static final int NO_USER = 2;
    private static final int NO_VOTER = 4;
    private static final int RETRACTS = 8;

    private EventBytes() {}

    /** An event ready to be written: its strings as UTF-8, and the bytes it takes. */
    record Encoded(StoredEvent event, byte[] user, byte[] voter, int length) {

        static Encoded of(StoredEvent event) {
            byte[] user = utf8(event.user());
            byte[] voter = utf8(event.voter());
            int length =
                    1
                            + (event.voteId() == null ? 0 : 16)
                            + 4
                            + text(user)
                            + text(voter)
                            + (event.retracts() == null ? 0 : 16);
            return new Encoded(event, user, voter, length);
        }

        /** Writes the event at {@code offset} of {@code into}; returns the offset after it. */
        int writeTo(byte[] into, int offset) {
            into[offset++] = (byte) flags(event, user, voter);
            offset = uuid(event.voteId(), into, offset);
            INT.set(into, offset, event.votes());
            offset += 4;
            offset = text(user, into, offset);
            offset = text(voter, into, offset);
            return uuid(event.retracts(), into, offset);
        }
    }

    /** Reads the event written at {@code offset} of {@code from}. */
    static StoredEvent read(byte[] from, int offset) {
        Reader reader = new Reader(from, offset);
        int flags = from[reader.offset++];
        UUID voteId = (flags & NO_VOTE_ID) != 0 ? null : reader.uuid();
        int votes = reader.int32();
        String user = (flags & NO_USER) != 0 ? null : reader.text();
        String voter = (flags & NO_VOTER) != 0 ? null : reader.text();
        UUID retracts = (flags & RETRACTS) != 0 ? reader.uuid() : null;
        return new StoredEvent(voteId, user, voter, votes, retracts);
    }

    private static int flags(StoredEvent event, byte[] user, byte[] voter) {
        return (event.voteId() == null ? NO_VOTE_ID : 0)
                | (user == null ? NO_USER : 0)
                | (voter == null ? NO_VOTER : 0)
                | (event.retracts() == null ? 0 : RETRACTS);
    }

    private static byte[] utf8(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    private static int text(byte[] utf8) {
        if (utf8 == null) {
            return 0;
        }
        int length = 1;
        for (int rest = utf8.length >>> 7; rest != 0; rest >>>= 7) {
            length++;
        }
        return length + utf8.length;
    }

    private static int text(byte[] utf8, byte[] into, int offset) {
        if (utf8 == null) {
            return offset;
        }
        int rest = utf8.length;
        while (rest >= 0x80) {
            into[offset++] = (byte) (rest | 0x80);
            rest >>>= 7;
        }
        into[offset++] = (byte) rest;
        System.arraycopy(utf8, 0, into, offset, utf8.length);
        return offset + utf8.length;
    }

    private static int uuid(UUID id, byte[] into, int offset) {
        if (id == null) {
            return offset;
        }
        LONG.set(into, offset, id.getMostSignificantBits());
        LONG.set(into, offset + 8, id.getLeastSignificantBits());
        return offset + 16;
    }

    private static final class Reader {
        private final byte[] from;
        private int offset;

        Reader(byte[] from, int offset) {
            this.from = from;
            this.offset = offset;
        }

        UUID uuid() {
            UUID id = new UUID((long) LONG.get(from, offset), (long) LONG.get(from, offset + 8));
            offset += 16;
            return id;
        }

        int int32() {
            int value = (int) INT.get(from, offset);
            offset += 4;
            return value;
        }

        String text() {
            int length = 0;
            int shift = 0;
            byte next;
            do {
                next = from[offset++];
                length |= (next & 0x7f) << shift;
                shift += 7;
            } while (next < 0);
            String text = new String(from, offset, length, StandardCharsets.UTF_8);
            offset += length;
            return text;
        }
    }
}
