package org.leaderboard.model.board;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import org.leaderboard.model.time.Buckets;

/**
 * The settings of one board, fixed at creation: votes older than {@code writeWindowSeconds} are
 * refused (so the past freezes and can be snapshotted), events are partitioned in buckets of {@code
 * bucketSeconds} and {@code shards} shards, and snapshot layers in {@code chunks} chunks. A board
 * with a {@code period} other than NONE starts from zero at every period boundary in {@code
 * timeZone}. Raw events, and the snapshots between them, are kept for {@code retentionDays} (the
 * time-travel horizon) once a snapshot covers them; null keeps everything (boards created before
 * retention existed).
 *
 * <p>{@code closesAt} is the one value that is not fixed at creation: an admin closes the board to
 * votes whose time is at or after it (a contest deadline), or reopens it (null). It is not a
 * setting a creation compares ({@link #sameSettingsAs}).
 *
 * <p>{@code score} says how a user's score is built from the submitted votes and which way it ranks
 * (see {@link ScoreKind}); null (a board created before score kinds existed) is {@link
 * ScoreKind#SUM}.
 */
public record BoardSettings(
        String board,
        int writeWindowSeconds,
        UniqueVotes uniqueVotes,
        int bucketSeconds,
        int shards,
        int chunks,
        Instant createdAt,
        Period period,
        ZoneId timeZone,
        Integer retentionDays,
        Instant closesAt,
        ScoreKind score) {

    /** Times are stored with millisecond precision; truncating here makes a read-back equal. */
    public BoardSettings {
        createdAt = createdAt == null ? null : createdAt.truncatedTo(ChronoUnit.MILLIS);
        period = period == null ? Period.NONE : period;
        timeZone = timeZone == null ? UTC : timeZone;
        closesAt = closesAt == null ? null : closesAt.truncatedTo(ChronoUnit.MILLIS);
        score = score == null ? ScoreKind.SUM : score;
    }

    /** A board whose score is the sum of the votes. */
    public BoardSettings(
            String board,
            int writeWindowSeconds,
            UniqueVotes uniqueVotes,
            int bucketSeconds,
            int shards,
            int chunks,
            Instant createdAt,
            Period period,
            ZoneId timeZone,
            Integer retentionDays,
            Instant closesAt) {
        this(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                period,
                timeZone,
                retentionDays,
                closesAt,
                ScoreKind.SUM);
    }

    /** A board open to votes. */
    public BoardSettings(
            String board,
            int writeWindowSeconds,
            UniqueVotes uniqueVotes,
            int bucketSeconds,
            int shards,
            int chunks,
            Instant createdAt,
            Period period,
            ZoneId timeZone,
            Integer retentionDays) {
        this(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                period,
                timeZone,
                retentionDays,
                null);
    }

    /** A board that keeps everything (no retention). */
    public BoardSettings(
            String board,
            int writeWindowSeconds,
            UniqueVotes uniqueVotes,
            int bucketSeconds,
            int shards,
            int chunks,
            Instant createdAt,
            Period period,
            ZoneId timeZone) {
        this(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                period,
                timeZone,
                null);
    }

    /** A board without a period that keeps everything. */
    public BoardSettings(
            String board,
            int writeWindowSeconds,
            UniqueVotes uniqueVotes,
            int bucketSeconds,
            int shards,
            int chunks,
            Instant createdAt) {
        this(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                Period.NONE,
                UTC);
    }

    /**
     * Period boundaries must be bucket boundaries, so that a snapshot layer never straddles one.
     * Every time zone in use today is offset from UTC by a multiple of 15 minutes.
     */
    public static final int PERIOD_ALIGNMENT_SECONDS = 900;

    /** The default time zone of a board's periods, shown as "UTC". */
    public static final ZoneId UTC = ZoneId.of("UTC");

    public static final int DEFAULT_WRITE_WINDOW_SECONDS = 60;
    public static final int MAX_WRITE_WINDOW_SECONDS = 7 * 24 * 3600;
    public static final int DEFAULT_BUCKET_SECONDS = 60;
    public static final int MAX_BUCKET_SECONDS = 3600;
    public static final int DEFAULT_SHARDS = 8;
    public static final int MAX_SHARDS = 256;
    public static final int DEFAULT_CHUNKS = 16;
    public static final int MAX_CHUNKS = 1024;
    public static final int DEFAULT_RETENTION_DAYS = 30;
    public static final int MAX_RETENTION_DAYS = 36_500;

    /** Validates the settings a client asked for, filling defaults for the ones it left out. */
    public static BoardSettings requested(
            String board,
            Integer writeWindowSeconds,
            UniqueVotes uniqueVotes,
            Integer bucketSeconds,
            Integer shards,
            Integer chunks,
            Instant createdAt) {
        return requested(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                null,
                null);
    }

    /** As above, with a period and the time zone of its boundaries (both optional). */
    public static BoardSettings requested(
            String board,
            Integer writeWindowSeconds,
            UniqueVotes uniqueVotes,
            Integer bucketSeconds,
            Integer shards,
            Integer chunks,
            Instant createdAt,
            Period period,
            String timeZone) {
        return requested(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                period,
                timeZone,
                null);
    }

    /**
     * As above, with a period and the time zone of its boundaries and the retention in days (all
     * optional).
     */
    public static BoardSettings requested(
            String board,
            Integer writeWindowSeconds,
            UniqueVotes uniqueVotes,
            Integer bucketSeconds,
            Integer shards,
            Integer chunks,
            Instant createdAt,
            Period period,
            String timeZone,
            Integer retentionDays) {
        return requested(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                period,
                timeZone,
                retentionDays,
                null);
    }

    /** As above, with the score kind too (optional: SUM). */
    public static BoardSettings requested(
            String board,
            Integer writeWindowSeconds,
            UniqueVotes uniqueVotes,
            Integer bucketSeconds,
            Integer shards,
            Integer chunks,
            Instant createdAt,
            Period period,
            String timeZone,
            Integer retentionDays,
            ScoreKind score) {
        BoardSettings settings =
                basic(
                        board,
                        writeWindowSeconds,
                        uniqueVotes,
                        bucketSeconds,
                        shards,
                        chunks,
                        createdAt);
        return PeriodRules.apply(settings, period, timeZone)
                .withRetentionDays(
                        inRange(
                                "retentionDays",
                                retentionDays,
                                DEFAULT_RETENTION_DAYS,
                                MAX_RETENTION_DAYS))
                .withScore(score);
    }

    /** The same settings with another retention (null: keep everything). */
    public BoardSettings withRetentionDays(Integer days) {
        return new BoardSettings(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                period,
                timeZone,
                days,
                closesAt,
                score);
    }

    /** The same settings with another score kind (null: SUM). */
    public BoardSettings withScore(ScoreKind kind) {
        return new BoardSettings(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                period,
                timeZone,
                retentionDays,
                closesAt,
                kind);
    }

    /** The same settings, closed to votes from {@code instant} on (null: open). */
    public BoardSettings withClosesAt(Instant instant) {
        return new BoardSettings(
                board,
                writeWindowSeconds,
                uniqueVotes,
                bucketSeconds,
                shards,
                chunks,
                createdAt,
                period,
                timeZone,
                retentionDays,
                instant,
                score);
    }

    /** Whether a vote of {@code voteTime} is refused because the board closed at or before it. */
    public boolean closedTo(Instant voteTime) {
        return closesAt != null && !voteTime.isBefore(closesAt);
    }

    /**
     * How far back the board can be read with {@code asOf} at {@code now}: the retention before it.
     * {@link Instant#MIN} for a board that keeps everything.
     */
    public Instant horizon(Instant now) {
        return retentionDays == null ? Instant.MIN : now.minus(Duration.ofDays(retentionDays));
    }

    private static BoardSettings basic(
            String board,
            Integer writeWindowSeconds,
            UniqueVotes uniqueVotes,
            Integer bucketSeconds,
            Integer shards,
            Integer chunks,
            Instant createdAt) {
        return new BoardSettings(
                Ids.requireBoard("board", board),
                inRange(
                        "writeWindowSeconds",
                        writeWindowSeconds,
                        DEFAULT_WRITE_WINDOW_SECONDS,
                        MAX_WRITE_WINDOW_SECONDS),
                uniqueVotes == null ? UniqueVotes.NONE : uniqueVotes,
                inRange("bucketSeconds", bucketSeconds, DEFAULT_BUCKET_SECONDS, MAX_BUCKET_SECONDS),
                inRange("shards", shards, DEFAULT_SHARDS, MAX_SHARDS),
                inRange("chunks", chunks, DEFAULT_CHUNKS, MAX_CHUNKS),
                createdAt);
    }

    private static int inRange(String field, Integer value, int defaultValue, int max) {
        if (value == null) {
            return defaultValue;
        }
        if (value < 1 || value > max) {
            throw new InvalidInputException(
                    field, "is " + value + "; must be between 1 and " + max);
        }
        return value;
    }

    public Duration writeWindow() {
        return Duration.ofSeconds(writeWindowSeconds);
    }

    public Buckets buckets() {
        return Buckets.ofSeconds(bucketSeconds);
    }

    /**
     * The earliest time an event of this board can have: the writer refuses votes older than the
     * write window, and none could be cast before the board existed. Snapshots start here.
     */
    public Instant epoch() {
        return buckets().floor(createdAt.minus(writeWindow()).minusSeconds(bucketSeconds));
    }

    /**
     * The start of the leaderboard period holding {@code time}: a period boundary, or the epoch for
     * a board without a period (or in its first, partial period). Always a bucket boundary.
     */
    public Instant periodStart(Instant time) {
        Instant start = period.start(time, timeZone);
        return start.isAfter(epoch()) ? start : epoch();
    }

    /** The next period boundary after {@code time}; {@link Instant#MAX} without a period. */
    public Instant nextPeriodStart(Instant time) {
        return period.next(time, timeZone);
    }

    public boolean hasPeriod() {
        return period != Period.NONE;
    }

    /** Same settings, ignoring when each was created (for "create again" being idempotent). */
    public boolean sameSettingsAs(BoardSettings other) {
        return board.equals(other.board)
                && period == other.period
                && timeZone.equals(other.timeZone)
                && writeWindowSeconds == other.writeWindowSeconds
                && uniqueVotes == other.uniqueVotes
                && bucketSeconds == other.bucketSeconds
                && shards == other.shards
                && chunks == other.chunks
                && Objects.equals(retentionDays, other.retentionDays)
                && score == other.score;
    }
}
