package org.leaderboard.writer.feed;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.model.feed.FeedPage;

class AckFeedTests {

    private static final UUID WRITER = UUID.randomUUID();
    private static final Duration RETENTION = Duration.ofSeconds(10);

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final AckFeed feed = new AckFeed(WRITER, RETENTION, 1000, nanos::get);

    @Test
    void eventsAreNumberedFromZeroInTheOrderTheyWereAppended() {
        List<StoredEvent> votes = votes(3);
        votes.forEach(vote -> feed.append("song-contest", vote));

        FeedPage page = page(feed.page("song-contest", 0));

        assertThat(page.writer()).isEqualTo(WRITER);
        assertThat(page.next()).isEqualTo(3);
        assertThat(page.events()).containsExactlyElementsOf(votes);
    }

    @Test
    void aPageStartsAtAnyNumberUpToTheNextAndMinusOneAsksOnlyForTheNext() {
        List<StoredEvent> votes = votes(4);
        feed.appendAll("song-contest", votes);

        assertThat(page(feed.page("song-contest", 2)).events())
                .containsExactlyElementsOf(votes.subList(2, 4));
        assertThat(page(feed.page("song-contest", 4)).events()).isEmpty();
        assertThat(page(feed.page("song-contest", -1)))
                .isEqualTo(new FeedPage(WRITER, 4, List.of()));
    }

    @Test
    void aNumberPastTheNextIsAheadOfTheFeed() {
        feed.appendAll("song-contest", votes(2));

        assertThat(feed.page("song-contest", 3)).isEqualTo(new AckFeed.Ahead(3, 2));
        assertThat(feed.page("song-contest", -2)).isInstanceOf(AckFeed.Ahead.class);
    }

    @Test
    void aBoardNeverAppendedToIsAtZero() {
        assertThat(page(feed.page("quiet", -1))).isEqualTo(new FeedPage(WRITER, 0, List.of()));
        assertThat(page(feed.page("quiet", 0))).isEqualTo(new FeedPage(WRITER, 0, List.of()));
        assertThat(feed.page("quiet", 1)).isEqualTo(new AckFeed.Ahead(1, 0));
    }

    @Test
    void eventsOlderThanTheRetentionAreGoneAndTheBoardKeepsItsNextNumber() {
        feed.appendAll("song-contest", votes(2));
        nanos.addAndGet(RETENTION.toNanos() / 2);
        StoredEvent younger = votes(1).get(0);
        feed.append("song-contest", younger);
        nanos.addAndGet(RETENTION.toNanos() / 2 + 1);

        assertThat(feed.page("song-contest", 0)).isEqualTo(new AckFeed.Gone(0, 2, 3));
        assertThat(page(feed.page("song-contest", 2)).events()).containsExactly(younger);

        nanos.addAndGet(RETENTION.toNanos());
        assertThat(feed.page("song-contest", 2)).isEqualTo(new AckFeed.Gone(2, 3, 3));
        assertThat(page(feed.page("song-contest", 3)))
                .isEqualTo(new FeedPage(WRITER, 3, List.of()));
        StoredEvent later = votes(1).get(0);
        feed.append("song-contest", later);
        assertThat(page(feed.page("song-contest", 3)).events()).containsExactly(later);
    }

    @Test
    void aBoardKeepsAtMostItsMaximumAndTheOlderNumbersAreGone() {
        AckFeed small = new AckFeed(WRITER, RETENTION, 3, nanos::get);
        List<StoredEvent> votes = votes(5);
        small.appendAll("song-contest", votes.subList(0, 2));
        small.appendAll("song-contest", votes.subList(2, 5));

        assertThat(small.page("song-contest", 1)).isEqualTo(new AckFeed.Gone(1, 2, 5));
        assertThat(page(small.page("song-contest", 2)).events())
                .containsExactlyElementsOf(votes.subList(2, 5));
    }

    @Test
    void aBusyBoardKeepsItsNewestEventsExactlyAcrossManyAppends() {
        AckFeed busy = new AckFeed(WRITER, RETENTION, 50_000, nanos::get);
        List<StoredEvent> votes = votes(120_000);
        for (int from = 0; from < votes.size(); from += 1_000) {
            busy.appendAll("song-contest", votes.subList(from, from + 1_000));
            nanos.addAndGet(RETENTION.toNanos() / 100);
        }

        // 100 appends of 1,000 span the retention; the maximum keeps fewer than that.
        assertThat(busy.page("song-contest", 69_999))
                .isEqualTo(new AckFeed.Gone(69_999, 70_000, 120_000));
        assertThat(page(busy.page("song-contest", 70_000)).events())
                .containsExactlyElementsOf(votes.subList(70_000, 120_000));
        assertThat(page(busy.page("song-contest", 119_990)).events())
                .containsExactlyElementsOf(votes.subList(119_990, 120_000));

        nanos.addAndGet(RETENTION.toNanos() - 5 * RETENTION.toNanos() / 100);
        assertThat(busy.page("song-contest", 70_000))
                .isEqualTo(new AckFeed.Gone(70_000, 115_000, 120_000));
        assertThat(page(busy.page("song-contest", 115_000)).events())
                .containsExactlyElementsOf(votes.subList(115_000, 120_000));
    }

    @Test
    void boardsAreNumberedApart() {
        feed.appendAll("song-contest", votes(3));
        StoredEvent other = votes(1).get(0);
        feed.append("daily-poll", other);

        assertThat(page(feed.page("daily-poll", 0)))
                .isEqualTo(new FeedPage(WRITER, 1, List.of(other)));
        assertThat(page(feed.page("song-contest", -1)).next()).isEqualTo(3);
    }

    @Test
    void concurrentAppendsGetDenseUniqueNumbersAndKeepEachAppendersOrder() {
        AckFeed large = new AckFeed(WRITER, Duration.ofMinutes(1), 100_000);
        List<List<StoredEvent>> byAppender =
                IntStream.range(0, 8).mapToObj(i -> votes(5_000)).toList();

        CompletableFuture.allOf(
                        byAppender.stream()
                                .map(
                                        votes ->
                                                CompletableFuture.runAsync(
                                                        () -> appendInTurns(large, votes)))
                                .toArray(CompletableFuture[]::new))
                .join();

        FeedPage page = page(large.page("song-contest", 0));
        assertThat(page.next()).isEqualTo(40_000);
        assertThat(page.events()).hasSize(40_000);
        assertThat(new HashSet<>(page.events())).hasSize(40_000);
        for (List<StoredEvent> votes : byAppender) {
            Set<StoredEvent> own = new HashSet<>(votes);
            assertThat(page.events().stream().filter(own::contains).toList())
                    .as("one appender's votes, in its order")
                    .isEqualTo(votes);
        }
    }

    /** One at a time and in batches of 50, alternating, as single votes and batches arrive. */
    private static void appendInTurns(AckFeed feed, List<StoredEvent> votes) {
        for (int from = 0; from < votes.size(); from += 100) {
            votes.subList(from, from + 50).forEach(vote -> feed.append("song-contest", vote));
            feed.appendAll("song-contest", votes.subList(from + 50, from + 100));
        }
    }

    private static FeedPage page(AckFeed.Answer answer) {
        assertThat(answer).isInstanceOf(AckFeed.Page.class);
        return ((AckFeed.Page) answer).page();
    }

    private static List<StoredEvent> votes(int count) {
        List<StoredEvent> votes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            votes.add(new StoredEvent(UUID.randomUUID(), "u" + (i % 7), "v" + i, 1, null));
        }
        return votes;
    }
}
