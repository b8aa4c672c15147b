package org.leaderboard.writer.command;

import java.util.UUID;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.api.VoteRetractedEvent;
import org.leaderboard.model.cassandra.StoredEvent;
import org.leaderboard.writer.config.LoadSettings;
import org.leaderboard.writer.config.WriterFeed;
import org.leaderboard.writer.feed.AckFeed;
import org.leaderboard.writer.store.ProgressMarks;
import org.springframework.stereotype.Component;

/**
 * The last step before the writer answers that an event is stored: the event goes into this
 * writer's feed ({@link AckFeed}), and then, with the feed on, the answer is refused ({@link
 * WriterNotRegisteredException}, 503) unless the writer is registered ({@link
 * ProgressMarks#registered}). Called once the event's writes and its late mark, if any, are stored,
 * for every answer that says stored: RECORDED or ALREADY_RECORDED, of a vote, a vote of a batch, or
 * a retraction.
 *
 * <p>In that order because a query service that starts after the answer asks every registered
 * writer's feed and must find the event there: appended first, it is in every page asked for after
 * the answer; registered when answering, the writer is one the query service asks.
 */
@Component
class Acknowledgements {

    private final AckFeed feed;
    private final ProgressMarks progress;
    private final int retryAfterSeconds;
    private final VoteMetrics metrics;

    Acknowledgements(
            WriterFeed feed, ProgressMarks progress, LoadSettings load, VoteMetrics metrics) {
        this.feed = feed.enabled() ? feed.events() : null;
        this.progress = progress;
        this.metrics = metrics;
        this.retryAfterSeconds = (int) load.retryAfter().toSeconds();
    }

    /** A vote is stored (and marked if late): appended, and the answer allowed or refused. */
    void stored(VoteCastEvent vote) {
        if (feed != null) {
            feed.append(
                    vote.board(),
                    new StoredEvent(vote.voteId(), vote.user(), vote.voter(), vote.votes(), null));
            if (!progress.registered()) {
                metrics.refused(VoteMetrics.NOT_REGISTERED, 1);
                throw notRegistered(vote.voteId(), "vote " + vote.voteId());
            }
        }
    }

    /**
     * A retraction is stored with its claim (and marked if late), or found already stored: its
     * compensating event {@code retractionId} is appended, and the answer allowed or refused.
     */
    void stored(VoteRetractedEvent retraction) {
        if (feed != null) {
            feed.append(
                    retraction.board(),
                    new StoredEvent(
                            retraction.retractionId(),
                            retraction.user(),
                            retraction.voter(),
                            retraction.votes(),
                            retraction.voteId()));
            if (!progress.registered()) {
                throw notRegistered(
                        retraction.voteId(),
                        "the retraction "
                                + retraction.retractionId()
                                + " of vote "
                                + retraction.voteId());
            }
        }
    }

    private WriterNotRegisteredException notRegistered(UUID voteId, String event) {
        return new WriterNotRegisteredException(voteId, event, retryAfterSeconds);
    }
}
