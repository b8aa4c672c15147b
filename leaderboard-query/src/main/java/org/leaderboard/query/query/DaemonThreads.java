package org.leaderboard.query.query;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The query service's own thread pools: daemon threads, cached, named after their work.
 *
 * <p>Work no answer waits for (ranking a newer snapshot head apart from the reads, which go on from
 * the head held meanwhile) runs on {@link #background} threads, at {@link Thread#MIN_PRIORITY}. On
 * Linux the JVM ignores Java priorities unless started with {@code -XX:ThreadPriorityPolicy=1};
 * with it (and {@code -XX:JavaPriority1_To_OSPriority=10}, as the local run, the benchmarks and the
 * Kubernetes manifests start the service) those threads run at nice 10, so that on a busy machine
 * the scheduler gives the cores to answers, the reads they wait for and the store first. Raising a
 * nice value needs no privilege; the JVM warns at start when not run as root, and the background
 * threads still run at nice 10.
 */
final class DaemonThreads {

    private DaemonThreads() {}

    /** Threads at normal priority, for work answers wait for. */
    static ExecutorService named(String name) {
        return pool(name, Thread.NORM_PRIORITY);
    }

    /** Threads at the lowest priority, for work no answer waits for. */
    static ExecutorService background(String name) {
        return pool(name, Thread.MIN_PRIORITY);
    }

    private static ExecutorService pool(String name, int priority) {
        return Executors.newCachedThreadPool(
                runnable -> {
                    Thread thread = new Thread(runnable, name);
                    thread.setDaemon(true);
                    thread.setPriority(priority);
                    return thread;
                });
    }
}
