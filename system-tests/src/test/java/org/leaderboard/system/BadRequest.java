package org.leaderboard.system;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One malformed request of the corpus and what its answer must be.
 *
 * @param category what kind of mistake it is (for the summary)
 * @param service "writer" or "query"
 * @param method HTTP method
 * @param path path and query, already percent-encoded where needed
 * @param contentType Content-Type header, or null for none
 * @param body the body's bytes, or null for none
 * @param headers extra header name, value pairs (the admin key is sent unless {@code anonymous})
 * @param anonymous send no API key
 * @param status the expected status; for a batch element, 200 with the element refused
 * @param mention what the problem's detail (or its {@code field}) must name, case-insensitive
 * @param batchElement the mistake is in one vote of a batch, answered in that vote's result
 */
record BadRequest(
        String category,
        String service,
        String method,
        String path,
        String contentType,
        byte[] body,
        List<String> headers,
        boolean anonymous,
        int status,
        String mention,
        boolean batchElement) {

    static BadRequest post(String category, String service, String path, String json) {
        return new BadRequest(
                category,
                service,
                "POST",
                path,
                "application/json",
                json == null ? null : json.getBytes(StandardCharsets.UTF_8),
                List.of(),
                false,
                400,
                null,
                false);
    }

    static BadRequest get(String category, String path) {
        return new BadRequest(
                category, "query", "GET", path, null, null, List.of(), false, 400, null, false);
    }

    BadRequest expect(int expectedStatus, String expectedMention) {
        return new BadRequest(
                category,
                service,
                method,
                path,
                contentType,
                body,
                headers,
                anonymous,
                expectedStatus,
                expectedMention,
                batchElement);
    }

    BadRequest method(String otherMethod) {
        return new BadRequest(
                category,
                service,
                otherMethod,
                path,
                contentType,
                body,
                headers,
                anonymous,
                status,
                mention,
                batchElement);
    }

    BadRequest rawBody(String type, byte[] bytes) {
        return new BadRequest(
                category,
                service,
                method,
                path,
                type,
                bytes,
                headers,
                anonymous,
                status,
                mention,
                batchElement);
    }

    BadRequest withoutKey(String... otherHeaders) {
        return new BadRequest(
                category,
                service,
                method,
                path,
                contentType,
                body,
                List.of(otherHeaders),
                true,
                status,
                mention,
                batchElement);
    }

    BadRequest inBatch() {
        return new BadRequest(
                category,
                service,
                method,
                path,
                contentType,
                body,
                headers,
                anonymous,
                200,
                mention,
                true);
    }

    /** For failure messages: the request line and the start of the body. */
    String describe() {
        String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
        String shown =
                text.length() > 120 ? text.substring(0, 120) + "...(" + text.length() + ")" : text;
        return category + " " + method + " " + path + " " + shown.replaceAll("\\p{Cntrl}", "?");
    }
}
