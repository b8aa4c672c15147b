package org.leaderboard.query.page;

import java.util.List;

/** Every board, by name. */
record BoardList(List<BoardSummary> boards) {}
