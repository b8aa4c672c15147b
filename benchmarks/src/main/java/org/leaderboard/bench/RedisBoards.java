package org.leaderboard.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;
import redis.clients.jedis.Pipeline;

/**
 * The Redis baseline of scenario 4: the same final tallies in a sorted set per board (ZADD,
 * pipelined), queried with {@code ZREVRANGE key 0 99 WITHSCORES} and {@code ZREVRANK key user}, and
 * (scenario 6) a user's rank with the entries around it, as a Redis client asks for a standing.
 */
final class RedisBoards implements AutoCloseable {

    private static final int PIPELINE = 10_000;

    /**
     * A user's rank and the entries {@code ARGV[2]} places above and below it with their scores:
     * the two commands a Redis client needs for a standing, run in one round trip (the fastest way
     * Redis offers; two round trips would flatter the service).
     */
    static final String RANK_AROUND =
            "local rank = redis.call('ZREVRANK', KEYS[1], ARGV[1]) "
                    + "if not rank then return false end "
                    + "local around = tonumber(ARGV[2]) "
                    + "local from = rank - around "
                    + "if from < 0 then from = 0 end "
                    + "return {rank, redis.call('ZREVRANGE', KEYS[1], from, rank + around,"
                    + " 'WITHSCORES')}";

    private final JedisPool pool;

    RedisBoards(int port, int threads) {
        JedisPoolConfig config = new JedisPoolConfig();
        config.setMaxTotal(threads + 2);
        this.pool = new JedisPool(config, "127.0.0.1", port);
    }

    /** Loads {@code sums[i]} as the score of user i. */
    void load(String key, long[] sums) {
        try (Jedis jedis = pool.getResource()) {
            jedis.del(key);
            Pipeline pipeline = jedis.pipelined();
            for (int i = 0; i < sums.length; i++) {
                if (sums[i] != 0) {
                    pipeline.zadd(key, sums[i], VoteMaker.user(i));
                }
                if (i % PIPELINE == PIPELINE - 1) {
                    pipeline.sync();
                }
            }
            pipeline.sync();
        }
    }

    Measurement top100(String key, int threads, Duration duration, int min) {
        return ClosedLoop.run(threads, duration, min, top100(key));
    }

    /** One {@code ZREVRANGE key 0 99 WITHSCORES}: whether it answered the top 100. */
    Callable<Boolean> top100(String key) {
        return () -> {
            try (Jedis jedis = pool.getResource()) {
                return jedis.zrevrangeWithScores(key, 0, 99).size() == 100
                        || jedis.zcard(key) < 100;
            }
        };
    }

    Measurement rank(String key, int users, int threads, Duration duration, int min) {
        return ofRandomUsers(
                users,
                threads,
                duration,
                min,
                user -> {
                    try (Jedis jedis = pool.getResource()) {
                        return jedis.zrevrank(key, user) != null;
                    }
                });
    }

    /**
     * A random user's rank with {@code around} entries above and below it, with their scores
     * ({@link #RANK_AROUND}, sent by its SHA after the first load): what the service's {@code
     * /users/{user}?around=} answers.
     */
    Measurement rankAround(
            String key, int users, int around, int threads, Duration duration, int min) {
        return ClosedLoop.run(threads, duration, min, rankAround(key, users, around));
    }

    /**
     * One random user's rank with {@code around} entries each side ({@link #RANK_AROUND}, loaded
     * once here): whether the user was found.
     */
    Callable<Boolean> rankAround(String key, int users, int around) {
        String sha = loadRankAround();
        return () -> rankAround(sha, key, randomUser(users), around).isPresent();
    }

    /** A closed loop of {@code query}, each asked about a random one of {@code users}. */
    private static Measurement ofRandomUsers(
            int users, int threads, Duration duration, int min, Predicate<String> query) {
        return ClosedLoop.run(threads, duration, min, () -> query.test(randomUser(users)));
    }

    private static String randomUser(int users) {
        return VoteMaker.user(new SplittableRandom().nextInt(users));
    }

    /** {@link #RANK_AROUND} loaded into the server; its SHA. */
    String loadRankAround() {
        try (Jedis jedis = pool.getResource()) {
            return jedis.scriptLoad(RANK_AROUND);
        }
    }

    /**
     * The user's rank (0: the highest score) and the ids from {@code around} places above it to
     * {@code around} below, highest score first, from the script loaded as {@code sha}; empty if
     * the user has no score.
     */
    Optional<Standing> rankAround(String sha, String key, String user, int around) {
        Object answer;
        try (Jedis jedis = pool.getResource()) {
            answer = jedis.evalsha(sha, List.of(key), List.of(user, Integer.toString(around)));
        }
        if (!(answer instanceof List<?> parts)) {
            return Optional.empty();
        }
        List<?> withScores = (List<?>) parts.get(1);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < withScores.size(); i += 2) {
            ids.add(String.valueOf(withScores.get(i)));
        }
        return Optional.of(new Standing((Long) parts.get(0), ids));
    }

    /** A user's rank (0: first) and the ids around it, in rank order. */
    record Standing(long rank, List<String> users) {}

    @Override
    public void close() {
        pool.close();
    }
}
