package org.leaderboard.query.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Enumeration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.leaderboard.model.api.FetchLeaderboardQuery;
import org.leaderboard.model.api.FetchUserStandingQuery;
import org.leaderboard.model.api.Leaderboard;
import org.leaderboard.model.api.ReadMode;
import org.leaderboard.model.api.UserStanding;
import org.leaderboard.query.config.CorsSettings;
import org.leaderboard.query.config.EventualSettings;
import org.leaderboard.query.config.QuerySettings;
import org.leaderboard.query.query.LeaderboardQueryHandler;
import org.leaderboard.security.ApiKeyCheck;
import org.leaderboard.security.DirectRoutes;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.cors.DefaultCorsProcessor;

/**
 * Bounded-staleness reads ({@code consistency=eventual}) straight from the servlet container. Such
 * an answer took 66-85 microseconds of the service's CPU through the full chain (measured on
 * run-local), most of it the per-request machinery in front of the controller (the request
 * observation, the security filter chain, handler lookup, interceptors, content negotiation), not
 * the answer, which the view already holds. This filter, first in the container's chain, answers
 * the common case without that machinery: a {@code GET} of a board's page or a user's standing with
 * {@code consistency=eventual} and no other parameters than {@code offset} and {@code limit}, or
 * {@code around}, plain ids in the path, an {@code Accept} that takes JSON, and credentials the
 * security chain would admit for the route ({@link ApiKeyCheck}: none while reads are public, the
 * default). It asks the query handler the controller's query bus delivers to, with the same query
 * (the bus's own work per message, a random message id and a reflective call among it, was a third
 * of such a read's CPU left over), and writes the answer with the application's JSON settings, so
 * the bytes are the controller's; the security chain's response headers are added, the length is
 * declared (the chain sends the same bytes chunked), and the request is timed in {@code
 * http.server.requests} with the controller's tags.
 *
 * <p>Only a board whose view is held is answered here, so that no answer of this route waits for
 * the store: the first bounded-staleness query of a board, which reads its view, goes through the
 * full chain. Everything else goes on to the full chain unchanged too: read-your-writes and {@code
 * asOf} reads, a friends' board ({@code users}), any other or repeated parameter, a value that is
 * not a whole number, a bearer token or an unknown key, a cross-origin request while CORS is on,
 * and any query that fails (unknown board or user, a limit out of range), which the chain then
 * answers word for word. Switched off with {@code query.eventual.direct-route=false}.
 */
@Component
public final class DirectEventualRoute implements Filter {

    private static final String PREFIX = "/boards/";
    private static final String LEADERBOARD = "/leaderboard";
    private static final String USERS = "/users/";
    private static final String LEADERBOARD_URI = "/boards/{board}/leaderboard";
    private static final String USER_URI = "/boards/{board}/users/{user}";
    private static final Set<String> PAGE_PARAMETERS = Set.of("offset", "limit", "consistency");
    private static final Set<String> STANDING_PARAMETERS = Set.of("around", "consistency");

    private final boolean enabled;
    private final boolean cors;
    private final LeaderboardQueryHandler handler;
    private final QuerySettings settings;
    private final ApiKeyCheck.Route pageAdmission;
    private final ApiKeyCheck.Route standingAdmission;
    private final ObjectMapper json;
    private final Timer pageTimer;
    private final Timer standingTimer;
    private final DefaultCorsProcessor corsProcessor = new DefaultCorsProcessor();
    private final LongAdder answered = new LongAdder();

    DirectEventualRoute(
            EventualSettings eventual,
            CorsSettings cors,
            QuerySettings settings,
            LeaderboardQueryHandler handler,
            ApiKeyCheck keys,
            ObjectMapper json,
            MeterRegistry meters) {
        this.enabled = eventual.directRoute();
        this.cors = cors.enabled();
        this.handler = handler;
        this.settings = settings;
        this.pageAdmission = keys.route(HttpMethod.GET, PREFIX + "board" + LEADERBOARD);
        this.standingAdmission = keys.route(HttpMethod.GET, PREFIX + "board" + USERS + "user");
        this.json = json;
        this.pageTimer = timer(meters, LEADERBOARD_URI);
        this.standingTimer = timer(meters, USER_URI);
    }

