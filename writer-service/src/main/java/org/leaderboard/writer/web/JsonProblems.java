package org.leaderboard.writer.web;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Arrays;
import java.util.Collection;
import java.util.stream.Collectors;
import org.leaderboard.model.board.InvalidInputException;
import org.springframework.web.server.ServerWebInputException;

/**
 * Says in words which part of an unreadable JSON body is wrong: the JSON path ("votes[2]",
 * "shards") as the field, and what was expected there. Jackson's own messages name Java types.
 */
final class JsonProblems {

    private static final String BODY = "body";

    private JsonProblems() {}

    /**
     * WebFlux reports an unreadable body as a {@link ServerWebInputException} whose cause, a
     * codec's {@code DecodingException}, holds Jackson's exception.
     */
    static InvalidInputException describe(ServerWebInputException unreadable) {
        for (Throwable cause = unreadable.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof JsonProcessingException json) {
                return describe(json);
            }
        }
        if (isMissing(unreadable)) {
            return new InvalidInputException(BODY, "is missing; send a JSON object");
        }
        return new InvalidInputException(
                BODY, "could not be read: " + unreadable.getMostSpecificCause().getMessage());
    }

    /**
     * WebFlux words it "No request body for: ..." (6.2), earlier "Request body is missing: ...".
     */
    private static boolean isMissing(ServerWebInputException unreadable) {
        String why = unreadable.getReason() + " " + unreadable.getMostSpecificCause().getMessage();
        return why.contains("No request body") || why.contains("Request body is missing");
    }

    static InvalidInputException describe(JsonProcessingException json) {
        if (json instanceof UnrecognizedPropertyException unknown) {
            return new InvalidInputException(
                    path(unknown),
                    "is not a known field; the fields are "
                            + unknown.getKnownPropertyIds().stream()
                                    .map(String::valueOf)
                                    .sorted()
                                    .collect(Collectors.joining(", ")));
        }
        if (json instanceof MismatchedInputException mismatch) {
            return new InvalidInputException(
                    path(mismatch),
                    "must be " + expected(mismatch.getTargetType()) + given(mismatch));
        }
        if (json instanceof JsonMappingException mapping) {
            // Broken JSON inside a field arrives wrapped, with the path of that field.
            return mapping.getCause() instanceof JsonParseException broken
                    ? new InvalidInputException(path(mapping), notJson(broken))
                    : new InvalidInputException(path(mapping), mapping.getOriginalMessage());
        }
        // The parser's position names the last field read, which misleads for broken JSON; the
        // line and column say where it broke.
        return new InvalidInputException(BODY, notJson(json));
    }

    private static String path(JsonMappingException mapping) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : mapping.getPath()) {
            if (reference.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? BODY : path.toString();
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "something else";
        }
        if (type.isEnum()) {
            return "one of "
                    + Arrays.stream(type.getEnumConstants())
                            .map(String::valueOf)
                            .collect(Collectors.joining(", "));
        }
        if (type == Integer.class
                || type == int.class
                || type == Long.class
                || type == long.class) {
            return "a whole number";
        }
        if (type == String.class) {
            return "a string";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        return "a JSON object";
    }

    /**
     * Jackson closes the parser before we see the error, so only a format error keeps the value.
     */
    private static String given(MismatchedInputException mismatch) {
        if (mismatch instanceof InvalidFormatException format && format.getValue() != null) {
            Object value = format.getValue();
            return ", not " + (value instanceof Number ? value : "'" + value + "'");
        }
        return "";
    }

    private static String notJson(JsonProcessingException broken) {
        return "is not valid JSON: "
                + withoutSource(broken.getOriginalMessage())
                + at(broken.getLocation());
    }

    private static String withoutSource(String message) {
        return String.valueOf(message).replaceAll("\\[Source: [^;]*; ", "[");
    }

    private static String at(JsonLocation location) {
        return location == null || location.getLineNr() < 0
                ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
