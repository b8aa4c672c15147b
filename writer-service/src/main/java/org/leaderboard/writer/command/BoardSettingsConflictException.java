package org.leaderboard.writer.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.leaderboard.model.board.BoardSettings;

/**
 * A board of that id exists with other settings. Settings never change after creation (the bucket
 * size and shard count are baked into stored primary keys), so this is a 409, not an update.
 */
public class BoardSettingsConflictException extends RuntimeException {

    private final transient BoardSettings stored;

    BoardSettingsConflictException(BoardSettings stored, BoardSettings requested) {
        super(
                "board '"
                        + stored.board()
                        + "' already exists with other settings: "
                        + String.join("; ", differences(stored, requested))
                        + ". Settings cannot change once a board exists; use another board id");
        this.stored = stored;
    }

    public BoardSettings stored() {
        return stored;
    }

    /** One "field is stored (requested other)" line per differing setting, in field order. */
    static List<String> differences(BoardSettings stored, BoardSettings requested) {
        List<String> differences = new ArrayList<>();
        differ(
                differences,
                "writeWindowSeconds",
                stored.writeWindowSeconds(),
                requested.writeWindowSeconds());
        differ(differences, "uniqueVotes", stored.uniqueVotes(), requested.uniqueVotes());
        differ(differences, "bucketSeconds", stored.bucketSeconds(), requested.bucketSeconds());
        differ(differences, "shards", stored.shards(), requested.shards());
        differ(differences, "chunks", stored.chunks(), requested.chunks());
        differ(differences, "period", stored.period(), requested.period());
        differ(differences, "timeZone", stored.timeZone(), requested.timeZone());
        differ(differences, "retentionDays", stored.retentionDays(), requested.retentionDays());
        differ(differences, "score", stored.score(), requested.score());
        return differences;
    }

    private static void differ(
            List<String> differences, String field, Object stored, Object requested) {
        if (!Objects.equals(stored, requested)) {
            differences.add(
                    field + " is " + stored + " (this request asked for " + requested + ")");
        }
    }
}
