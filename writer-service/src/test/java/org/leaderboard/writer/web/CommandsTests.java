package org.leaderboard.writer.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.config.Configuration;
import org.axonframework.config.DefaultConfigurer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.InvalidInputException;
import org.leaderboard.model.board.UnknownBoardException;

/** What a handler throws is what the HTTP layer sees, whatever Axon wraps it in on the way. */
class CommandsTests {

    record Refuse(String board) {}

    record FailChecked() {}

    record Answer(int value) {}

    static class Handlers {
        @CommandHandler
        String handle(Refuse command) {
            throw new UnknownBoardException(command.board());
        }

        @CommandHandler
        String handle(FailChecked command) throws IOException {
            throw new IOException("disk on fire");
        }

        @CommandHandler
        Integer handle(Answer command) {
            if (command.value() < 0) {
                throw new InvalidInputException("value", "must not be negative");
            }
            return command.value() * 2;
        }
    }

    private final Configuration axon =
            DefaultConfigurer.defaultConfiguration()
                    .configureCommandBus(c -> SimpleCommandBus.builder().build())
                    .registerCommandHandler(c -> new Handlers())
                    .buildConfiguration();

    private Commands commands() {
        axon.start();
        return new Commands(DefaultCommandGateway.builder().commandBus(axon.commandBus()).build());
    }

    @AfterEach
    void stop() {
        axon.shutdown();
    }

    @Test
    void returnsTheHandlersResult() {
        Integer doubled = commands().send(new Answer(21));

        assertThat(doubled).isEqualTo(42);
    }

    @Test
    void rethrowsTheHandlersUncheckedExceptionItself() {
        Commands commands = commands();

        assertThat(catchThrowable(() -> commands.send(new Refuse("nope"))))
                .isExactlyInstanceOf(UnknownBoardException.class)
                .hasMessageStartingWith("board 'nope' does not exist");
        assertThat(catchThrowable(() -> commands.send(new Answer(-1))))
                .isExactlyInstanceOf(InvalidInputException.class)
                .hasMessage("value: must not be negative");
    }

    @Test
    void leavesACheckedExceptionWrappedSinceItIsNoRefusal() {
        Commands commands = commands();

        assertThat(catchThrowable(() -> commands.send(new FailChecked())))
                .isExactlyInstanceOf(CommandExecutionException.class)
                .hasRootCauseExactlyInstanceOf(IOException.class);
    }

    @Test
    void unwrapsWrappedRuntimeExceptions() {
        UnknownBoardException original = new UnknownBoardException("b");

        assertThat(
                        Commands.unwrap(
                                new CommandExecutionException(
                                        "wrapped",
                                        new java.util.concurrent.CompletionException(original))))
                .isSameAs(original);
    }
}
