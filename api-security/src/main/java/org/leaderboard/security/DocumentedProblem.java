package org.leaderboard.security;

/** A refusal an endpoint can answer with, as the OpenAPI document shows it. */
public interface DocumentedProblem {

    int status();

    /** The problem's {@code title}, also the example's name. */
    String title();

    /** When it happens, in a client developer's words. */
    String description();

    /** A problem detail as the service sends it, in JSON. */
    String example();
}
