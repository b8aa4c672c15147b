package org.leaderboard.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProcessCpuTests {

    @BeforeEach
    void onLinux() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "reads /proc");
    }

    @Test
    void aJvmsCompilerThreadsAreCountedApartFromItsOtherThreads() {
        long pid = ProcessHandle.current().pid();

        // This JVM has compiled JUnit and AssertJ by now: its compilers have used some CPU, and
        // less than the whole process.
        long compilers = ProcessCpu.compilerTicks(pid);
        assertThat(compilers).isPositive();
        assertThat(compilers).isLessThan(ProcessCpu.ticks(pid));
    }

    @Test
    void aProcessThatHasEndedHasNoCompilerTime() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();

        assertThat(ProcessCpu.compilerTicks(ended.pid())).isZero();
        ProcessCpu.Compilers window = ProcessCpu.Compilers.start(List.of(ended.pid()));
        assertThat(window.cores()).isZero();
    }
}
