package org.leaderboard.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A JVM's heap in use right after a full GC, measured from outside with the JDK's jcmd. */
final class Heap {

    private static final Pattern USED = Pattern.compile("used (\\d+)K");

    private Heap() {}

    /** Runs {@code jcmd <pid> GC.run}, then returns the heap used, in MiB. */
    static long usedAfterGcMiB(long pid) {
        jcmd(pid, "GC.run");
        Matcher used = USED.matcher(jcmd(pid, "GC.heap_info"));
        if (!used.find()) {
            throw new IllegalStateException("no heap figure from jcmd for pid " + pid);
        }
        return Long.parseLong(used.group(1)) / 1024;
    }

    private static String jcmd(long pid, String command) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process process =
                    new ProcessBuilder(jcmd.toString(), Long.toString(pid), command)
                            .redirectErrorStream(true)
                            .start();
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + pid + " " + command + ": " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
