package org.leaderboard.writer.web;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.leaderboard.model.api.CastVoteCommand;
import org.leaderboard.model.api.CastVotesCommand;
import org.leaderboard.model.api.VoteResult;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.time.TimeUuids;
import org.leaderboard.writer.command.VoteMetrics;
import org.leaderboard.writer.config.WriterSettings;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Casting votes: one at a time, or many in one request with one answer per vote. */
@RestController
@RequestMapping("/boards/{board}/votes")
class VoteController {

    private final Commands commands;
    private final VoteRequestParser parser;
    private final VoteMetrics metrics;
    private final int maxBatchSize;

    VoteController(Commands commands, Clock clock, VoteMetrics metrics, WriterSettings settings) {
        this.commands = commands;
        // Generated ids carry the writer's clock, the same clock the window is checked against.
        this.parser = new VoteRequestParser(() -> TimeUuids.voteIdAt(clock.instant()));
        this.metrics = metrics;
        this.maxBatchSize = settings.maxBatchSize();
    }

    @PostMapping
    @ResponseStatus(HttpStatus.ACCEPTED)
    VoteResult cast(@PathVariable String board, @RequestBody JsonNode vote) {
        Ids.requireBoard("board", board);
        ParsedVote parsed = parser.parse(board, vote);
        if (parsed instanceof ParsedVote.Invalid invalid) {
            metrics.refused(VoteMetrics.INVALID, 1);
            throw invalid.problem();
        }
        return commands.send(((ParsedVote.Valid) parsed).command());
    }

    /**
     * Invalid votes are answered here; the valid ones go to the handler together (even none, so an
     * unknown board is a 404 for the whole batch) and their results are put back in place.
     */
    @PostMapping("/batch")
    BatchResponse castBatch(@PathVariable String board, @RequestBody BatchRequest batch) {
        Ids.requireBoard("board", board);
        List<JsonNode> votes = requireSize(batch.votes());
        metrics.batch(votes.size());
        List<ParsedVote> parsed = votes.stream().map(vote -> parser.parse(board, vote)).toList();
        List<CastVoteCommand> valid =
                parsed.stream()
                        .filter(ParsedVote.Valid.class::isInstance)
                        .map(vote -> ((ParsedVote.Valid) vote).command())
                        .toList();
        List<VoteResult> handled = commands.send(new CastVotesCommand(board, valid));
        metrics.refused(VoteMetrics.INVALID, votes.size() - valid.size());
        return new BatchResponse(inRequestOrder(parsed, handled));
    }

    private List<JsonNode> requireSize(List<JsonNode> votes) {
        if (votes == null) {
            throw new InvalidInputException(
                    "votes",
                    "is required: send {\"votes\":[...]} with 1 to " + maxBatchSize + " votes");
        }
        if (votes.isEmpty() || votes.size() > maxBatchSize) {
            throw new InvalidInputException(
                    "votes",
                    "holds "
                            + votes.size()
                            + " votes; a batch holds 1 to "
                            + maxBatchSize
                            + " votes (writer.max-batch-size)");
        }
        return votes;
    }

    private static List<VoteResult> inRequestOrder(
            List<ParsedVote> parsed, List<VoteResult> handled) {
        Iterator<VoteResult> next = handled.iterator();
        List<VoteResult> results = new ArrayList<>(parsed.size());
        for (ParsedVote vote : parsed) {
            results.add(
                    vote instanceof ParsedVote.Invalid invalid
                            ? VoteResult.refused(
                                    invalid.voteId(), 400, invalid.problem().getMessage())
                            : next.next());
        }
        return results;
    }
}
