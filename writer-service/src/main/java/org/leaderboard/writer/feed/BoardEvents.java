package org.leaderboard.writer.feed;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.leaderboard.model.cassandra.StoredEvent;

/**
 * One board's kept events and their append times: numbers {@link #first} to {@link #next}
 * (exclusive). Not thread-safe: {@link AckFeed} holds the board's lock.
 *
 * <p>Kept as bytes ({@link EventBytes}) in segments of up to {@value #MAX_SEGMENT_EVENTS} events,
 * each three arrays, so that a busy board costs the writer's young collections a few large arrays
 * to copy or skip (G1 allocates arrays of half a region or more outside the young generation), not
 * five objects per event. A board's first segment is small and each next one twice the size, so a
 * quiet board takes little memory.
 */
final class BoardEvents {

    private static final int FIRST_SEGMENT_EVENTS = 64;
    static final int MAX_SEGMENT_EVENTS = 16_384;

    /**
     * Bytes a segment starts with for each event it can hold; it grows if its events are longer.
     */
    private static final int BYTES_PER_EVENT = 64;

    private final ArrayDeque<Segment> segments = new ArrayDeque<>();
    private long first;
    private long next;

    long next() {
        return next;
    }

    long first() {
        return first;
    }

    void add(long nanos, StoredEvent event) {
        Segment last = segments.peekLast();
        if (last == null || last.full()) {
            int events =
                    last == null
                            ? FIRST_SEGMENT_EVENTS
                            : Math.min(last.times.length * 2, MAX_SEGMENT_EVENTS);
            last = new Segment(next, events);
            segments.addLast(last);
        }
        last.add(nanos, EventBytes.Encoded.of(event));
        next++;
    }

    /**
     * Forgets the events appended before {@code oldestNanos}, and all but the newest {@code max}.
     */
    void forget(long oldestNanos, int max) {
        first = Math.max(first, next - max);
        // Forgets in order up to the first event young enough, as before: append times are read
        // before the lock is taken, so they may be out of order by a few microseconds.
        for (Iterator<Segment> kept = segments.iterator(); kept.hasNext(); ) {
            Segment segment = kept.next();
            while (first < segment.end() && segment.appendedAt(first) - oldestNanos < 0) {
                first++;
            }
            if (first < segment.end()) {
                return;
            }
            // A board gone quiet gives all its memory back and keeps only its next number.
            kept.remove();
        }
    }

    /**
     * The events from number {@code from} (between {@link #first} and {@link #next}) on, as a copy
     * of their bytes: copied under the board's lock, decoded after it ({@link Copy#events}), so
     * that a large page does not hold up the appends of acknowledged events.
     */
    Copy copyFrom(long from) {
        int count = (int) (next - from);
        int[] starts = new int[count];
        int length = 0;
        for (Segment segment : segments) {
            length += segment.bytesFrom(from);
        }
        byte[] bytes = new byte[length];
        int event = 0;
        int offset = 0;
        for (Segment segment : segments) {
            event = segment.startsFrom(from, offset, starts, event);
            offset = segment.copyFrom(from, bytes, offset);
        }
        return new Copy(bytes, starts);
    }

    /** Events copied out of a board: their bytes, and where each one starts. */
    record Copy(byte[] bytes, int[] starts) {

        List<StoredEvent> events() {
            List<StoredEvent> events = new ArrayList<>(starts.length);
            for (int start : starts) {
                events.add(EventBytes.read(bytes, start));
            }
            return events;
        }
    }

    /** Events {@code firstNumber} on, their append times and where each one's bytes end. */
    private static final class Segment {
        final long firstNumber;
        final long[] times;
        final int[] ends;
        byte[] bytes;
        int count;

        Segment(long firstNumber, int events) {
            this.firstNumber = firstNumber;
            this.times = new long[events];
            this.ends = new int[events];
            this.bytes = new byte[events * BYTES_PER_EVENT];
        }

        boolean full() {
            return count == times.length;
        }

        long end() {
            return firstNumber + count;
        }

        void add(long nanos, EventBytes.Encoded event) {
            int start = count == 0 ? 0 : ends[count - 1];
            if (start + event.length() > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, start + event.length()));
            }
            times[count] = nanos;
            ends[count] = event.writeTo(bytes, start);
            count++;
        }

        long appendedAt(long number) {
            return times[(int) (number - firstNumber)];
        }

        /** Where event {@code number}'s bytes start. */
        int start(long number) {
            int index = (int) (number - firstNumber);
            return index == 0 ? 0 : ends[index - 1];
        }

        /** The first of this segment's events a copy from {@code from} takes. */
        private long firstFrom(long from) {
            return Math.min(Math.max(from, firstNumber), end());
        }

        int bytesFrom(long from) {
            return count == 0 ? 0 : ends[count - 1] - start(firstFrom(from));
        }

        /** Writes where each copied event starts into {@code starts}; returns the next index. */
        int startsFrom(long from, int offset, int[] starts, int index) {
            int base = start(firstFrom(from));
            for (long number = firstFrom(from); number < end(); number++) {
                starts[index++] = offset + start(number) - base;
            }
            return index;
        }

        /** Copies the bytes of events {@code from} on to {@code into}; returns the offset after. */
        int copyFrom(long from, byte[] into, int offset) {
            int length = bytesFrom(from);
            System.arraycopy(bytes, start(firstFrom(from)), into, offset, length);
            return offset + length;
        }
    }
}
