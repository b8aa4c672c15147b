package org.leaderboard.writer.feed;

import java.util.ArrayList;
import java.util.List;
import org.leaderboard.model.cassandra.StoredEvent;

/**
 * One board's kept events and their append times, a ring that grows as needed: numbers {@link
 * #first} to {@link #next} (exclusive). Not thread-safe: {@link AckFeed} holds the board's lock.
 */
final class BoardEvents {

    private static final int INITIAL_CAPACITY = 64;

    private StoredEvent[] events = new StoredEvent[INITIAL_CAPACITY];
    private long[] appendedAt = new long[INITIAL_CAPACITY];
    private int head;
    private int size;
    private long next;

    long next() {
        return next;
    }

    long first() {
        return next - size;
    }

    void add(long nanos, StoredEvent event) {
        if (size == events.length) {
            grow();
        }
        int slot = (head + size) % events.length;
        events[slot] = event;
        appendedAt[slot] = nanos;
        size++;
        next++;
    }

    /**
     * Forgets the events appended before {@code oldestNanos}, and all but the newest {@code max}.
     */
    void forget(long oldestNanos, int max) {
        while (size > 0 && (size > max || appendedAt[head] - oldestNanos < 0)) {
            events[head] = null;
            head = (head + 1) % events.length;
            size--;
        }
        if (size == 0 && events.length > INITIAL_CAPACITY) {
            // A board gone quiet gives its memory back and keeps only its next number.
            events = new StoredEvent[INITIAL_CAPACITY];
            appendedAt = new long[INITIAL_CAPACITY];
            head = 0;
        }
    }

    /** The events from number {@code from} (between {@link #first} and {@link #next}) on. */
    List<StoredEvent> from(long from) {
        int count = (int) (next - from);
        List<StoredEvent> copy = new ArrayList<>(count);
        int start = head + (int) (from - first());
        for (int i = 0; i < count; i++) {
            copy.add(events[(start + i) % events.length]);
        }
        return copy;
    }

    private void grow() {
        int capacity = events.length * 2;
        StoredEvent[] grown = new StoredEvent[capacity];
        long[] grownTimes = new long[capacity];
        for (int i = 0; i < size; i++) {
            grown[i] = events[(head + i) % events.length];
            grownTimes[i] = appendedAt[(head + i) % events.length];
        }
        events = grown;
        appendedAt = grownTimes;
        head = 0;
    }
}
