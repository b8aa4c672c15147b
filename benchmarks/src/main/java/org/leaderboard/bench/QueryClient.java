package org.leaderboard.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The query service as clients and operators see it: the two queries of scenario 4 (top 100, a
 * user's rank with {@code around=5}), in either consistency mode, and the service's heap after a
 * full GC (forced with {@code jcmd <pid> GC.run}, read from {@code /actuator/metrics}). Requests go
 * through {@link KeptAliveGets}, as lean per request as Jedis is for Redis.
 */
final class QueryClient {

    /** The bounded-staleness mode of the design (invariant 7). */
    static final String EVENTUAL = "eventual";

    /** The entries a standing asks for above and below the user. */
    static final int AROUND = 5;

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A status and body, as the query service answered them, and its {@code Retry-After} in seconds
     * (-1 without one).
     */
    record Answer(int statusCode, String body, int retryAfterSeconds) {

        Answer(int statusCode, String body) {
            this(statusCode, body, -1);
        }
    }

    private final KeptAliveGets http;
    private final Optional<Long> pid;

    QueryClient(String baseUrl, Optional<Long> pid) {
        this.http = new KeptAliveGets(baseUrl);
        this.pid = pid;
    }

    Answer top100(String board, String consistency) {
        return get("/boards/" + board + "/leaderboard?limit=100" + mode(consistency, "&"));
    }

    Answer around(String board, String user, String consistency) {
        return get(
                "/boards/"
                        + board
                        + "/users/"
                        + user
                        + "?around="
                        + AROUND
                        + mode(consistency, "&"));
    }

    private static String mode(String consistency, String separator) {
        return consistency == null ? "" : separator + "consistency=" + consistency;
    }

    /**
     * Why the service cannot answer in the bounded-staleness mode, or empty if it can. Supported
     * means: {@code ?consistency=eventual} is answered 200 and the answer says so, with a top-level
     * {@code consistency} field equal to "eventual" or a field whose name mentions staleness
     * ({@code staleness}, {@code stalenessMillis}, {@code staleAsOf} ...). A 400, or a 200 that
     * does not say it (the parameter ignored), is "not available".
     */
    Optional<String> eventualUnsupported(String board) {
        Answer response = top100(board, EVENTUAL);
        return eventualUnsupported(response.statusCode(), response.body());
    }

    static Optional<String> eventualUnsupported(int status, String body) {
        if (status != 200) {
            return Optional.of(
                    "?consistency=eventual answered "
                            + status
                            + ": the query service does not"
                            + " offer the bounded-staleness view yet");
        }
        try {
            JsonNode answer = JSON.readTree(body);
            if (EVENTUAL.equalsIgnoreCase(answer.path("consistency").asText(""))) {
                return Optional.empty();
            }
            for (Iterator<String> names = answer.fieldNames(); names.hasNext(); ) {
                if (names.next().toLowerCase().contains("stale")) {
                    return Optional.empty();
                }
            }
        } catch (IOException e) {
            return Optional.of("?consistency=eventual answered a body that is not JSON");
        }
        return Optional.of(
                "?consistency=eventual was ignored (200 without a consistency or staleness field):"
                        + " the query service does not offer the bounded-staleness view yet");
    }

    /**
     * A statistic of one of the query service's meters ({@code COUNT}, {@code TOTAL}, {@code VALUE}
     * for a gauge, ...) from {@code /actuator/metrics} ({@code name} may carry a tag filter); empty
     * when it is not there.
     */
    Optional<Double> meter(String name, String statistic) {
        Answer r = get("/actuator/metrics/" + name);
        if (r.statusCode() != 200) {
            return Optional.empty();
        }
        try {
            for (var measurement : JSON.readTree(r.body()).path("measurements")) {
                if (statistic.equals(measurement.path("statistic").asText())) {
                    return Optional.of(measurement.path("value").asDouble());
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Heap in use after a full GC, in bytes; empty when jcmd or the metric is unavailable. */
    Optional<Double> heapAfterGc() {
        if (pid.isEmpty() || !fullGc(pid.get())) {
            return Optional.empty();
        }
        return meter("jvm.memory.used?tag=area:heap", "VALUE");
    }

    private static boolean fullGc(long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p =
                    new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.run")
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private Answer get(String path) {
        return http.get(path);
    }
}
