package org.leaderboard.query.query;

import com.fasterxml.jackson.core.SerializableString;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import org.leaderboard.model.api.LeaderboardEntry;

/**
 * The entries of a page that many answers share (a bounded-staleness view's pages: every query of
 * the view until its next refresh gets the same entries, with only their staleness new), and their
 * JSON once it has been written: the answers' JSON writer writes that again instead of every
 * entry's fields (a top-100's hundred means and standard deviations were a quarter of an answer's
 * CPU). They are kept as UTF-8 bytes, the form an answer is sent in: kept as text, turning it into
 * bytes again was two thirds of writing it. An unmodifiable list, equal to any list of the same
 * entries.
 */
public final class SharedEntries extends AbstractList<LeaderboardEntry> implements RandomAccess {

    private final List<LeaderboardEntry> entries;

    /** The entries as JSON (an array), once written; null until then. */
    private volatile SerializableString json;

    /** The JSON of the answer around these entries, as the web layer keeps it; null until then. */
    private volatile Object answerJson;

    public SharedEntries(List<LeaderboardEntry> entries) {
        this.entries = List.copyOf(entries);
    }

    @Override
    public LeaderboardEntry get(int index) {
        return entries.get(index);
    }

    @Override
    public int size() {
        return entries.size();
    }

    /** The entries as written before, or null if they have not been. */
    public SerializableString json() {
        return json;
    }

    /** Keeps {@code written}, these entries as a JSON array, for the next answers. */
    public void json(SerializableString written) {
        json = written;
    }

    /**
     * What the web layer kept of the last answer written around these entries (a bounded-staleness
     * page's JSON, whose answers differ only in their staleness), or null.
     */
    public Object answerJson() {
        return answerJson;
    }

    /** Keeps {@code written} for the next answer around these entries. */
    public void answerJson(Object written) {
        answerJson = written;
    }

    /** The entries themselves, as a plain list. */
    public List<LeaderboardEntry> entries() {
        return entries;
    }
}
