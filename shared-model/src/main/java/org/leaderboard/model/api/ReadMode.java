package org.leaderboard.model.api;

/**
 * How fresh an answer must be. LATEST (the default) reads the tail at query time: read-your-writes.
 * EVENTUAL answers from an in-memory view refreshed in the background, at most a second or so old
 * (the answer says how old), at the cost of a lookup instead of a Cassandra read.
 */
public enum ReadMode {
    LATEST,
    EVENTUAL
}
