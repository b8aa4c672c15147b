package org.leaderboard.writer.web;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Instant;
import java.util.regex.Pattern;
import org.leaderboard.model.api.CloseBoardCommand;
import org.leaderboard.model.api.ReopenBoardCommand;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.board.Ids;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.UnknownBoardException;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Board administration (ADMIN): the list of boards, one board's settings and snapshot, closing a
 * board to votes (a contest deadline) and reopening it. The reads go to the store, not to the
 * writer's cache, so they show what every writer replica will see after its next refresh.
 */
@RestController
@Tag(name = "Boards", description = "Creating, listing, inspecting and closing boards (ADMIN)")
class BoardAdminController {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 1000;
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,9}");

    private static final String SETTINGS =
            """
            {"board":"song-contest","writeWindowSeconds":60,"uniqueVotes":"NONE",\
            "bucketSeconds":60,"shards":8,"chunks":16,"createdAt":"2026-11-21T09:00:00Z",\
            "period":"NONE","timeZone":"UTC","retentionDays":30,\
            "closesAt":"2026-11-21T20:00:00Z","score":"SUM"}""";

    private static final String LIST =
            """
            {"boards":[{"board":"song-contest","writeWindowSeconds":60,"uniqueVotes":"NONE",\
            "bucketSeconds":60,"shards":8,"chunks":16,"createdAt":"2026-11-21T09:00:00Z",\
            "period":"NONE","timeZone":"UTC","retentionDays":30,"closesAt":null,\
            "score":"SUM"}],\
            "next":"0x0004000000..."}""";

    private static final String STATUS =
            """
            {"board":"song-contest","settings":{"board":"song-contest","writeWindowSeconds":60,\
            "uniqueVotes":"NONE","bucketSeconds":60,"shards":8,"chunks":16,\
            "createdAt":"2026-11-21T09:00:00Z","period":"NONE","timeZone":"UTC",\
            "retentionDays":30,"closesAt":"2026-11-21T20:00:00Z","score":"SUM"},\
            "now":"2026-11-21T20:03:10Z","closed":true,"horizon":"2026-10-22T20:03:10Z",\
            "snapshot":{"cutoff":"2026-11-21T20:01:00Z","lagSeconds":130,\
            "takenAt":"2026-11-21T20:02:05Z","events":120345,"layers":3,\
            "usersAtLeast":4410,"usersAtMost":4890}}""";

    private static final String CLOSE =
            """
            {"closeAt":"2026-11-21T20:00:00Z"}""";

    private final Commands commands;
    private final BoardDao boards;
    private final SnapshotHeadDao heads;
    private final Clock clock;

    BoardAdminController(Commands commands, BoardDao boards, SnapshotHeadDao heads, Clock clock) {
        this.commands = commands;
        this.boards = boards;
        this.heads = heads;
        this.clock = clock;
    }

    @GetMapping("/boards")
    @Operation(
            summary = "List boards",
            description =
                    "Every board with its settings, a page at a time in the store's order (not"
                            + " by name): pass next as pageState until it is null. Each board is"
                            + " on exactly one page.")
    @ApiResponse(
            responseCode = "200",
            description = "A page of boards and the cursor of the next",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = BoardList.class),
                            examples = @ExampleObject(name = "a page", value = LIST)))
    @Refusals({
        WriterProblem.INVALID_INPUT,
        WriterProblem.UNAUTHENTICATED,
        WriterProblem.FORBIDDEN,
        WriterProblem.STORE_UNAVAILABLE
    })
    Mono<BoardList> list(
            @Parameter(description = "Boards per page, 1..1000 (default 50)", example = "50")
                    @RequestParam(required = false)
                    String limit,
            @Parameter(
                            description = "The next of the previous page; none for the first",
                            example = "0x0004000000...")
                    @RequestParam(required = false)
                    String pageState) {
        int pageSize = limit(limit);
        return Blocking.call(() -> boards.page(pageSize, pageState))
                .map(page -> new BoardList(page.boards(), page.next()));
    }

    @GetMapping("/boards/{board}")
    @Operation(
            summary = "A board's settings and snapshot",
            description =
                    "The stored settings (closesAt included), whether the board is closed now,"
                            + " its time-travel horizon, and what its newest snapshot covers:"
                            + " cutoff, lag behind now, events and users before the cutoff (read"
                            + " from the snapshot head, so as of the cutoff, not of now).")
    @ApiResponse(
            responseCode = "200",
            description = "The board",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = BoardStatus.class),
                            examples = @ExampleObject(name = "closed contest", value = STATUS)))
    @Refusals({
        WriterProblem.INVALID_INPUT,
        WriterProblem.UNAUTHENTICATED,
        WriterProblem.FORBIDDEN,
        WriterProblem.UNKNOWN_BOARD,
        WriterProblem.STORE_UNAVAILABLE
    })
    Mono<BoardStatus> status(
            @Parameter(description = "The board's name", example = "song-contest") @PathVariable
                    String board) {
        Ids.requireBoard("board", board);
        return Blocking.call(
                () -> {
                    BoardSettings settings =
                            boards.find(board).orElseThrow(() -> new UnknownBoardException(board));
                    return BoardStatus.of(settings, heads.latestHead(board), clock.instant());
                });
    }

    @PostMapping("/boards/{board}/close")
    @Operation(
            summary = "Close a board to votes",
            description =
                    "Votes whose time (their voteId's) is at or after closeAt are refused with"
                            + " 422 Board closed; earlier votes still count. closeAt defaults to"
                            + " now and may not be in the past; closing again moves it. This"
                            + " writer applies it at once, the others within writer.board-refresh"
                            + " (5 s): a closeAt at least that far ahead, a contest deadline, is"
                            + " exact on every replica.",
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            description = "Optional: when the board closes",
                            required = false,
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            examples =
                                                    @ExampleObject(
                                                            name = "deadline",
                                                            value = CLOSE))))
    @ApiResponse(
            responseCode = "200",
            description = "Closed; the stored settings with closesAt",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = BoardSettings.class),
                            examples = @ExampleObject(name = "closed", value = SETTINGS)))
    @Refusals({
        WriterProblem.INVALID_INPUT,
        WriterProblem.UNAUTHENTICATED,
        WriterProblem.FORBIDDEN,
        WriterProblem.UNKNOWN_BOARD,
        WriterProblem.STORE_UNAVAILABLE
    })
    Mono<BoardSettings> close(
            @Parameter(description = "The board's name", example = "song-contest") @PathVariable
                    String board,
            @RequestBody(required = false) CloseBoardRequest request) {
        Ids.requireBoard("board", board);
        Instant now = clock.instant();
        Instant closeAt = request == null || request.closeAt() == null ? now : request.closeAt();
        if (closeAt.isBefore(now)) {
            throw new InvalidInputException(
                    "closeAt",
                    closeAt
                            + " is in the past (now is "
                            + now
                            + "); leave closeAt out to close now");
        }
        CloseBoardCommand command = new CloseBoardCommand(board, closeAt);
        return Blocking.call(() -> commands.send(command));
    }

    @PostMapping("/boards/{board}/reopen")
    @Operation(
            summary = "Reopen a board",
            description =
                    "Removes the close: votes are accepted again (on other writers within"
                            + " writer.board-refresh). A no-op on an open board.")
    @ApiResponse(
            responseCode = "200",
            description = "Open; the stored settings (closesAt null)",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = BoardSettings.class),
                            examples =
                                    @ExampleObject(
                                            name = "open",
                                            value =
                                                    """
                                                    {"board":"song-contest","writeWindowSeconds":60,\
                                                    "uniqueVotes":"NONE","bucketSeconds":60,\
                                                    "shards":8,"chunks":16,\
                                                    "createdAt":"2026-11-21T09:00:00Z",\
                                                    "period":"NONE","timeZone":"UTC",\
                                                    "retentionDays":30,"closesAt":null,\
                                                    "score":"SUM"}""")))
    @Refusals({
        WriterProblem.INVALID_INPUT,
        WriterProblem.UNAUTHENTICATED,
        WriterProblem.FORBIDDEN,
        WriterProblem.UNKNOWN_BOARD,
        WriterProblem.STORE_UNAVAILABLE
    })
    Mono<BoardSettings> reopen(
            @Parameter(description = "The board's name", example = "song-contest") @PathVariable
                    String board) {
        Ids.requireBoard("board", board);
        return Blocking.call(() -> commands.send(new ReopenBoardCommand(board)));
    }

    /** Plain decimal digits only: {@code 0x10}, {@code +5} and {@code " 1"} are mistakes. */
    private static int limit(String text) {
        if (text == null) {
            return DEFAULT_LIMIT;
        }
        int limit = WHOLE.matcher(text).matches() ? Integer.parseInt(text) : -1;
        if (limit < 1 || limit > MAX_LIMIT) {
            String shown = text.length() > 40 ? text.substring(0, 40) + "..." : text;
            throw new InvalidInputException(
                    "limit",
                    "'"
                            + shown.replaceAll("\\p{Cntrl}", "?")
                            + "' is not a whole number between 1 and "
                            + MAX_LIMIT);
        }
        return limit;
    }
}
