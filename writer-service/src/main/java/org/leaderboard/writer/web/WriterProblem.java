package org.leaderboard.writer.web;

import org.leaderboard.security.DocumentedProblem;

/** The command API's refusals as its OpenAPI document shows them, each with an example. */
enum WriterProblem implements DocumentedProblem {
    INVALID_INPUT(
            400,
            "Invalid input",
            "Malformed JSON, a wrong type, an unknown or missing field, a value out of range;"
                    + " field names it.",
            """
            {"type":"about:blank","title":"Invalid input","status":400,\
            "detail":"votes: 0 is out of range; must be between -1000000000 and 1000000000\
             and not 0","instance":"/boards/song-contest/votes","field":"votes"}"""),
    UNAUTHENTICATED(
            401,
            "Unauthenticated",
            "No credentials, an unknown API key, or an invalid or expired bearer token.",
            """
            {"type":"about:blank","title":"Unauthenticated","status":401,\
            "detail":"this request needs credentials: send an API key in the X-API-Key header\
             or a bearer token in the Authorization header","instance":"/boards"}"""),
    FORBIDDEN(
            403,
            "Forbidden",
            "The credentials lack the role the command needs (ADMIN for boards and retractions,"
                    + " VOTER for votes).",
            """
            {"type":"about:blank","title":"Forbidden","status":403,\
            "detail":"POST /boards needs the role ADMIN; the credentials of 'ballot-box' carry\
             VOTER","instance":"/boards"}"""),
    UNKNOWN_BOARD(
            404,
            "Unknown board",
            "No board has this name.",
            """
            {"type":"about:blank","title":"Unknown board","status":404,\
            "detail":"board 'song-contset' does not exist; create it with POST /boards first",\
            "instance":"/boards/song-contset/votes","board":"song-contset"}"""),
    UNKNOWN_VOTE(
            404,
            "Unknown vote",
            "No vote with this voteId is stored on the board.",
            """
            {"type":"about:blank","title":"Unknown vote","status":404,\
            "detail":"vote 6f0e5a40-c79a-11f0-8000-000000000001 is not stored on board\
             'song-contest'; nothing to retract","voteId":"6f0e5a40-c79a-11f0-8000-000000000001",\
            "instance":"/boards/song-contest/votes/6f0e5a40-c79a-11f0-8000-000000000001/retraction"}"""),
    BOARD_CONFLICT(
            409,
            "Board exists with other settings",
            "A board of this name exists with other settings; stored holds them.",
            """
            {"type":"about:blank","title":"Board exists with other settings","status":409,\
            "detail":"board 'song-contest' exists with other settings","instance":"/boards",\
            "stored":{"board":"song-contest","writeWindowSeconds":60,"uniqueVotes":"NONE"}}"""),
    VOTER_ALREADY_VOTED(
            409,
            "Voter already voted",
            "A unique-vote board already holds another vote of this voter; this one does not"
                    + " count.",
            """
            {"type":"about:blank","title":"Voter already voted","status":409,\
            "detail":"voter 'v9' already voted on board 'daily-poll' (uniqueVotes PER_BOARD) with\
             vote 6f0e5a40-c79a-11f0-8000-000000000001; this vote is not counted",\
            "voteId":"7a1c2b40-c79a-11f0-8000-000000000002","instance":"/boards/daily-poll/votes"}"""),
    TOO_LARGE(
            413,
            "Request too large",
            "The body is larger than writer.max-request-size; send smaller batches.",
            """
            {"type":"about:blank","title":"Request too large","status":413,\
            "detail":"body: is larger than 2097152 bytes (writer.max-request-size); send smaller\
             batches","instance":"/boards/song-contest/votes/batch","field":"body"}"""),
    OUTSIDE_WINDOW(
            422,
            "Vote outside the write window",
            "The vote's time (its voteId's) is older than the board's write window or too far"
                    + " ahead of the writer's clock; not stored.",
            """
            {"type":"about:blank","title":"Vote outside the write window","status":422,\
            "detail":"voteId time 2026-11-21T10:00:00Z is 75 s old; board 'song-contest' accepts\
             votes at most 60 s old (its write window)","voteId":"6f0e5a40-c79a-11f0-8000-000000000001",\
            "voteTime":"2026-11-21T10:00:00Z","instance":"/boards/song-contest/votes"}"""),
    BOARD_CLOSED(
            422,
            "Board closed",
            "An admin closed the board to votes from closesAt on, and the vote's time (its"
                    + " voteId's) is not before it; not stored.",
            """
            {"type":"about:blank","title":"Board closed","status":422,\
            "detail":"board 'song-contest' is closed to votes from 2026-11-21T20:00:00Z on; this\
             vote's time (its voteId's) is 2026-11-21T20:00:03Z, not stored",\
            "voteId":"6f0e5a40-c79a-11f0-8000-000000000001","board":"song-contest",\
            "closesAt":"2026-11-21T20:00:00Z","voteTime":"2026-11-21T20:00:03Z",\
            "instance":"/boards/song-contest/votes"}"""),
    NOT_COUNTED(
            422,
            "Vote not counted",
            "A late retry or a retraction of a vote that was stored too late, or lost its"
                    + " unique-vote claim: it does not count.",
            """
            {"type":"about:blank","title":"Vote not counted","status":422,\
            "detail":"vote 6f0e5a40-c79a-11f0-8000-000000000001 was stored after the snapshot of\
             its time and does not count","voteId":"6f0e5a40-c79a-11f0-8000-000000000001",\
            "instance":"/boards/song-contest/votes"}"""),
    NOT_RETRACTABLE(
            422,
            "Not retractable",
            "The board ranks by score BEST or LOWEST (a single vote's max or min), which a"
                    + " retraction cannot undo; only SUM and COUNT boards take retractions.",
            """
            {"type":"about:blank","title":"Not retractable","status":422,\
            "detail":"board 'monza-laps' ranks by score LOWEST (the lowest single vote), which a\
             retraction cannot undo: it would have to forget vote\
             6f0e5a40-c79a-11f0-8000-000000000001 without knowing the user's other votes. Only\
             SUM and COUNT boards take retractions","voteId":"6f0e5a40-c79a-11f0-8000-000000000001",\
            "instance":"/boards/monza-laps/votes/6f0e5a40-c79a-11f0-8000-000000000001/retraction"}"""),
    OVERLOADED(
            503,
            "Writer overloaded",
            "More votes in flight than writer.load.max-votes-in-flight: nothing was stored; retry"
                    + " after Retry-After seconds with the same voteId.",
            """
            {"type":"about:blank","title":"Writer overloaded","status":503,\
            "detail":"the writer already holds 4096 votes in flight\
             (writer.load.max-votes-in-flight); nothing was stored: retry after 1 s with the same\
             voteId","instance":"/boards/song-contest/votes"}"""),
    NOT_REGISTERED(
            503,
            "Writer not registered",
            "The vote is stored, but this writer is not registered with the query services yet"
                    + " (or its registration lapsed), so a read right now might not count it;"
                    + " retry after Retry-After seconds with the same voteId.",
            """
            {"type":"about:blank","title":"Writer not registered","status":503,\
            "detail":"vote 6f0e5a40-c79a-11f0-8000-000000000001 is stored, but this writer is not\
             registered with the query services (its writer_progress row is not stored yet, or may\
             have expired), so a read might not count it yet: retry after 1 s with the same\
             voteId","voteId":"6f0e5a40-c79a-11f0-8000-000000000001",\
            "instance":"/boards/song-contest/votes"}"""),
    STORE_UNAVAILABLE(
            503,
            "Store unavailable",
            "Cassandra did not confirm in time: the vote may or may not be stored; retry with the"
                    + " same voteId (Retry-After, when sent, says when).",
            """
            {"type":"about:blank","title":"Store unavailable","status":503,\
            "detail":"Cassandra did not answer (Query timed out after PT2S); retry later",\
            "instance":"/boards/song-contest/votes"}""");

    private final int status;
    private final String title;
    private final String description;
    private final String example;

    WriterProblem(int status, String title, String description, String example) {
        this.status = status;
        this.title = title;
        this.description = description;
        this.example = example;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String example() {
        return example;
    }
}
