package org.leaderboard.query.query;

import java.lang.ref.WeakReference;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.leaderboard.model.api.LeaderboardEntry;
import org.leaderboard.query.rank.MergedStandings;

/**
 * The pages last answered from a live board's read-your-writes reads, kept for the answers of the
 * reads after. Every read makes new standings, but most of them leave a page's entries as they
 * were: a board without writes gives the same standings again, and under writes a vote moves one
 * user, rarely one of the first page's. So a page asked for again is built from the read's
 * standings and compared with the one kept; when the entries are equal, the kept ones are answered,
 * and with them their JSON, written once ({@link SharedEntries}): writing a top-100's entries is
 * about 0.1 ms of CPU, a tenth of such a query without writes. From the very standings of the kept
 * page, it is not even built again. Only equal entries are shared, so an answer is always what its
 * own read's standings hold.
 *
 * <p>A kept page holds its standings weakly: a page asked for once must not keep a ranking (and the
 * snapshot under it) in memory after the board's reads have moved on to newer ones.
 *
 * <p>Safe for any number of threads: each keeps a page it built itself, for its own standings.
 */
final class PageMemo {

    /** Pages (offset and limit) kept per board; past that, the kept ones are forgotten. */
    static final int MAX_PAGES = 16;

    private final Map<Long, Kept> pages = new ConcurrentHashMap<>();

    /** The entries at [offset, offset + limit) of {@code standings}, as kept if they are equal. */
    SharedEntries page(MergedStandings standings, int offset, int limit) {
        long key = ((long) offset << 32) | limit;
        Kept kept = pages.get(key);
        if (kept != null && kept.standings().get() == standings) {
            return kept.entries();
        }
        List<LeaderboardEntry> built = standings.page(offset, limit);
        SharedEntries entries =
                kept != null && kept.entries().equals(built)
                        ? kept.entries()
                        : new SharedEntries(built);
        if (kept == null && pages.size() >= MAX_PAGES) {
            pages.clear();
        }
        pages.put(key, new Kept(new WeakReference<>(standings), entries));
        return entries;
    }

    private record Kept(WeakReference<MergedStandings> standings, SharedEntries entries) {}
}
