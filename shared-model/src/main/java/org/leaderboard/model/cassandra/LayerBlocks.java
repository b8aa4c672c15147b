package org.leaderboard.model.cassandra;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;

/**
 * The packed form of a snapshot layer: each chunk's users in id order, {@value #USERS_PER_BLOCK} to
 * a block, a block one blob. A block is a format byte, its user count and then per user the id
 * (length and UTF-8 bytes), the tally's six numbers (sum, count, min, max and the two halves of the
 * sum of squares, each a zigzag varint) and the voter sketch in its stored form (length + 1 and the
 * bytes, 0 for none). About 30 bytes for a user with one voter, where a row per user cost Cassandra
 * a row to read and the driver seven columns to decode: a 1M-user layer is 4,000 blobs instead of a
 * million rows.
 *
 * <p>Which users share a block depends only on the set of users (sorted ids, counted), never on the
 * sketches' sizes, so two workers writing the same layer at once write the same blocks' users: a
 * blob one writes over the other's holds the same users with the same tallies.
 */
public final class LayerBlocks {

    /** Users per block: at most about 600 KiB with every sketch at its largest, 10 KiB typical. */
    public static final int USERS_PER_BLOCK = 256;

    private static final byte FORMAT = 1;

    private LayerBlocks() {}

    /** The blocks of one chunk's users, in id order. */
    public static List<byte[]> encode(List<String> users, Tallies tallies) {
        String[] sorted = users.toArray(String[]::new);
        Arrays.sort(sorted);
        List<byte[]> blocks =
                new ArrayList<>((sorted.length + USERS_PER_BLOCK - 1) / USERS_PER_BLOCK);
        for (int start = 0; start < sorted.length; start += USERS_PER_BLOCK) {
            int end = Math.min(sorted.length, start + USERS_PER_BLOCK);
            Writer out = new Writer((end - start) * 40 + 8);
            out.put(FORMAT);
            out.putVarLong(end - start);
            for (int i = start; i < end; i++) {
                String user = sorted[i];
                byte[] id = user.getBytes(StandardCharsets.UTF_8);
                out.putVarLong(id.length);
                out.put(id);
                Tally tally = tallies.get(user);
                out.putZigZag(tally.sum());
                out.putZigZag(tally.count());
                out.putZigZag(tally.min());
                out.putZigZag(tally.max());
                out.putZigZag(tally.sumSqHigh());
                out.putZigZag(tally.sumSqLow());
                byte[] sketch = tallies.compactVoters(user);
                out.putVarLong(sketch == null ? 0 : sketch.length + 1L);
                if (sketch != null) {
                    out.put(sketch);
                }
            }
            blocks.add(out.bytes());
        }
        return blocks;
    }

    /**
     * Adds a block's users to {@code into}; returns how many it held. A block that is not one this
     * class wrote (truncated, longer, another format) is refused with an {@link
     * IllegalStateException}, never read as other tallies.
     */
    public static int decodeInto(ByteBuffer block, Tallies into) {
        byte[] bytes = new byte[block.remaining()];
        block.duplicate().get(bytes);
        try {
            return decode(bytes, into);
        } catch (IndexOutOfBoundsException e) {
            throw new IllegalStateException("snapshot layer block cut short", e);
        }
    }

    private static int decode(byte[] bytes, Tallies into) {
        Reader in = new Reader(bytes);
        byte format = in.next();
        if (format != FORMAT) {
            throw new IllegalStateException("snapshot layer block of unknown format " + format);
        }
        int users = (int) in.varLong();
        for (int i = 0; i < users; i++) {
            int idLength = in.length();
            String user = new String(bytes, in.position, idLength, StandardCharsets.UTF_8);
            in.position += idLength;
            Tally tally =
                    new Tally(
                            in.zigZag(),
                            in.zigZag(),
                            in.zigZag(),
                            in.zigZag(),
                            in.zigZag(),
                            in.zigZag());
            int sketchLength = in.length() - 1;
            byte[] sketch = null;
            if (sketchLength >= 0) {
                sketch = Arrays.copyOfRange(bytes, in.position, in.position + sketchLength);
                in.position += sketchLength;
            }
            into.addStored(user, tally, sketch);
        }
        if (in.position != bytes.length) {
            throw new IllegalStateException(
                    "snapshot layer block with " + (bytes.length - in.position) + " extra bytes");
        }
        return users;
    }

    private static final class Writer {
        private byte[] buffer;
        private int size;

        Writer(int capacity) {
            buffer = new byte[capacity];
        }

        void put(byte b) {
            ensure(1);
            buffer[size++] = b;
        }

        void put(byte[] bytes) {
            ensure(bytes.length);
            System.arraycopy(bytes, 0, buffer, size, bytes.length);
            size += bytes.length;
        }

        void putZigZag(long value) {
            putVarLong((value << 1) ^ (value >> 63));
        }

        void putVarLong(long value) {
            ensure(10);
            while ((value & ~0x7FL) != 0) {
                buffer[size++] = (byte) ((value & 0x7F) | 0x80);
                value >>>= 7;
            }
            buffer[size++] = (byte) value;
        }

        byte[] bytes() {
            return Arrays.copyOf(buffer, size);
        }

        private void ensure(int more) {
            if (size + more > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
            }
        }
    }

    private static final class Reader {
        private final byte[] bytes;
        private int position;

        Reader(byte[] bytes) {
            this.bytes = bytes;
        }

        byte next() {
            return bytes[position++];
        }

        /** A length: never past the block's end. */
        int length() {
            long length = varLong();
            if (length < 0 || length > bytes.length - position + 1L) {
                throw new IndexOutOfBoundsException("length " + length + " at " + position);
            }
            return (int) length;
        }

        long zigZag() {
            long raw = varLong();
            return (raw >>> 1) ^ -(raw & 1);
        }

        long varLong() {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte b = bytes[position++];
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
            }
            throw new IllegalStateException("snapshot layer block with a malformed number");
        }
    }
}
