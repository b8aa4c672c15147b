package org.leaderboard.kubernetes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.yaml.snakeyaml.Yaml;

/**
 * Renders an overlay exactly as {@code kubectl apply -k} would: with {@code kubectl kustomize}.
 * kubectl is a prerequisite of these tests (it is on the build machines); without it they fail with
 * a message saying so, rather than skipping and leaving the manifests unchecked.
 */
final class Kustomize {

    static final Path ROOT = Path.of(System.getProperty("kubernetes.dir", ".")).toAbsolutePath();

    private Kustomize() {}

    /**
     * Every object of the rendered overlay, as parsed YAML maps: {@code overlays/<name>}, or for
     * {@code prod-monitoring} the prod overlay with the optional components, as a user adds them
     * (src/test/kustomize/prod-monitoring).
     */
    static List<Map<String, Object>> render(String overlay) {
        Path directory =
                overlay.equals("prod-monitoring")
                        ? ROOT.resolve("src/test/kustomize").resolve(overlay)
                        : ROOT.resolve("overlays").resolve(overlay);
        String yaml = kubectl("kustomize", directory.toString());
        List<Map<String, Object>> objects = new ArrayList<>();
        for (Object document : new Yaml().loadAll(yaml)) {
            if (document != null) {
                objects.add(Yamls.map(document));
            }
        }
        return objects;
    }

    private static String kubectl(String... arguments) {
        List<String> command = new ArrayList<>(List.of(kubectlBinary()));
        command.addAll(List.of(arguments));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(false).start();
            byte[] out = process.getInputStream().readAllBytes();
            byte[] err = process.getErrorStream().readAllBytes();
            if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
                throw new AssertionError(
                        String.join(" ", command)
                                + " failed: "
                                + new String(err, StandardCharsets.UTF_8));
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String kubectlBinary() {
        String fromEnv = System.getenv("KUBECTL");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path candidate = Path.of(dir, "kubectl");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(
                "kubectl is not on the PATH: these tests render the manifests with `kubectl"
                        + " kustomize`. Install kubectl (v1.27 or newer, it bundles kustomize v5)"
                        + " or set KUBECTL to its path.");
    }
}
