package org.leaderboard.query.web;

import org.leaderboard.security.DocumentedProblem;

/** The query API's refusals as its OpenAPI document shows them, each with an example. */
public enum QueryProblem implements DocumentedProblem {
    INVALID_PARAMETER(
            400,
            "Invalid request",
            "A parameter is malformed or out of range, or the request has a parameter the endpoint"
                    + " does not take; field names it.",
            """
            {"type":"about:blank","title":"Invalid request","status":400,\
            "detail":"limit: 5000 is out of range; must be between 1 and 1000",\
            "instance":"/boards/song-contest/leaderboard","field":"limit"}"""),
    UNAUTHENTICATED(
            401,
            "Unauthenticated",
            "Only when reads need a key (api.security.query-public=false): no credentials, an"
                    + " unknown key or an invalid token.",
            """
            {"type":"about:blank","title":"Unauthenticated","status":401,\
            "detail":"this request needs credentials: send an API key in the X-API-Key header\
             or a bearer token in the Authorization header",\
            "instance":"/boards/song-contest/leaderboard"}"""),
    FORBIDDEN(
            403,
            "Forbidden",
            "Only when reads need a key: the credentials do not carry the READER role.",
            """
            {"type":"about:blank","title":"Forbidden","status":403,\
            "detail":"GET /boards/song-contest/leaderboard needs the role READER; the credentials\
             of 'ballot-box' carry VOTER","instance":"/boards/song-contest/leaderboard"}"""),
    UNKNOWN_BOARD(
            404,
            "Unknown board",
            "No board has this name.",
            """
            {"type":"about:blank","title":"Unknown board","status":404,\
            "detail":"board 'song-contset' does not exist; create it with POST /boards first",\
            "instance":"/boards/song-contset/leaderboard","board":"song-contset"}"""),
    UNKNOWN_USER(
            404,
            "Unknown user",
            "The user has no counted vote on the board (at asOf, if given).",
            """
            {"type":"about:blank","title":"Unknown user","status":404,\
            "detail":"user 'zz-top' has no votes on board 'song-contest'",\
            "instance":"/boards/song-contest/users/zz-top"}"""),
    DATABASE_UNAVAILABLE(
            503,
            "Database unavailable",
            "Cassandra did not answer in time or too few replicas were up; the same request may"
                    + " succeed on retry.",
            """
            {"type":"about:blank","title":"Database unavailable","status":503,\
            "detail":"the database did not answer the query (Query timed out after PT2S); retry",\
            "instance":"/boards/song-contest/leaderboard"}"""),
    READ_NOT_READY(
            503,
            "Read-your-writes answer not ready",
            "A read-your-writes query waited query.strong.timeout (query.strong.first-read-timeout"
                    + " while the board's snapshot loads), or was refused at once because it would"
                    + " have waited longer: the read under way had already run that long, or the"
                    + " board's last read took so long. The board's newest votes arrive faster"
                    + " than the service reads them, its snapshot's first load is that slow, or the"
                    + " database is. Retry after Retry-After seconds, or ask with"
                    + " consistency=eventual.",
            """
            {"type":"about:blank","title":"Read-your-writes answer not ready","status":503,\
            "detail":"no read-your-writes answer within query.strong.timeout (5 s): the board's\
             newest votes, a first load of its snapshot or the database took longer; retry, or\
             ask with consistency=eventual","instance":"/boards/song-contest/leaderboard"}"""),
    SENT_BEFORE_ANSWER_READ(
            503,
            "Request sent before the last answer was read",
            "Only for a request sent on a connection before the answer to the one before it was"
                    + " read (pipelining), that arrived while the service answered that one on the"
                    + " thread that saw it (query.http.held-reads-on-poller) and is not a"
                    + " bounded-staleness read of a held view: it is not answered there, where it"
                    + " could wait, and the connection is closed. Send it again at once.",
            """
            {"type":"about:blank","title":"Request sent before the last answer was read",\
            "status":503,"detail":"this request came on a connection before the answer to the one\
             before it was read; send it again","instance":"/boards/song-contest/leaderboard"}""");

    private final int status;
    private final String title;
    private final String description;
    private final String example;

    QueryProblem(int status, String title, String description, String example) {
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
