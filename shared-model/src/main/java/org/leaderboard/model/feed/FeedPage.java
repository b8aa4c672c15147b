package org.leaderboard.model.feed;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;
import org.leaderboard.model.cassandra.StoredEvent;

/**
 * One answer of a writer's acknowledged-events feed ({@code GET http://{feed}/feed?board=&from=},
 * the address in its {@code writer_progress} row): the events of one board that writer {@code
 * writer} acknowledged with sequence numbers in [from, {@code next}), oldest first. Sequence
 * numbers count a board's events on one writer from 0, without gaps, for the writer's life; {@code
 * next} is the number the next event appended will get. A writer appends an event before it answers
 * that the event is stored, so a page asked for after an answer holds that event (or the page is
 * refused as gone, and the store has it).
 *
 * <p>A writer started again at the same address is another writer, numbering from 0 again: a reader
 * holds on to sequence numbers only while {@code writer} stays the one it asked.
 *
 * <p>One JSON shape for both sides, {@code {"writer":..,"next":..,"events":[..]}}, each event as
 * {@link StoredEvent} writes itself ({@code retracts} only on a retraction).
 */
public record FeedPage(UUID writer, long next, List<StoredEvent> events) {

    public FeedPage {
        events = List.copyOf(events);
    }

    public byte[] toJson(ObjectMapper json) {
        try {
            return json.writeValueAsBytes(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a page; fails with {@link UncheckedIOException} if the body is not one. */
    public static FeedPage fromJson(byte[] body, ObjectMapper json) {
        try {
            return json.readValue(body, FeedPage.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
