package org.leaderboard.kubernetes;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmInfoMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Prometheus series names the services export: their own meters, found in their sources (every
 * {@code Counter/Timer/DistributionSummary/Gauge.builder("name")} and {@code
 * registry.counter("name")}, with its base unit), plus the JVM and process meters Spring Boot binds
 * and its HTTP server timer. Each is registered in a real Prometheus registry and the names are
 * read from its scrape, so suffixes ({@code _total}, {@code _seconds_count}, base units) are
 * exactly Micrometer's.
 */
final class ExportedMetrics {

    private static final Pattern BUILDER =
            Pattern.compile(
                    "\\b(Counter|Timer|DistributionSummary|Gauge)\\.builder\\(\\s*\"([^\"]+)\"");
    private static final Pattern SHORTHAND =
            Pattern.compile("\\.(counter|timer|summary)\\(\\s*\"([^\"]+)\"");
    private static final Pattern BASE_UNIT = Pattern.compile("\\.baseUnit\\(\\s*\"([^\"]+)\"\\)");

    /** Spring Boot's default name of the server request observation (and so of its timer). */
    static final String HTTP_SERVER_REQUESTS = "http.server.requests";

    private ExportedMetrics() {}

    /** The series names exported by the services whose modules are under {@code projectRoot}. */
    static Set<String> of(Path projectRoot, String... modules) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        for (String module : modules) {
            for (Path source : javaSources(projectRoot.resolve(module).resolve("src/main/java"))) {
                registerMetersOf(read(source), registry);
            }
        }
        bindSpringBootDefaults(registry);
        return seriesNames(registry.scrape());
    }

    /** Registers the meters one source file declares, as it declares them. */
    static void registerMetersOf(String source, MeterRegistry registry) {
        Matcher builder = BUILDER.matcher(source);
        while (builder.find()) {
            String unit = baseUnitBefore(source, builder.end());
            register(builder.group(1), builder.group(2), unit, registry);
        }
        Matcher shorthand = SHORTHAND.matcher(source);
        while (shorthand.find()) {
            String type =
                    switch (shorthand.group(1)) {
                        case "counter" -> "Counter";
                        case "timer" -> "Timer";
                        default -> "DistributionSummary";
                    };
            register(type, shorthand.group(2), null, registry);
        }
    }

    private static String baseUnitBefore(String source, int from) {
        int end = source.indexOf(".register(", from);
        Matcher unit = BASE_UNIT.matcher(source.substring(from, end < 0 ? from : end));
        return unit.find() ? unit.group(1) : null;
    }

    private static void register(String type, String name, String unit, MeterRegistry registry) {
        switch (type) {
            case "Counter" -> Counter.builder(name).baseUnit(unit).register(registry);
            case "Timer" -> Timer.builder(name).register(registry);
            case "DistributionSummary" ->
                    DistributionSummary.builder(name).baseUnit(unit).register(registry);
            default -> Gauge.builder(name, () -> 0).baseUnit(unit).register(registry);
        }
    }

    private static void bindSpringBootDefaults(MeterRegistry registry) {
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new JvmInfoMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        try (JvmGcMetrics gc = new JvmGcMetrics()) {
            gc.bindTo(registry);
        }
        Timer.builder(HTTP_SERVER_REQUESTS).register(registry);
    }

    private static Set<String> seriesNames(String scrape) {
        Set<String> names = new TreeSet<>();
        for (String line : scrape.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }

    private static Set<Path> javaSources(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return new TreeSet<>(files.filter(f -> f.toString().endsWith(".java")).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
