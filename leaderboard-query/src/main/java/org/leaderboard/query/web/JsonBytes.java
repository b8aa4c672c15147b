package org.leaderboard.query.web;

import com.fasterxml.jackson.core.io.NumberOutput;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;

/**
 * JSON written as UTF-8 into a growing array, the way the answers' object mapper writes each value
 * with the service's settings (see {@link StandingJson}). A value it cannot write as the mapper
 * does marks the whole answer as not written ({@link #bytes} null); the calls after that still run,
 * harmlessly.
 */
final class JsonBytes {

    private static final String HEX = "0123456789ABCDEF";
    private static final byte[] NULL = ascii("null");
    private static final byte[] QUOTE = ascii("\"");

    private byte[] bytes;
    private int length;
    private boolean failed;

    JsonBytes(int capacity) {
        bytes = new byte[capacity];
    }

    /** ASCII text, as bytes (see {@link #ascii}): field names and punctuation. */
    JsonBytes raw(byte[] ascii) {
        ensure(ascii.length);
        System.arraycopy(ascii, 0, bytes, length, ascii.length);
        length += ascii.length;
        return this;
    }

    /** ASCII text as it is (a number's or a time's digits). */
    @SuppressWarnings("deprecation") // the one copy of a string's bytes into an array as they are
    JsonBytes raw(String ascii) {
        ensure(ascii.length());
        ascii.getBytes(0, ascii.length(), bytes, length);
        length += ascii.length();
        return this;
    }

    /** With the mapper's own digit writer. */
    JsonBytes number(long value) {
        ensure(20);
        length = NumberOutput.outputLong(value, bytes, length);
        return this;
    }

    /** As the mapper's generator with its fast double writer; NaN and infinities are not. */
    JsonBytes number(double value) {
        if (!Double.isFinite(value)) {
            failed = true;
            return this;
        }
        return raw(NumberOutput.toString(value, true));
    }

    /** As the mapper writes times: ISO-8601 text. */
    JsonBytes instant(Instant value) {
        return value == null ? raw(NULL) : raw(QUOTE).raw(value.toString()).raw(QUOTE);
    }

    /** A constant's bytes, for {@link #raw(byte[])}. */
    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Quoted, as the mapper writes: {@code "} and {@code \\} escaped, each half of a surrogate pair
     * as a {@code \\u} escape, anything else past ASCII in UTF-8; a control character (which ids
     * never hold) is not written.
     */
    JsonBytes string(String value) {
        if (value == null) {
            return raw(NULL);
        }
        ensure(2 + 6 * value.length());
        bytes[length++] = '"';
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                if (c < 0x20) {
                    failed = true;
                } else if (c == '"' || c == '\\') {
                    bytes[length++] = '\\';
                }
                bytes[length++] = (byte) c;
            } else if (Character.isSurrogate(c)) {
                bytes[length++] = '\\';
                bytes[length++] = 'u';
                for (int shift = 12; shift >= 0; shift -= 4) {
                    bytes[length++] = (byte) HEX.charAt(c >> shift & 0xF);
                }
            } else if (c < 0x800) {
                bytes[length++] = (byte) (0xC0 | c >> 6);
                bytes[length++] = (byte) (0x80 | c & 0x3F);
            } else {
                bytes[length++] = (byte) (0xE0 | c >> 12);
                bytes[length++] = (byte) (0x80 | c >> 6 & 0x3F);
                bytes[length++] = (byte) (0x80 | c & 0x3F);
            }
        }
        bytes[length++] = '"';
        return this;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + more));
        }
    }

    /** The JSON written, or null if a value was not written as the mapper writes it. */
    byte[] bytes() {
        return failed ? null : Arrays.copyOf(bytes, length);
    }
}
