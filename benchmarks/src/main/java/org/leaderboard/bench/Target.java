package org.leaderboard.bench;

/**
 * A performance target on a ratio: {@code ratio >= bound} (at least) or {@code ratio <= bound} (at
 * most).
 */
record Target(boolean atLeast, double bound) {

    static Target atLeast(double bound) {
        return new Target(true, bound);
    }

    static Target atMost(double bound) {
        return new Target(false, bound);
    }

    boolean metBy(double ratio) {
        return !Double.isNaN(ratio) && (atLeast ? ratio >= bound : ratio <= bound);
    }

    String verdict(double ratio) {
        return metBy(ratio) ? "PASS" : "MISS";
    }

    @Override
    public String toString() {
        return (atLeast ? ">= " : "<= ") + bound + "x";
    }
}
