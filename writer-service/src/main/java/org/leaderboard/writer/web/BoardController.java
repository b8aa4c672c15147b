package org.leaderboard.writer.web;

import java.time.Clock;
import org.leaderboard.model.api.BoardCreation;
import org.leaderboard.model.api.CreateBoardCommand;
import org.leaderboard.model.board.BoardSettings;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Creating boards: 201 when created, 200 when it exists with the same settings, else 409. */
@RestController
class BoardController {

    private final Commands commands;
    private final Clock clock;

    BoardController(Commands commands, Clock clock) {
        this.commands = commands;
        this.clock = clock;
    }

    @PostMapping("/boards")
    ResponseEntity<BoardSettings> create(@RequestBody CreateBoardRequest request) {
        // BoardSettings keeps createdAt to the millisecond, as Cassandra stores it.
        BoardSettings requested = request.toSettings(clock.instant());
        BoardCreation creation = commands.send(new CreateBoardCommand(requested));
        HttpStatus status = creation.created() ? HttpStatus.CREATED : HttpStatus.OK;
        return ResponseEntity.status(status).body(creation.settings());
    }
}
