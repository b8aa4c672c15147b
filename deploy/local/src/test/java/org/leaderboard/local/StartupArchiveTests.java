package org.leaderboard.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupArchiveTests {

    @TempDir Path directory;
    private final Path javaHome = Path.of(System.getProperty("java.home"));
    private Path jar;

    @BeforeEach
    void aJar() throws Exception {
        jar = Files.writeString(directory.resolve("app.jar"), "classes");
    }

    @Test
    void theFirstStartTrainsAndEveryStartAfterAJvmThatEndedByItselfMapsWhatItWrote()
            throws Exception {
        StartupArchive first = archive();
        assertThat(first.trains()).isTrue();
        Files.writeString(trainingFile(first), "archive");

        first.settle(true);

        StartupArchive next = archive();
        assertThat(next.trains()).isFalse();
        Path mapped = optionPath(next, "-XX:SharedArchiveFile=");
        assertThat(mapped).hasContent("archive");
        assertThat(archive().jvmOptions()).isEqualTo(next.jvmOptions());
        assertThat(Files.list(directory).map(p -> p.getFileName().toString()))
                .containsExactlyInAnyOrder("app.jar", mapped.getFileName().toString());
    }

    @Test
    void whatAKilledJvmWroteIsDroppedAndTheNextStartTrainsAgain() throws Exception {
        StartupArchive killed = archive();
        Files.writeString(trainingFile(killed), "half an arch");

        killed.settle(false);

        assertThat(archive().trains()).isTrue();
        assertThat(Files.list(directory)).containsExactly(jar);
    }

    @Test
    void aJvmThatEndedWithoutWritingLeavesNoArchive() {
        archive().settle(true);

        assertThat(archive().trains()).isTrue();
    }

    @Test
    void aRebuiltJarTrainsAnArchiveOfItsOwn() throws Exception {
        StartupArchive trained = archive();
        Files.writeString(trainingFile(trained), "archive");
        trained.settle(true);
        StartupArchive before = archive();

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));

        StartupArchive after = archive();
        assertThat(after.trains()).isTrue();
        Path training = optionPath(after, "-XX:ArchiveClassesAtExit=");
        assertThat(training.getParent()).isEqualTo(directory);
        assertThat(training.getFileName().toString())
                .doesNotStartWith(archiveName(before).replaceFirst("\\.jsa$", ""));
    }

    @Test
    void twoStartsTrainingAtOnceWriteFilesOfTheirOwnAndTheLastToEndIsKept() throws Exception {
        StartupArchive one = archive();
        StartupArchive other = archive();
        assertThat(trainingFile(one)).isNotEqualTo(trainingFile(other));
        Files.writeString(trainingFile(one), "one");
        Files.writeString(trainingFile(other), "other");

        one.settle(true);
        other.settle(true);

        assertThat(optionPath(archive(), "-XX:SharedArchiveFile=")).hasContent("other");
    }

    @Test
    void aStartRecordingAFlightTrainsNothingSoThatItsRecordingIsNotLeftEmpty() throws Exception {
        List<String> recording =
                List.of("-Xmx1g", "-XX:StartFlightRecording=settings=profile,filename=q.jfr");
        StartupArchive first = archive();

        assertThat(first.jvmOptionsBeside(recording)).isEmpty();
        first.settle(true);
        assertThat(archive().trains()).isTrue();
        assertThat(first.jvmOptionsBeside(List.of("-Xmx1g"))).isEqualTo(first.jvmOptions());

        Files.writeString(trainingFile(first), "archive");
        first.settle(true);
        StartupArchive trained = archive();
        assertThat(trained.jvmOptionsBeside(recording))
                .containsExactly(
                        "-XX:SharedArchiveFile=" + optionPath(trained, "-XX:SharedArchiveFile="));
    }

    @Test
    void turnedOffItAddsNoOptionsAndKeepsNothing() {
        StartupArchive none = StartupArchive.none();
        none.settle(true);

        assertThat(none.jvmOptions()).isEmpty();
        assertThat(none.trains()).isFalse();
    }

    private StartupArchive archive() {
        return StartupArchive.in(directory, "classes", javaHome, List.of(jar));
    }

    private static String archiveName(StartupArchive archive) {
        return optionPath(archive, "-XX:SharedArchiveFile=").getFileName().toString();
    }

    private static Path trainingFile(StartupArchive archive) {
        return optionPath(archive, "-XX:ArchiveClassesAtExit=");
    }

    private static Path optionPath(StartupArchive archive, String option) {
        return archive.jvmOptions().stream()
                .filter(o -> o.startsWith(option))
                .map(o -> Path.of(o.substring(option.length())))
                .findFirst()
                .orElseThrow(() -> new AssertionError(option + " not in " + archive.jvmOptions()));
    }
}
