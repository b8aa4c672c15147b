package org.leaderboard.bench;

import java.time.Duration;
import java.util.SplittableRandom;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;
import redis.clients.jedis.Pipeline;

/**
 * The Redis baseline of scenario 4: the same final tallies in a sorted set per board (ZADD,
 * pipelined), queried with {@code ZREVRANGE key 0 99 WITHSCORES} and {@code ZREVRANK key user}.
 */
final class RedisBoards implements AutoCloseable {

    private static final int PIPELINE = 10_000;

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
        return ClosedLoop.run(
                threads,
                duration,
                min,
                () -> {
                    try (Jedis jedis = pool.getResource()) {
                        return jedis.zrevrangeWithScores(key, 0, 99).size() == 100
                                || jedis.zcard(key) < 100;
                    }
                });
    }

    Measurement rank(String key, int users, int threads, Duration duration, int min) {
        return ClosedLoop.run(
                threads,
                duration,
                min,
                () -> {
                    String user = VoteMaker.user(new SplittableRandom().nextInt(users));
                    try (Jedis jedis = pool.getResource()) {
                        return jedis.zrevrank(key, user) != null;
                    }
                });
    }

    @Override
    public void close() {
        pool.close();
    }
}
