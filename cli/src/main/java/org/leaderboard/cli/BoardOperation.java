package org.leaderboard.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** What every command on one board has: the board, the connection, and where to print. */
abstract class BoardOperation {

    @Spec CommandSpec spec;
    @Mixin Connection connection;

    @Parameters(index = "0", description = "The board's name.")
    String board;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
