package org.leaderboard.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One scrape of {@code /actuator/prometheus}, as Prometheus reads it: every sample line keyed by
 * its series exactly as printed ({@code name{label="value"}}).
 */
record Prometheus(String text, Map<String, Double> samples) {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static Prometheus scrape(String baseUrl) {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/prometheus")).build();
        try {
            HttpResponse<String> response =
                    CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(request.uri() + " -> " + response.statusCode());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Prometheus parse(String text) {
        Map<String, Double> samples = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        }
        return new Prometheus(text, samples);
    }

    /** The value of one series; fails naming the scrape when it is missing. */
    double value(String series) {
        Double value = samples.get(series);
        if (value == null) {
            throw new AssertionError("no series " + series + " in:\n" + text);
        }
        return value;
    }

    double valueOrZero(String series) {
        return samples.getOrDefault(series, 0.0);
    }
}
