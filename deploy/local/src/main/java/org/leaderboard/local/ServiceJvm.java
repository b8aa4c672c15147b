package org.leaderboard.local;

import java.util.List;
import java.util.stream.Stream;

/**
 * The JVM flags the local run and the benchmarks start the services with, beside their heaps. The
 * query service gets all of them (the Kubernetes manifests set the same in its {@code
 * JAVA_TOOL_OPTIONS}); the snapshot worker gets {@link #PRIORITIES}, so that its passes run at nice
 * 10. The benchmarks run their own passes in their own JVM, which ./run-benchmarks starts with the
 * same priorities.
 */
public final class ServiceJvm {

    /**
     * Its heap on 2 MB pages where the kernel offers them (madvise or always): its rankings are
     * looked up at random over tens of megabytes, and a newer head's ranking takes a sixth less CPU
     * (docs/performance.md).
     */
    public static final String HUGE_PAGES = "-XX:+UseTransparentHugePages";

    /**
     * Java thread priorities made OS ones, for the lowest only: the threads that rank a newer
     * snapshot head apart from the reads (and the snapshot worker's passes) run at nice 10, every
     * other thread at 0, as without these flags (the JVM's own threads would otherwise ask for -4
     * and -5, which needs root). On a busy machine the scheduler then gives the cores to answers,
     * the reads they wait for and the store first (docs/performance.md, "Newer heads ranked at a
     * lower priority"). Raising a nice value needs no privilege: as another user than root the JVM
     * warns once at start and the flags work.
     */
    public static final List<String> PRIORITIES =
            List.of(
                    "-XX:ThreadPriorityPolicy=1",
                    "-XX:JavaPriority1_To_OSPriority=10",
                    "-XX:JavaPriority6_To_OSPriority=0",
                    "-XX:JavaPriority7_To_OSPriority=0",
                    "-XX:JavaPriority8_To_OSPriority=0",
                    "-XX:JavaPriority9_To_OSPriority=0",
                    "-XX:JavaPriority10_To_OSPriority=0");

    /** All of them. */
    public static List<String> flags() {
        return Stream.concat(Stream.of(HUGE_PAGES), PRIORITIES.stream()).toList();
    }

    private ServiceJvm() {}
}
