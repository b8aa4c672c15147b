package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.cassandra.WriterProgress;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.writer.feed.AckFeed;
import org.leaderboard.writer.feed.FeedServer;

/**
 * Asking a real feed server (the writer's own classes): a page it holds is usable; a page it has
 * forgotten is told apart from a failure, so that the reader learns the feed's place again at its
 * next read of the store instead of leaving a healthy feed alone for seconds.
 */
class WriterFeedsTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aForgottenPageIsGoneAndAFeedThatDoesNotAnswerHasFailed() throws Exception {
        UUID writer = UUID.randomUUID();
        AckFeed feed = new AckFeed(writer, Duration.ofSeconds(10), 2);
        for (int i = 0; i < 5; i++) {
            feed.append(
                    "board",
                    new StoredEvent(
                            TimeUuids.voteIdAt(Instant.now()), "user-" + i, "voter", 1, null));
        }
        try (FeedServer server = FeedServer.start(feed, JSON, "127.0.0.1", 0, null);
                WriterFeeds feeds =
                        new WriterFeeds(
                                JSON, Duration.ofSeconds(2), null, DaemonThreads.named("feeds"))) {
            WriterProgress registered =
                    new WriterProgress(writer, Instant.now(), server.address("127.0.0.1"));
            WriterProgress unreachable = new WriterProgress(writer, Instant.now(), "127.0.0.1:1");

            List<WriterFeeds.Answer> answers =
                    feeds.askAll(
                            List.of(
                                    new WriterFeeds.Ask(registered, 3),
                                    new WriterFeeds.Ask(registered, 0),
                                    new WriterFeeds.Ask(unreachable, 0)),
                            "board");

            assertThat(answers.get(0).usable()).isTrue();
            assertThat(answers.get(0).page().events()).hasSize(2);
            assertThat(answers.get(1).usable()).isFalse();
            assertThat(answers.get(1).gone()).as("forgotten by a healthy feed").isTrue();
            assertThat(answers.get(2).usable()).isFalse();
            assertThat(answers.get(2).gone()).as("no answer at all").isFalse();
        }
    }
}
