package org.leaderboard.writer.command;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * A fixed set of locks picked by key hash: serialises work on the same claim row inside one writer
 * without a lock object per key. Different keys may share a stripe, which only costs waiting.
 */
final class StripedLocks {

    private final ReentrantLock[] stripes;

    StripedLocks(int count) {
        stripes = new ReentrantLock[count];
        for (int i = 0; i < count; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    <T> T underLock(String first, Object second, Supplier<T> work) {
        ReentrantLock lock =
                stripes[Math.floorMod(31 * first.hashCode() + second.hashCode(), stripes.length)];
        lock.lock();
        try {
            return work.get();
        } finally {
            lock.unlock();
        }
    }
}
