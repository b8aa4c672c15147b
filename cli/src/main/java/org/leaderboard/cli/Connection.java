package org.leaderboard.cli;

import picocli.CommandLine.Option;

/** Where the services are and the key to send them: options every command shares. */
final class Connection {

    @Option(
            names = "--writer-url",
            defaultValue = "http://127.0.0.1:8081",
            description = "The writer service (default: ${DEFAULT-VALUE}).")
    String writerUrl;

    @Option(
            names = "--query-url",
            defaultValue = "http://127.0.0.1:8082",
            description = "The query service (default: ${DEFAULT-VALUE}).")
    String queryUrl;

    @Option(
            names = "--api-key",
            defaultValue = "${env:LEADERBOARD_API_KEY}",
            description = "API key sent as X-API-Key (default: environment LEADERBOARD_API_KEY).")
    String apiKey;

    Api api() {
        return new Api(apiKey);
    }

    String writer(String path) {
        return strip(writerUrl) + path;
    }

    String query(String path) {
        return strip(queryUrl) + path;
    }

    String boardPath(String board) {
        return "/boards/" + Api.segment(board);
    }

    private static String strip(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
