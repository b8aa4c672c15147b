package org.leaderboard.faults;

/** One scrape of a service's {@code /actuator/prometheus}, as Prometheus reads it. */
final class Metrics {

    private Metrics() {}

    /** The sum of every sample of {@code name} whose labels contain {@code label} ("" for all). */
    static double sum(String baseUrl, String name, String label) {
        String text = Faults.HTTP.get(baseUrl + "/actuator/prometheus").body().asText();
        return text.lines()
                .filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
                .filter(line -> line.contains(label))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }
}
