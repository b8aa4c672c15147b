package org.leaderboard.query.page;

import java.util.Comparator;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.cassandra.BoardDao;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The live page's shell and the list of boards. The HTML holds no data (the page's script reads it
 * from the API, with the caller's credentials), so it is served to everyone; the list is data and
 * follows the query API's access rule.
 */
@RestController
class PageController {

    private static final Resource BOARD_PAGE = new ClassPathResource("static/live/board.html");

    private final BoardDao boards;

    PageController(BoardDao boards) {
        this.boards = boards;
    }

    /** A scan of the small settings table (one row per board), as the snapshot worker does. */
    @GetMapping(path = "/boards", produces = MediaType.APPLICATION_JSON_VALUE)
    BoardList boards() {
        return new BoardList(
                boards.all().stream()
                        .map(BoardSummary::of)
                        .sorted(Comparator.comparing(BoardSummary::board))
                        .toList());
    }

    /**
     * The page reads its parameters itself (a page of the ranking, a moment in the past); they are
     * named here so that a link with them is not refused as having unknown parameters.
     */
    @GetMapping(path = "/boards/{board}", produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<Resource> boardPage(
            @PathVariable String board,
            @RequestParam(name = "offset", required = false) String offset,
            @RequestParam(name = "limit", required = false) String limit,
            @RequestParam(name = "asOf", required = false) String asOf) {
        Ids.requireBoard("board", board);
        return ResponseEntity.ok()
                .cacheControl(CacheControl.noCache())
                .contentType(MediaType.TEXT_HTML)
                .body(BOARD_PAGE);
    }
}
