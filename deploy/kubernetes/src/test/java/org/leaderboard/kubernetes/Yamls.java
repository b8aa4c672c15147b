package org.leaderboard.kubernetes;

import java.util.List;
import java.util.Map;

/** Typed access to parsed YAML: a path that is missing or of another type fails the test. */
final class Yamls {

    private Yamls() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value) {
        if (!(value instanceof Map)) {
            throw new AssertionError("expected a mapping, found " + value);
        }
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object value) {
        if (!(value instanceof List)) {
            throw new AssertionError("expected a list, found " + value);
        }
        return (List<Object>) value;
    }

    /** The value at a dotted path, or null when any step is missing. */
    static Object at(Map<String, Object> object, String path) {
        Object current = object;
        for (String step : path.split("\\.")) {
            if (!(current instanceof Map)) {
                return null;
            }
            current = ((Map<?, ?>) current).get(step);
        }
        return current;
    }

    static String kind(Map<String, Object> object) {
        return String.valueOf(object.get("kind"));
    }

    static String name(Map<String, Object> object) {
        return String.valueOf(at(object, "metadata.name"));
    }
}
