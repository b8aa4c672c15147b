package org.leaderboard.security;

/**
 * What the services' direct routes (handlers that answer a common request without the full chain,
 * with {@link ApiKeyCheck}) share about the requests they take.
 */
public final class DirectRoutes {

    private DirectRoutes() {}

    /**
     * Whether a request's {@code Accept} header takes a JSON answer as the chain would give it: no
     * header, {@code *}{@code /*} or {@code application/json} among its ranges, without parameters.
     * A range with a quality value or any other parameter is left to the chain's content
     * negotiation.
     */
    public static boolean takesJson(String accept) {
        if (accept == null) {
            return true;
        }
        for (String range : accept.split(",")) {
            String type = range.strip();
            if (type.equals("*/*") || type.equalsIgnoreCase("application/json")) {
                return true;
            }
        }
        return false;
    }
}
