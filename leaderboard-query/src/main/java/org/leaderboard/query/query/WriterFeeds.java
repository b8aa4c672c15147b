package org.leaderboard.query.query;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.Timeout;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.cassandra.WriterProgress;
import org.leaderboard.model.feed.FeedPage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the writers' feeds: each writer keeps, per board, the events it acknowledged in the last few
 * seconds, numbered in the order it added them, and adds each before it answers that the event is
 * stored. A page from {@code from} on holds every event the writer acknowledged from there up to
 * the moment it answered.
 *
 * <p>Blocking HTTP/1.1 on kept-alive connections (Apache HttpClient's classic client): the first
 * writer is asked on the reading thread itself and the others at the same time on threads of their
 * own. The JDK's asynchronous client handed every answer through its selector thread and an
 * executor, two more wake-ups on a busy machine: in scenario 6 a read from two feeds took 0.80 ms
 * that way without writes (docs/performance.md).
 */
final class WriterFeeds implements AutoCloseable {

    /**
     * What a writer's feed answered: a page, or nothing usable (failed, another writer), or {@code
     * gone}: the feed answered, but no longer holds the events asked for (410), so its place is to
     * be learnt again, not the feed to be left alone for a while.
     */
    record Answer(FeedPage page, boolean gone) {

        static final Answer NONE = new Answer(null, false);

        static final Answer GONE = new Answer(null, true);

        boolean usable() {
            return page != null;
        }
    }

    /** One writer's feed to ask, from sequence number {@code from} on (-1: where it stands). */
    record Ask(WriterProgress writer, long from) {}

    private static final Logger log = LoggerFactory.getLogger(WriterFeeds.class);
    private static final long REFUSAL_LOG_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final ExecutorService threads;
    private final CloseableHttpClient client;
    private final ObjectMapper json;
    private final String authorization;
    private final AtomicLong lastRefusalLog =
            new AtomicLong(System.nanoTime() - REFUSAL_LOG_EVERY_NANOS);

    /**
     * @param token the feeds' token ({@code writer.feed.token}), sent with every ask; null: none
     * @param threads where the feeds after the first are asked, closed with this
     */
    WriterFeeds(ObjectMapper json, Duration timeout, String token, ExecutorService threads) {
        this.json = json;
        this.threads = threads;
        this.authorization = token == null ? null : "Bearer " + token;
        Timeout within = Timeout.ofMilliseconds(timeout.toMillis());
        this.client =
                HttpClients.custom()
                        .setConnectionManager(
                                PoolingHttpClientConnectionManagerBuilder.create()
                                        .setDefaultSocketConfig(
                                                SocketConfig.custom()
                                                        .setTcpNoDelay(true)
                                                        .setSoTimeout(within)
                                                        .build())
                                        .setDefaultConnectionConfig(
                                                ConnectionConfig.custom()
                                                        .setConnectTimeout(within)
                                                        .setSocketTimeout(within)
                                                        .build())
                                        .setMaxConnPerRoute(64)
                                        .setMaxConnTotal(1024)
                                        .build())
                        .setDefaultRequestConfig(
                                RequestConfig.custom()
                                        .setConnectionRequestTimeout(within)
                                        .setResponseTimeout(within)
                                        .build())
                        .disableAutomaticRetries()
                        .disableCookieManagement()
                        .disableRedirectHandling()
                        .disableContentCompression()
                        .build();
    }

    /**
     * What each feed answered, in the order asked: the events of {@code board} that each writer
     * acknowledged from its {@code from} on. Never fails: a feed that cannot answer in time, or
     * that is another writer's now (a writer restarted on the same address), answers {@link
     * Answer#NONE}.
     */
    List<Answer> askAll(List<Ask> asks, String board) {
        List<CompletableFuture<Answer>> others = new ArrayList<>(asks.size());
        for (int i = 1; i < asks.size(); i++) {
            Ask ask = asks.get(i);
            others.add(CompletableFuture.supplyAsync(() -> ask(ask, board), threads));
        }
        List<Answer> answers = new ArrayList<>(asks.size());
        if (!asks.isEmpty()) {
            answers.add(ask(asks.get(0), board));
        }
        others.forEach(other -> answers.add(other.join()));
        return answers;
    }

    private Answer ask(Ask ask, String board) {
        HttpGet request =
                new HttpGet(
                        "http://"
                                + ask.writer().feed()
                                + "/feed?board="
                                + URLEncoder.encode(board, StandardCharsets.UTF_8)
                                + "&from="
                                + ask.from());
        if (authorization != null) {
            request.setHeader(HttpHeaders.AUTHORIZATION, authorization);
        }
        UUID expected = ask.writer().writer();
        try {
            return client.execute(
                    request,
                    response -> {
                        if (response.getCode() != 200) {
                            EntityUtils.consume(response.getEntity());
                            if (response.getCode() == 401) {
                                refused(ask.writer().feed());
                            }
                            return response.getCode() == 410 ? Answer.GONE : Answer.NONE;
                        }
                        FeedPage page =
                                FeedPage.fromJson(
                                        EntityUtils.toByteArray(response.getEntity()), json);
                        return expected.equals(page.writer())
                                ? new Answer(page, false)
                                : Answer.NONE;
                    });
        } catch (IOException | RuntimeException e) {
            return Answer.NONE;
        }
    }

    /**
     * A feed that asks for a token this service does not send (or another one): every read that
     * asks it is a read of the store, which answers right, only slower. Said at most once a minute.
     */
    private void refused(String feed) {
        long last = lastRefusalLog.get();
        long now = System.nanoTime();
        if (now - last >= REFUSAL_LOG_EVERY_NANOS && lastRefusalLog.compareAndSet(last, now)) {
            log.warn(
                    "the writer's feed at {} refused this service's token (401): set"
                            + " query.tail.feed-token to the writers' writer.feed.token;"
                            + " read-your-writes reads read the store meanwhile",
                    feed);
        }
    }

    /** The events of several pages, in one list. */
    static List<StoredEvent> eventsOf(List<Answer> answers) {
        int size = 0;
        for (Answer answer : answers) {
            size += answer.page().events().size();
        }
        List<StoredEvent> all = new ArrayList<>(size);
        for (Answer answer : answers) {
            all.addAll(answer.page().events());
        }
        return all;
    }

    @Override
    public void close() {
        threads.shutdownNow();
        try {
            client.close();
        } catch (IOException e) {
            // Closing: nothing left to do with it.
        }
    }
}
