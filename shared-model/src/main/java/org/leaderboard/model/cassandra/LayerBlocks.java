package org.leaderboard.model.cassandra;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.leaderboard.model.tally.Tallies;
import org.leaderboard.model.tally.Tally;
import org.leaderboard.model.tally.VoterSketches;

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
                out.putRecord(id, 0, id.length, tallies.get(user), tallies.compactVoters(user));
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
        checkFormat(in.next());
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

    /**
     * The blocks of one chunk of two layers merged, as {@link #encode} would write the chunk of
     * both layers' tallies added up ({@code earlier}'s tally plus {@code later}'s, their voter
     * sketches' union): both chunks' users are walked once in id order, a user in one of them
     * copied as its bytes stand, one in both summed. Nothing is decoded into maps, tallies or
     * sketch objects except for the users in both, so merging a million-user layer costs a walk
     * over its bytes where reading it into tallies and encoding them again took seconds of CPU and
     * hundreds of megabytes. A block that is not one this class wrote is refused with an {@link
     * IllegalStateException}, as when decoding.
     */
    public static List<byte[]> merge(List<byte[]> earlier, List<byte[]> later) {
        Blocks out = new Blocks();
        VoterSketches.Merger sketches = null;
        try {
            Cursor a = new Cursor(earlier);
            Cursor b = new Cursor(later);
            while (a.valid() && b.valid()) {
                int order = a.compareId(b);
                if (order < 0) {
                    out.copy(a);
                    a.advance();
                } else if (order > 0) {
                    out.copy(b);
                    b.advance();
                } else {
                    if (sketches == null) {
                        sketches = new VoterSketches.Merger();
                    }
                    out.sum(a, b, sketches);
                    a.advance();
                    b.advance();
                }
            }
            for (; a.valid(); a.advance()) {
                out.copy(a);
            }
            for (; b.valid(); b.advance()) {
                out.copy(b);
            }
        } catch (IndexOutOfBoundsException e) {
            throw new IllegalStateException("snapshot layer block cut short", e);
        }
        return out.finish();
    }

    /** How many users a block holds, read from its header alone. */
    public static int usersIn(byte[] block) {
        try {
            Reader in = new Reader(block);
            checkFormat(in.next());
            return (int) in.varLong();
        } catch (IndexOutOfBoundsException e) {
            throw new IllegalStateException("snapshot layer block cut short", e);
        }
    }

    private static void checkFormat(byte format) {
        if (format != FORMAT) {
            throw new IllegalStateException("snapshot layer block of unknown format " + format);
        }
    }

    /**
     * A layer's users (each chunk's blocks in order) decoded into columns in id order. The chunks
     * hold disjoint users, each chunk in id order, so their records are merged as they stand
     * through a heap of the chunks' current ids: no map, no object per user. {@code users} is the
     * count the blocks' headers give. A block that is not one this class wrote, or a user out of
     * order or held twice, is refused with an {@link IllegalStateException}, never ranked.
     */
    static LayerColumns columns(List<List<byte[]>> chunks, long users) {
        long bytes = 0;
        for (List<byte[]> chunk : chunks) {
            for (byte[] block : chunk) {
                bytes += block.length;
            }
        }
        if (users > Integer.MAX_VALUE - 1 || bytes > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("snapshot layer too large to rank in memory");
        }
        LayerColumns columns = new LayerColumns((int) users, (int) bytes);
        try {
            Cursor[] heap = new Cursor[chunks.size()];
            int live = 0;
            for (List<byte[]> chunk : chunks) {
                Cursor cursor = new Cursor(chunk);
                if (cursor.valid()) {
                    heap[live++] = cursor;
                }
            }
            for (int i = live / 2 - 1; i >= 0; i--) {
                siftDown(heap, i, live);
            }
            long[] tally = new long[6];
            while (live > 0) {
                Cursor first = heap[0];
                checkAfterLast(columns, first);
                first.tallyInto(tally);
                columns.add(
                        first.in.bytes,
                        first.idStart,
                        first.idLength,
                        tally,
                        first.sketchStart,
                        Math.max(0, first.sketchLength));
                first.advance();
                if (!first.valid()) {
                    heap[0] = heap[--live];
                }
                siftDown(heap, 0, live);
            }
        } catch (IndexOutOfBoundsException e) {
            throw new IllegalStateException("snapshot layer block cut short", e);
        }
        return columns;
    }

    private static void checkAfterLast(LayerColumns columns, Cursor next) {
        int last = columns.size() - 1;
        if (last >= 0
                && compareIds(
                                columns.idBytes(),
                                columns.idStart(last),
                                columns.idEnd(last) - columns.idStart(last),
                                next.in.bytes,
                                next.idStart,
                                next.idLength)
                        >= 0) {
            throw new IllegalStateException(
                    "snapshot layer with user " + next.id() + " out of order or twice");
        }
    }

    /** Restores the heap order (smallest id first) below {@code i}. */
    private static void siftDown(Cursor[] heap, int i, int size) {
        Cursor moving = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && heap[child + 1].compareId(heap[child]) < 0) {
                child++;
            }
            if (heap[child].compareId(moving) >= 0) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = moving;
    }

    /**
     * As {@link String#compareTo} orders the two ids given as UTF-8 (a ranking's ties, a layer's
     * users), without making a String unless both differ first past ASCII.
     */
    public static int compareIds(
            byte[] mine,
            int myStart,
            int myLength,
            byte[] theirs,
            int theirStart,
            int theirLength) {
        int common = Math.min(myLength, theirLength);
        for (int i = 0; i < common; i++) {
            int x = mine[myStart + i] & 0xFF;
            int y = theirs[theirStart + i] & 0xFF;
            if (x != y) {
                // UTF-8 bytes order ids by code point; String order differs from it only past
                // ASCII (surrogate pairs against the last BMP characters).
                return x < 0x80 && y < 0x80
                        ? x - y
                        : new String(mine, myStart, myLength, StandardCharsets.UTF_8)
                                .compareTo(
                                        new String(
                                                theirs,
                                                theirStart,
                                                theirLength,
                                                StandardCharsets.UTF_8));
            }
        }
        return myLength - theirLength;
    }

    /**
     * One user record after another over a chunk's blocks in order: where the current record's id,
     * tally and sketch lie in its block.
     */
    private static final class Cursor {
        private final List<byte[]> blocks;
        private int block = -1;
        private Reader in;
        private int usersLeft;
        private int start;
        private int idStart;
        private int idLength;
        private int sketchStart;
        private int sketchLength;
        private int end;
        private boolean valid;

        Cursor(List<byte[]> blocks) {
            this.blocks = blocks;
            advance();
        }

        boolean valid() {
            return valid;
        }

        /** Moves to the next record, across blocks; not valid once past the last. */
        void advance() {
            while (usersLeft == 0) {
                if (in != null && in.position != in.bytes.length) {
                    throw new IllegalStateException(
                            "snapshot layer block with "
                                    + (in.bytes.length - in.position)
                                    + " extra bytes");
                }
                if (++block >= blocks.size()) {
                    valid = false;
                    return;
                }
                in = new Reader(blocks.get(block));
                checkFormat(in.next());
                usersLeft = (int) in.varLong();
            }
            start = in.position;
            idLength = in.length();
            idStart = in.position;
            in.position += idLength;
            for (int i = 0; i < 6; i++) {
                in.varLong();
            }
            sketchLength = in.length() - 1;
            sketchStart = in.position;
            if (sketchLength > 0) {
                in.position += sketchLength;
            }
            if (in.position > in.bytes.length) {
                throw new IndexOutOfBoundsException("record past the block's end");
            }
            end = in.position;
            usersLeft--;
            valid = true;
        }

        /** As {@link String#compareTo} orders the two ids (the order {@link #encode} sorts in). */
        int compareId(Cursor other) {
            return compareIds(
                    in.bytes, idStart, idLength, other.in.bytes, other.idStart, other.idLength);
        }

        String id() {
            return new String(in.bytes, idStart, idLength, StandardCharsets.UTF_8);
        }

        Tally tally() {
            long[] numbers = new long[6];
            tallyInto(numbers);
            return new Tally(
                    numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]);
        }

        /** The tally's six numbers (sum, count, min, max, sum of squares high and low). */
        void tallyInto(long[] numbers) {
            Reader tally = new Reader(in.bytes);
            tally.position = idStart + idLength;
            for (int i = 0; i < 6; i++) {
                numbers[i] = tally.zigZag();
            }
        }

        /** The voter sketch in its stored form, null for none. */
        byte[] sketch() {
            return sketchLength < 0
                    ? null
                    : Arrays.copyOfRange(in.bytes, sketchStart, sketchStart + sketchLength);
        }
    }

    /** Merged records, {@value #USERS_PER_BLOCK} to a block. */
    private static final class Blocks {
        private final List<byte[]> blocks = new ArrayList<>();
        private Writer records = new Writer(USERS_PER_BLOCK * 40);
        private int users;

        void copy(Cursor record) {
            records.put(record.in.bytes, record.start, record.end - record.start);
            added();
        }

        void sum(Cursor earlier, Cursor later, VoterSketches.Merger sketches) {
            records.putRecord(
                    earlier.in.bytes,
                    earlier.idStart,
                    earlier.idLength,
                    earlier.tally().plus(later.tally()),
                    earlier.sketchLength < 0 || later.sketchLength < 0
                            ? VoterSketches.union(earlier.sketch(), later.sketch())
                            : sketches.union(
                                    earlier.in.bytes,
                                    earlier.sketchStart,
                                    earlier.sketchLength,
                                    later.in.bytes,
                                    later.sketchStart,
                                    later.sketchLength));
            added();
        }

        private void added() {
            if (++users == USERS_PER_BLOCK) {
                flush();
            }
        }

        private void flush() {
            Writer block = new Writer(records.size + 8);
            block.put(FORMAT);
            block.putVarLong(users);
            block.put(records.buffer, 0, records.size);
            blocks.add(block.bytes());
            records = new Writer(USERS_PER_BLOCK * 40);
            users = 0;
        }

        List<byte[]> finish() {
            if (users > 0) {
                flush();
            }
            return blocks;
        }
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
            put(bytes, 0, bytes.length);
        }

        void put(byte[] bytes, int offset, int length) {
            ensure(length);
            System.arraycopy(bytes, offset, buffer, size, length);
            size += length;
        }

        /**
         * A user's record: its id ({@code length} bytes of {@code id} from {@code offset}), its
         * tally and its voter sketch in the stored form (null: none).
         */
        void putRecord(byte[] id, int offset, int length, Tally tally, byte[] sketch) {
            putVarLong(length);
            put(id, offset, length);
            putZigZag(tally.sum());
            putZigZag(tally.count());
            putZigZag(tally.min());
            putZigZag(tally.max());
            putZigZag(tally.sumSqHigh());
            putZigZag(tally.sumSqLow());
            putVarLong(sketch == null ? 0 : sketch.length + 1L);
            if (sketch != null) {
                put(sketch);
            }
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
