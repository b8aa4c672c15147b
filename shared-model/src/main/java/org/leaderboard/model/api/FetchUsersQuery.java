package org.leaderboard.model.api;

import java.time.Instant;
import java.util.List;

/**
 * Several users' standings on one board at once (a friends' board): each with the rank it has on
 * the whole board, in rank order; as it stood at {@code asOf} if that is set, else now.
 */
public record FetchUsersQuery(String board, List<String> users, Instant asOf, ReadMode mode) {

    public FetchUsersQuery {
        users = List.copyOf(users);
        mode = mode == null ? ReadMode.LATEST : mode;
    }
}
