package org.leaderboard.query.rank;

import java.util.Arrays;
import java.util.Map;

/**
 * Sort keys that order a batch of user ids as {@link String#compareTo} does, as far as they go: the
 * characters right after the prefix all ids of the batch share, packed into a long. For two ids of
 * the batch, {@code Long.compareUnsigned} of their keys is negative only if the first id sorts
 * first, positive only if it sorts last; equal keys say nothing, and the ids are then compared
 * whole.
 *
 * <p>Taking up a newer snapshot ranks its whole tail again: hundreds of thousands of users whose
 * ranking keys are mostly tied (a million users share a few thousand vote counts), so most
 * comparisons of that sort fell to the user ids, and ids that share a prefix ({@code
 * player-000123}) compared it again every time. With these keys most ties are settled by comparing
 * two longs.
 */
final class IdPrefixes {

    private IdPrefixes() {}

    /**
     * Batches from this size on get prefix keys: a newer head's tail ranks hundreds of thousands of
     * users at once, where they pay; the hundred-odd users a read takes in are sorted as fast
     * without, and would only pay for computing them.
     */
    static final int WORTH_FROM = 4096;

    /**
     * The prefix keys of the users of {@code batch}, in the order of its entries, if it has {@link
     * #WORTH_FROM} users or more; else null (every key 0: ties then fall to the ids whole). Taken
     * before the batch's users are made entries to sort, so that each entry is made once, with its
     * key.
     */
    static long[] ofBatch(Map<String, ?> batch) {
        if (batch.size() < WORTH_FROM) {
            return null;
        }
        String[] users = new String[batch.size()];
        int i = 0;
        for (Map.Entry<String, ?> entry : batch.entrySet()) {
            users[i++] = entry.getKey();
        }
        return of(users);
    }

    /**
     * The prefix keys of the first {@code count} of {@code users}, if they are {@link #WORTH_FROM}
     * or more; else null.
     */
    static long[] ofFirst(String[] users, int count) {
        if (count < WORTH_FROM) {
            return null;
        }
        return of(count == users.length ? users : Arrays.copyOf(users, count));
    }

    /** Ranking order: the higher key first, then the user id, its prefix key compared first. */
    static int compare(
            long keyA, long prefixA, String userA, long keyB, long prefixB, String userB) {
        int byKey = Long.compare(keyB, keyA);
        if (byKey != 0) {
            return byKey;
        }
        int byPrefix = Long.compareUnsigned(prefixA, prefixB);
        return byPrefix != 0 ? byPrefix : userA.compareTo(userB);
    }

    /**
     * The keys of {@code users}, in the same order: 8 characters after the shared prefix, a byte
     * each, when all of those are below 256; else 4, 16 bits each. An id that ends within them is
     * padded with 0, which sorts first, as the shorter id does.
     */
    static long[] of(String[] users) {
        long[] keys = new long[users.length];
        if (users.length < 2) {
            return keys;
        }
        int shared = sharedPrefix(users);
        boolean narrow = true;
        for (String user : users) {
            int end = Math.min(user.length(), shared + 8);
            for (int i = shared; i < end && narrow; i++) {
                narrow = user.charAt(i) < 256;
            }
        }
        for (int u = 0; u < users.length; u++) {
            keys[u] = narrow ? packed(users[u], shared, 8, 8) : packed(users[u], shared, 4, 16);
        }
        return keys;
    }

    /** How many leading characters all of {@code users} share. */
    private static int sharedPrefix(String[] users) {
        String first = users[0];
        int shared = first.length();
        for (int u = 1; u < users.length && shared > 0; u++) {
            String user = users[u];
            int limit = Math.min(shared, user.length());
            int i = 0;
            while (i < limit && user.charAt(i) == first.charAt(i)) {
                i++;
            }
            shared = i;
        }
        return shared;
    }

    private static long packed(String user, int from, int chars, int bits) {
        long key = 0;
        for (int i = 0; i < chars; i++) {
            int at = from + i;
            key = (key << bits) | (at < user.length() ? user.charAt(at) : 0);
        }
        return key;
    }
}
