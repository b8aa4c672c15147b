package org.leaderboard.model.feed;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.StringJoiner;

/**
 * A settings record's text with one secret component hidden, for the record's {@code toString}:
 * settings are logged when a service starts, and a secret (the writers' feed token) must never be.
 * Every other component is listed as a record lists it, so a component added later is shown without
 * anyone remembering to add it here.
 */
public final class Redacted {

    private Redacted() {}

    /** {@code Name[a=1, b=x, secret=(set)]}, or {@code secret=none} when it is null. */
    public static String text(Record settings, String secret) {
        Class<?> type = settings.getClass();
        StringJoiner text = new StringJoiner(", ", type.getSimpleName() + "[", "]");
        for (RecordComponent component : type.getRecordComponents()) {
            Object value = value(settings, component.getAccessor());
            if (component.getName().equals(secret)) {
                value = value == null ? "none" : "(set)";
            }
            text.add(component.getName() + "=" + value);
        }
        return text.toString();
    }

    private static Object value(Record settings, Method accessor) {
        try {
            accessor.setAccessible(true);
            return accessor.invoke(settings);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(
                    "a record's accessor could not be read: " + accessor, e);
        }
    }
}
