package org.leaderboard.query.web;

/** Descriptions of the query parameters several endpoints share, for their OpenAPI document. */
public final class ParameterDocs {

    public static final String BOARD = "The board's name";
    public static final String OFFSET = "Rows to skip, 0 or more; default 0";
    public static final String LIMIT =
            "Rows in the page, 1 to query.max-limit (1000); default query.default-limit (100)";
    public static final String AS_OF =
            "A past moment, ISO-8601 with offset: the board as it stood then. Default: now";
    public static final String CONSISTENCY =
            "strong (default): read-your-writes; eventual: the in-memory view, about a second old";

    private ParameterDocs() {}
}
