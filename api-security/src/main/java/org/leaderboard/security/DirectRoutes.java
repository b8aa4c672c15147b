package org.leaderboard.security;

import java.util.Locale;

/**
 * What the services' direct routes (handlers that answer a common request without the full chain,
 * with {@link ApiKeyCheck}) share about the requests they take.
 */
public final class DirectRoutes {

    /** How specific a range is that matches {@code application/json}: none yet. */
    private static final int NO_MATCH = -1;

    private DirectRoutes() {}

    /**
     * Whether a request's {@code Accept} header takes a JSON answer as the chain's content
     * negotiation would give it: no header, or {@code application/json} preferred to everything
     * else the services can write. The quality of {@code application/json} is that of the most
     * specific range matching it ({@code application/json}, {@code application/*}, {@code *}{@code
     * /*}) and must be above zero. Besides JSON the services write YAML and other {@code
     * application/...+json} types, so a wildcard range ({@code application/*}, {@code *}{@code /*})
     * with a higher quality than JSON's, or a named {@code application/...} type other than JSON
     * with a quality as high, is left to the chain; equal wildcards go to JSON, the chain's first
     * choice. Types no service writes ({@code text/html}, {@code image/*}) are passed over, as the
     * chain passes them over. A range with a parameter other than {@code q}, or one that does not
     * parse, is left to the chain too.
     */
    public static boolean takesJson(String accept) {
        if (accept == null) {
            return true;
        }
        double json = 0;
        int jsonSpecificity = NO_MATCH;
        double wildcards = 0;
        double others = 0;
        for (String range : accept.split(",")) {
            String[] parts = range.split(";");
            String type = parts[0].strip().toLowerCase(Locale.ROOT);
            double quality = 1;
            for (int i = 1; i < parts.length; i++) {
                String parameter = parts[i].strip();
                if (!parameter.regionMatches(true, 0, "q=", 0, 2)) {
                    return false;
                }
                quality = quality(parameter.substring(2));
                if (Double.isNaN(quality)) {
                    return false;
                }
            }
            int slash = type.indexOf('/');
            if (slash <= 0
                    || slash == type.length() - 1
                    || (type.charAt(0) == '*' && !type.equals("*/*"))) {
                return false;
            }
            int specificity =
                    switch (type) {
                        case "*/*" -> 0;
                        case "application/*" -> 1;
                        case "application/json" -> 2;
                        default -> NO_MATCH;
                    };
            if (specificity > jsonSpecificity) {
                json = quality;
                jsonSpecificity = specificity;
            }
            if (specificity == 0 || specificity == 1) {
                wildcards = Math.max(wildcards, quality);
            } else if (specificity == NO_MATCH && type.startsWith("application/")) {
                others = Math.max(others, quality);
            }
        }
        return json > 0 && wildcards <= json && others < json;
    }

    /** A quality value, 0 to 1 with at most three decimals; NaN when it is not one. */
    private static double quality(String value) {
        if (!value.matches("(0(\\.\\d{0,3})?|1(\\.0{0,3})?)")) {
            return Double.NaN;
        }
        return Double.parseDouble(value);
    }
}
