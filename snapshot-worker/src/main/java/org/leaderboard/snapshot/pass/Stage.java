package org.leaderboard.snapshot.pass;

/**
 * Points inside a step where a pass reports progress. Tests use them to kill a pass at a chosen
 * point (throwing from the callback) without mocking the database.
 */
enum Stage {
    /** The step's events are folded; nothing of this step is stored yet. */
    FOLDED,
    /** Every layer row of the step (delta and merges) is acknowledged; the head is not written. */
    LAYERS_WRITTEN,
    /** The step's head is committed. */
    HEAD_WRITTEN
}
