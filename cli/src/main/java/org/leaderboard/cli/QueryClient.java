package org.leaderboard.cli;

import java.io.IOException;
import java.time.Instant;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.UserStanding;

/** Reads from the query service; a refusal or a failed connection becomes a CliException. */
final class QueryClient {

    /** The query API's largest page. */
    static final int MAX_PAGE = 1000;

    private final Connection connection;
    private final Api api;

    QueryClient(Connection connection) {
        this.connection = connection;
        this.api = connection.api();
    }

    /** A page of the ranking, now or {@code asOf} a past moment (null for now). */
    Leaderboard page(String board, long offset, int limit, Instant asOf) {
        String url =
                connection.query(connection.boardPath(board) + "/leaderboard")
                        + "?offset="
                        + offset
                        + "&limit="
                        + limit
                        + (asOf == null ? "" : "&asOf=" + asOf);
        return read(url).as(Leaderboard.class);
    }

    UserStanding standing(String board, String user, int around) {
        String url =
                connection.query(
                        connection.boardPath(board)
                                + "/users/"
                                + Api.segment(user)
                                + "?around="
                                + around);
        return read(url).as(UserStanding.class);
    }

    /** The answer of a GET to the query service, whatever its status. */
    Api.Answer get(String path) {
        String url = connection.query(path);
        try {
            return api.get(url);
        } catch (IOException e) {
            throw new CliException("cannot reach the query service at " + url + ": " + e);
        }
    }

    private Api.Answer read(String url) {
        Api.Answer answer;
        try {
            answer = api.get(url);
        } catch (IOException e) {
            throw new CliException("cannot reach the query service at " + url + ": " + e);
        }
        if (answer.status() != 200) {
            throw new CliException(url + " answered " + answer.problem());
        }
        return answer;
    }
}
