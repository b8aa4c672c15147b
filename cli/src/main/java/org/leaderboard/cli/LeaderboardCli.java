package org.leaderboard.cli;

import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The operator's command line: boards, imports and exports over the writer's and the query
 * service's HTTP APIs. Exit codes: 0 done, 1 refused or failed (the output says what), 2 bad usage
 * or an import file that cannot be read.
 */
@Command(
        name = "leaderboard",
        mixinStandardHelpOptions = true,
        versionProvider = LeaderboardCli.Version.class,
        description = "Operate a leaderboard system: boards, vote imports, exports.",
        subcommands = {
            BoardCommand.class,
            ImportCommand.class,
            ExportCommand.class,
            TopCommand.class,
            CommandLine.HelpCommand.class
        })
public final class LeaderboardCli {

    /** The version from the jar's manifest (none when run from classes, as in tests). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = LeaderboardCli.class.getPackage().getImplementationVersion();
            return new String[] {
                "leaderboard CLI " + (version == null ? "(development)" : version)
            };
        }
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line with its error handling; set its out and err to capture the output. */
    public static CommandLine commandLine() {
        return new CommandLine(new LeaderboardCli())
                .setExecutionExceptionHandler(LeaderboardCli::report);
    }

    /**
     * A CliException or a failed connection is the whole story in one line; anything else gets its
     * stack trace.
     */
    private static int report(
            Exception e, CommandLine commandLine, CommandLine.ParseResult parsed) {
        PrintWriter err = commandLine.getErr();
        if (e instanceof CliException) {
            err.println("error: " + e.getMessage());
        } else if (e instanceof IOException) {
            err.println("error: cannot reach the service: " + e);
        } else {
            e.printStackTrace(err);
        }
        err.flush();
        return 1;
    }
}
