package org.leaderboard.writer.web;

import java.time.Instant;

/** {@code POST /boards/{board}/close}: the close instant, now when left out. */
record CloseBoardRequest(Instant closeAt) {}