    /** How many requests this route answered (the rest went to the full chain). */
    public long answered() {
        return answered.sum();
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (!enabled
                || !(req instanceof HttpServletRequest request)
                || !(res instanceof HttpServletResponse response)
                || !answered(request, response)) {
            chain.doFilter(req, res);
        }
    }

    /** Answers the request if it is one this route takes and its query succeeds. */
    private boolean answered(HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        long start = System.nanoTime();
        if (!"GET".equals(request.getMethod())
                || !request.getContextPath().isEmpty()
                || !"eventual".equals(request.getParameter("consistency"))
                || !DirectRoutes.takesJson(request.getHeader(HttpHeaders.ACCEPT))
                || (cors && request.getHeader(HttpHeaders.ORIGIN) != null)) {
            return false;
        }
        String path = request.getRequestURI();
        if (!path.startsWith(PREFIX)
                || path.indexOf('%') >= 0
                || path.indexOf(';') >= 0
                || path.indexOf("//") >= 0) {
            return false;
        }
        Object answer;
        Timer timer;
        try {
            if (path.endsWith(LEADERBOARD)) {
                answer = page(request, path);
                timer = pageTimer;
            } else {
                answer = standing(request, path);
                timer = standingTimer;
            }
        } catch (RuntimeException e) {
            // Not a request of this route, or a query that fails: the chain answers it in full.
            return false;
        }
        if (answer == null) {
            return false;
        }
        write(request, response, answer);
        timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        answered.increment();
        return true;
    }

    private Leaderboard page(HttpServletRequest request, String path) {
        String board = path.substring(PREFIX.length(), path.length() - LEADERBOARD.length());
        if (board.indexOf('/') >= 0
                || !only(request, PAGE_PARAMETERS)
                || !admitted(pageAdmission, request)) {
            return null;
        }
        if (!handler.holdsEventualView(board)) {
            return null;
        }
        int offset = Parameters.wholeNumber("offset", request.getParameter("offset"), 0);
        int limit =
                Parameters.wholeNumber(
                        "limit", request.getParameter("limit"), settings.defaultLimit());
        return handler.handle(
                new FetchLeaderboardQuery(board, offset, limit, null, ReadMode.EVENTUAL));
    }

    private UserStanding standing(HttpServletRequest request, String path) {
        int users = path.indexOf(USERS, PREFIX.length());
        if (users < 0) {
            return null;
        }
        String board = path.substring(PREFIX.length(), users);
        String user = path.substring(users + USERS.length());
        if (board.indexOf('/') >= 0
                || user.indexOf('/') >= 0
                || !only(request, STANDING_PARAMETERS)
                || !admitted(standingAdmission, request)) {
            return null;
        }
        if (!handler.holdsEventualView(board)) {
            return null;
        }
        int around =
                Parameters.wholeNumber(
                        "around", request.getParameter("around"), settings.defaultAround());
        return handler.handle(
                new FetchUserStandingQuery(board, user, around, null, ReadMode.EVENTUAL));
    }

    /** Every parameter one the route knows, each given once. */
    private static boolean only(HttpServletRequest request, Set<String> known) {
        for (Enumeration<String> names = request.getParameterNames(); names.hasMoreElements(); ) {
            String name = names.nextElement();
            if (!known.contains(name) || request.getParameterValues(name).length != 1) {
                return false;
            }
        }
        return true;
    }

    private static boolean admitted(ApiKeyCheck.Route route, HttpServletRequest request) {
        return route.admits(
                request.getHeader("X-API-Key"), request.getHeader(HttpHeaders.AUTHORIZATION));
    }

    private void write(HttpServletRequest request, HttpServletResponse response, Object answer)
            throws IOException {
        byte[] body;
        try {
            body = json.writeValueAsBytes(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an answer is always JSON", e);
        }
        if (cors) {
            // As the CORS filter does for a request from the page's own origin: Vary headers only.
            corsProcessor.processRequest(null, request, response);
        }
        response.setStatus(HttpServletResponse.SC_OK);
        ApiKeyCheck.SERVLET_RESPONSE_HEADERS.forEach(response::setHeader);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** The controller's request timer for a 200, so dashboards see one series. */
    private static Timer timer(MeterRegistry meters, String uri) {
        return Timer.builder("http.server.requests")
                .tag("method", "GET")
                .tag("uri", uri)
                .tag("status", "200")
                .tag("outcome", "SUCCESS")
                .tag("exception", "none")
                .tag("error", "none")
                .register(meters);
    }
}
