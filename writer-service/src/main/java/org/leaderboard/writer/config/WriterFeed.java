package org.leaderboard.writer.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.UUID;
import org.leaderboard.writer.feed.AckFeed;
import org.leaderboard.writer.feed.FeedServer;

/**
 * This writer's acknowledged-events feed as it runs: the events ({@link AckFeed}) and the server
 * that answers query services ({@link FeedServer}), or neither when it is off ({@link
 * FeedSettings}). Holds this writer's id too, which its progress row and every page of its feed
 * carry.
 */
public final class WriterFeed implements AutoCloseable {

    private final UUID writer;
    private final AckFeed events;
    private final FeedServer server;
    private final String address;

    private WriterFeed(UUID writer, AckFeed events, FeedServer server, String address) {
        this.writer = writer;
        this.events = events;
        this.server = server;
        this.address = address;
    }

    /** No feed: nothing is appended, and the progress row publishes no address. */
    static WriterFeed off() {
        return new WriterFeed(UUID.randomUUID(), null, null, null);
    }

    /** A feed served on the configured port, listening when this returns. */
    static WriterFeed serve(FeedSettings settings, ObjectMapper json) throws IOException {
        UUID writer = UUID.randomUUID();
        AckFeed events = new AckFeed(writer, settings.retention(), settings.maxEvents());
        FeedServer server =
                FeedServer.start(events, json, settings.bind(), settings.port(), settings.token());
        return new WriterFeed(writer, events, server, server.address(settings.advertisedHost()));
    }

    public UUID writer() {
        return writer;
    }

    public boolean enabled() {
        return events != null;
    }

    /** The events; only while {@link #enabled}. */
    public AckFeed events() {
        if (events == null) {
            throw new IllegalStateException("the writer's feed is off (writer.feed.enabled)");
        }
        return events;
    }

    /** Where query services reach the feed ({@code host:port}), or null when it is off. */
    public String address() {
        return address;
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
