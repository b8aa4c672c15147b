package org.leaderboard.system;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.leaderboard.local.ServiceLaunch;
import org.leaderboard.testsupport.Services;

/**
 * The services start from a shared class archive (class data sharing), as {@code ./run-local} and
 * the tests start them: once a writer and a query service have ended by themselves, the next start
 * of each jar maps the classes an earlier start loaded instead of loading them again.
 */
class ClassDataSharingIntegrationTests {

    @Test
    void servicesThatEndedByThemselvesLeaveAnArchiveTheNextStartMaps() throws Exception {
        try (RunningSystem system = new RunningSystem("sharing")) {
            assertThat(system.writer.isAlive()).isTrue();
        }
        for (String module : List.of("writer-service", "leaderboard-query")) {
            ServiceLaunch next = ServiceLaunch.of(Services.jar(module));
            assertThat(next.archive().trains()).as(module + " has an archive").isFalse();
            assertThat(loadedFromTheArchive(next, applicationClass(module)))
                    .as(module + "'s classes come from its archive")
                    .contains("source: shared objects file (top)");
        }
    }

    private static String applicationClass(String module) {
        return module.equals("writer-service")
                ? "org.leaderboard.writer.WriterApplication"
                : "org.leaderboard.query.QueryApplication";
    }

    /**
     * What a JVM that must map the archive ({@code -Xshare:on}: it fails otherwise) prints of
     * loading {@code className} from the launch's jar (a one-line program, run from its source,
     * loads it by name).
     */
    private static String loadedFromTheArchive(ServiceLaunch launch, String className)
            throws Exception {
        Path program = Files.createTempDirectory("load-class").resolve("Load.java");
        Files.writeString(
                program,
                "public class Load { public static void main(String[] a) throws Exception {"
                        + " Class.forName(a[0], false, ClassLoader.getSystemClassLoader()); } }");
        List<String> command = new ArrayList<>();
        command.add(ServiceLaunch.java().toString());
        command.add("-Xshare:on");
        command.addAll(launch.archive().jvmOptions());
        command.addAll(
                List.of(
                        "-Xlog:class+load=info",
                        "-cp",
                        launch.jar().toString(),
                        program.toString(),
                        className));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), UTF_8);
        assertThat(process.waitFor()).as(output.lines().limit(5).toList().toString()).isZero();
        return output.lines()
                .filter(line -> line.contains(" " + className + " "))
                .findFirst()
                .orElse("");
    }
}
