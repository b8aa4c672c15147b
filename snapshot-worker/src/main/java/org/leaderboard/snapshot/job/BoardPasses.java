package org.leaderboard.snapshot.job;

import java.util.List;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.snapshot.pass.PassResult;
import org.leaderboard.snapshot.pass.SnapshotLag;
import org.leaderboard.snapshot.pass.SnapshotPass;
import org.leaderboard.snapshot.pass.StopFlag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One pass over every board, one log line per board. A failing board is logged and the others still
 * run: boards are independent, and a half-done board is invisible until its next head.
 */
@Component
class BoardPasses {

    private static final Logger log = LoggerFactory.getLogger(BoardPasses.class);

    private final BoardDao boards;
    private final SnapshotPass pass;
    private final StopFlag stop;
    private final SnapshotLag lag;

    BoardPasses(BoardDao boards, SnapshotPass pass, StopFlag stop, SnapshotLag lag) {
        this.boards = boards;
        this.pass = pass;
        this.stop = stop;
        this.lag = lag;
    }

    /** Returns whether every board succeeded (listing the boards counts as one). */
    boolean runAll() {
        List<BoardSettings> all;
        try {
            all = boards.all();
        } catch (RuntimeException e) {
            log.error("snapshot pass could not list boards", e);
            return false;
        }
        int failed = 0;
        for (BoardSettings board : all) {
            if (stop.requested()) {
                log.info("snapshot pass stopping: shutdown requested");
                break;
            }
            failed += runOne(board) ? 0 : 1;
        }
        return failed == 0;
    }

    private boolean runOne(BoardSettings board) {
        try {
            PassResult result = pass.run(board);
            lag.observed(result);
            log.info("snapshot {}", result.summary());
            return true;
        } catch (RuntimeException e) {
            log.error("snapshot board={} outcome=FAILED error={}", board.board(), e.toString(), e);
            return false;
        }
    }
}
