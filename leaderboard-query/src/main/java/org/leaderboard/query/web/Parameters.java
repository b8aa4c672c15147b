package org.leaderboard.query.web;

import java.util.regex.Pattern;
import org.leaderboard.model.board.InvalidInputException;

/**
 * Reads whole-number query parameters strictly: ASCII digits with an optional minus sign. Spring's
 * own conversion goes through {@code Integer.decode}, which also takes {@code 0x10} (16), {@code
 * 010} (8), {@code #10}, surrounding blanks and full-width digits; a client that sends those has
 * made a mistake it should hear about.
 */
public final class Parameters {

    private static final Pattern WHOLE = Pattern.compile("-?[0-9]+");

    private Parameters() {}

    /** {@code fallback} when the parameter is absent. */
    public static int wholeNumber(String name, String text, int fallback) {
        if (text == null) {
            return fallback;
        }
        if (!WHOLE.matcher(text).matches()) {
            throw new InvalidInputException(name, "'" + shown(text) + "' is not a whole number");
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(
                    name, "'" + shown(text) + "' is out of range for a whole number parameter");
        }
    }

    private static String shown(String text) {
        String shown = text.length() > 40 ? text.substring(0, 40) + "..." : text;
        return shown.replaceAll("\\p{Cntrl}", "?");
    }
}
