package org.leaderboard.query.page;

import org.leaderboard.model.board.Ids;
import org.leaderboard.query.config.QuerySettings;
import org.leaderboard.query.web.Parameters;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * A page of a board's ranking as Server-Sent Events: the page at once, then again whenever it
 * changes, from the in-memory eventual view (see {@link LiveBoards}).
 */
@RestController
class LiveController {

    private final LiveBoards live;
    private final QuerySettings settings;

    LiveController(LiveBoards live, QuerySettings settings) {
        this.live = live;
        this.settings = settings;
    }

    @GetMapping(path = "/boards/{board}/live", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter live(
            @PathVariable String board,
            @RequestParam(name = "offset", required = false) String offset,
            @RequestParam(name = "limit", required = false) String limit) {
        Ids.requireBoard("board", board);
        return live.subscribe(
                new LivePage(
                        board,
                        Parameters.wholeNumber("offset", offset, 0),
                        Parameters.wholeNumber("limit", limit, settings.defaultLimit())));
    }
}
