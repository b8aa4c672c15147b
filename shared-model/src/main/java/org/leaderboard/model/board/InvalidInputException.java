package org.leaderboard.model.board;

/** A refused input: names the field and says what is wrong with its value, for a 400 answer. */
public class InvalidInputException extends RuntimeException {

    private final String field;

    public InvalidInputException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
