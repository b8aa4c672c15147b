package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A headless Chromium driven through chromedriver, both Debian's ({@code chromium}, {@code
 * chromium-driver}; {@code deploy/local/chromium.sh} installs them). Both paths are given to
 * Selenium, so its Selenium Manager never looks for or downloads a browser or a driver.
 */
final class Chromium {

    static final Path BINARY = Path.of(System.getProperty("chromium.binary", "/usr/bin/chromium"));
    static final Path DRIVER =
            Path.of(System.getProperty("chromium.driver", "/usr/bin/chromedriver"));

    private Chromium() {}

    /** Fails, saying how to install them, when the browser or its driver is missing. */
    static WebDriver start(Path workDirectory) {
        for (Path needed : new Path[] {BINARY, DRIVER}) {
            assertThat(Files.isExecutable(needed))
                    .as(
                            "%s is missing: the browser test needs Debian's chromium and"
                                    + " chromium-driver (./run-tests installs them with"
                                    + " deploy/local/chromium.sh)",
                            needed)
                    .isTrue();
        }
        try {
            Files.createDirectories(workDirectory);
            Path profile = Files.createTempDirectory(workDirectory, "profile-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(BINARY.toFile());
            // Without the background-networking flags Chromium keeps calling Google services,
            // which a closed network refuses (and which a test has no business calling).
            options.addArguments(
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--disable-dev-shm-usage",
                    // Headless Chromium's screen is its first window: a window made larger later is
                    // clipped to it, so this is the size of the screenshots too.
                    "--window-size=1600,1200",
                    "--user-data-dir=" + profile);
            ChromeDriverService service =
                    new ChromeDriverService.Builder()
                            .usingDriverExecutable(DRIVER.toFile())
                            .usingAnyFreePort()
                            .withLogFile(workDirectory.resolve("chromedriver.log").toFile())
                            .build();
            return new ChromeDriver(service, options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path screenshot(WebDriver browser, Path file) {
        try {
            Files.createDirectories(file.getParent());
            Path taken = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
            return Files.copy(taken, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
