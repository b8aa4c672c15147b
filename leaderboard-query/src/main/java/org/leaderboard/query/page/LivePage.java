package org.leaderboard.query.page;

/** One page of one board that browsers watch; streams of the same page share its updates. */
record LivePage(String board, int offset, int limit) {}
