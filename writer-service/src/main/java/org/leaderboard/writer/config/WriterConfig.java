package org.leaderboard.writer.config;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import org.leaderboard.model.cassandra.CassandraTime;
import org.leaderboard.model.cassandra.Consistency;
import org.leaderboard.storebeans.SharedStoreBeans;
import org.leaderboard.writer.store.BoardWriter;
import org.leaderboard.writer.store.ClaimWriter;
import org.leaderboard.writer.store.LateEventMarks;
import org.leaderboard.writer.store.ProgressMarks;
import org.leaderboard.writer.store.VoteEventWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.cassandra.DriverConfigLoaderBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The writer's own stores (events, claims, boards) and the shared reads it needs, on Spring Boot's
 * auto-configured session; and the clock.
 */
@Configuration(proxyBeanMethods = false)
@Import(SharedStoreBeans.class)
class WriterConfig {

    private static final Logger log = LoggerFactory.getLogger(WriterConfig.class);

    /**
     * Bounds the requests the driver puts on one connection: with the in-flight bound of the web
     * layer it keeps an overloaded writer from piling work up in the driver.
     */
    @Bean
    DriverConfigLoaderBuilderCustomizer connectionLimits(LoadSettings load) {
        return builder ->
                builder.withInt(
                        DefaultDriverOption.CONNECTION_MAX_REQUESTS,
                        load.maxRequestsPerConnection());
    }

    /**
     * Every "now" of the writer comes from this bean (window checks, generated voteIds, write
     * timestamps), so tests can move time instead of waiting for it, and fault tests can skew it
     * ({@code writer.clock-offset}). Never behind Cassandra's clock ({@link StoreCatchUpClock});
     * the gauge {@code writer.clock.behind} shows by how much this machine's clock is, in seconds.
     */
    @Bean(destroyMethod = "close")
    StoreCatchUpClock clock(WriterSettings settings, CqlSession session, MeterRegistry meters) {
        StoreCatchUpClock clock =
                new StoreCatchUpClock(
                                Clock.offset(Clock.systemUTC(), settings.clockOffset()),
                                new CassandraTime(session),
                                System::nanoTime)
                        .start();
        Gauge.builder("writer.clock.behind", clock, c -> c.behind().toMillis() / 1000.0)
                .description("How far this machine's clock is behind Cassandra's")
                .baseUnit("seconds")
                .register(meters);
        return clock;
    }

    @Bean
    Consistency consistency(WriterSettings settings) {
        return settings.consistency();
    }

    /**
     * This writer's acknowledged-events feed ({@link FeedSettings}), served before the progress
     * mark publishes its address: only with progress marks on, since query services find a feed
     * through its writer's row.
     */
    @Bean(destroyMethod = "close")
    WriterFeed writerFeed(FeedSettings feed, ProgressSettings progress, ObjectMapper json)
            throws IOException {
        if (!feed.enabled() || !progress.enabled()) {
            log.info(
                    "writer feed: off (writer.feed.enabled {}, writer.progress.enabled {})",
                    feed.enabled(),
                    progress.enabled());
            return WriterFeed.off();
        }
        WriterFeed served = WriterFeed.serve(feed, json);
        log.info("writer feed: serving at {} as writer {}", served.address(), served.writer());
        return served;
    }

    /**
     * This writer's progress mark ({@link ProgressMarks}), registered before the writer takes votes
     * (about {@code writer.progress.register-wait}); until it is, every event is marked late, and
     * with the feed on no vote is answered as stored.
     */
    @Bean(destroyMethod = "close")
    ProgressMarks progressMarks(
            ProgressSettings progress,
            WriterSettings settings,
            WriterFeed feed,
            CqlSession session,
            Consistency consistency,
            Clock clock)
            throws InterruptedException {
        ProgressMarks marks =
                new ProgressMarks(
                        feed.writer(),
                        feed.address(),
                        ProgressMarks.storeOn(session, consistency),
                        clock,
                        System::nanoTime,
                        progress.lag(),
                        settings.lateAfter(),
                        progress.lease(),
                        progress.registerWait());
        if (progress.enabled()) {
            marks.start(progress.interval());
            if (!marks.awaitRegistered(progress.registerWait().multipliedBy(2).plusSeconds(5))) {
                log.warn(
                        "writer progress: not registered yet; every event is marked late until"
                                + " it is");
            }
        }
        return marks;
    }

    @Bean
    VoteEventWriter voteEventWriter(
            CqlSession session, Consistency consistency, ProgressMarks progress) {
        return new VoteEventWriter(session, consistency, progress);
    }

    @Bean
    LateEventMarks lateEventMarks(
            CqlSession session,
            Consistency consistency,
            WriterSettings settings,
            Clock clock,
            ProgressMarks progress) {
        return new LateEventMarks(
                session,
                consistency,
                settings.lateAfter(),
                settings.lateMarkWithin(),
                clock,
                progress,
                settings.lateMarksByBucket());
    }

    @Bean
    ClaimWriter claimWriter(CqlSession session, Consistency consistency) {
        return new ClaimWriter(session, consistency);
    }

    @Bean
    BoardWriter boardWriter(CqlSession session, Consistency consistency) {
        return new BoardWriter(session, consistency);
    }
}
