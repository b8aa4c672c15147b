package org.leaderboard.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's own error answers as problem details instead of its HTML page. Tomcat refuses some
 * requests before any servlet sees them (a URL with {@code %00}, an encoded {@code /} or {@code \},
 * broken percent-encoding); clients of a JSON API should get the same kind of answer for those as
 * for every other refusal.
 */
public final class ProblemReportValve extends ErrorReportValve {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        HttpStatus known = HttpStatus.resolve(status);
        // The fields of an RFC 9457 problem, as Spring writes them for every other refusal.
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", "about:blank");
        problem.put("title", known == null ? "Error" : known.getReasonPhrase());
        problem.put("status", status);
        problem.put("detail", detail(status, response.getMessage()));
        try {
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(JSON.writeValueAsString(problem));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // The client is gone or the response was committed meanwhile: nothing left to tell.
        }
    }

    private static String detail(int status, String message) {
        String reason = message == null || message.isBlank() ? "" : " (" + message + ")";
        if (status == 400) {
            return "the request could not be read"
                    + reason
                    + ": the URL must not hold %00, an encoded '/' or '\\', or broken"
                    + " percent-encoding";
        }
        return "the server refused the request" + reason;
    }
}
