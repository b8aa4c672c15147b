package org.leaderboard.query.web;

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
import java.net.URI;
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
import org.leaderboard.query.config.StrongReadSettings;
import org.leaderboard.query.query.LeaderboardQueryHandler;
import org.leaderboard.security.ApiKeyCheck;
import org.leaderboard.security.DirectRoutes;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.cors.DefaultCorsProcessor;

/**
 * The common reads straight from the servlet container. A read through the full chain spends most
 * of the service's CPU on the per-request machinery in front of the controller (the request
 * observation, the security filter chain, handler lookup, interceptors, content negotiation, the
 * query bus), not on the answer: 66-85 microseconds of 79-85 for a bounded-staleness read, whose
 * view already holds the answer, and about 300 of 700-750 for a read-your-writes read (measured on
 * run-local; after the wait for the board's shared read, that machinery runs on a cold core). This
 * filter, first in the container's chain, answers the common case without it: a {@code GET} of a
 * board's page or a user's standing, read-your-writes (no {@code consistency}, or {@code strong})
 * or bounded-staleness ({@code eventual}), with no other parameters than {@code offset} and {@code
 * limit}, or {@code around}, plain ids in the path, an {@code Accept} that takes JSON, and
 * credentials the security chain would admit for the route ({@link ApiKeyCheck}: none while reads
 * are public, the default). It asks the query handler the controller's query bus delivers to, with
 * the same query (the bus's own work per message, a random message id and a reflective call among
 * it, was a third of a bounded-staleness read's CPU left over), and writes the answer with the
 * application's JSON settings ({@link StalePageJson}, {@link StandingJson}), so the bytes are the
 * controller's; the security chain's response headers are added, the length is declared (the chain
 * sends the same bytes chunked), and the request is timed in {@code http.server.requests} with the
 * controller's tags.
 *
 * <p>A bounded-staleness read is answered here only from a board whose view is held, so that no
 * such answer of this route waits for the store: the first one of a board, which reads its view,
 * goes through the full chain. A read-your-writes read waits for the board's shared read wherever
 * it is answered, and cannot be asked again without waiting again: its refusals once it has waited
 * (503 with {@code Retry-After} when the read is not ready in time, 503 when the database did not
 * answer, 404 for a user without votes) are answered here, by the chain's problem handlers, with
 * the chain's bytes and headers. Everything else goes on to the full chain unchanged: {@code asOf}
 * reads, a friends' board ({@code users}), any other or repeated parameter, a value that is not a
 * whole number, a bearer token or an unknown key, a cross-origin request while CORS is on, and any
 * other failing query (unknown board, a limit out of range), which the chain then answers word for
 * word. Switched off with {@code query.strong.direct-route=false} and {@code
 * query.eventual.direct-route=false}.
 */
@Component
public final class DirectReadRoute implements Filter {

    private static final String PREFIX = "/boards/";
    private static final String LEADERBOARD = "/leaderboard";
    private static final String USERS = "/users/";
    private static final String LEADERBOARD_URI = "/boards/{board}/leaderboard";
    private static final String USER_URI = "/boards/{board}/users/{user}";
    static final Set<String> PAGE_PARAMETERS = Set.of("offset", "limit", "consistency");
    static final Set<String> STANDING_PARAMETERS = Set.of("around", "consistency");

    private final boolean strong;
    private final boolean eventual;
    private final boolean cors;
    private final LeaderboardQueryHandler handler;
    private final QuerySettings settings;
    private final ApiKeyCheck.Route pageAdmission;
    private final ApiKeyCheck.Route standingAdmission;
    private final ObjectMapper json;
    private final StalePageJson stalePages;
    private final StandingJson standings;
    private final ProblemHandlers problems;
    private final MeterRegistry meters;
    private final Timer pageTimer;
    private final Timer standingTimer;
    private final DefaultCorsProcessor corsProcessor = new DefaultCorsProcessor();
    private final LongAdder answered = new LongAdder();

    DirectReadRoute(
            StrongReadSettings strong,
            EventualSettings eventual,
            CorsSettings cors,
            QuerySettings settings,
            LeaderboardQueryHandler handler,
            ApiKeyCheck keys,
            ObjectMapper json,
            ProblemHandlers problems,
            MeterRegistry meters) {
        this.strong = strong.directRoute();
        this.eventual = eventual.directRoute();
        this.cors = cors.enabled();
        this.handler = handler;
        this.settings = settings;
        this.pageAdmission = keys.route(HttpMethod.GET, PREFIX + "board" + LEADERBOARD);
        this.standingAdmission = keys.route(HttpMethod.GET, PREFIX + "board" + USERS + "user");
        this.json = json;
        this.stalePages = new StalePageJson(json);
        this.standings = new StandingJson(json);
        this.problems = problems;
        this.meters = meters;
        this.pageTimer = timer(meters, LEADERBOARD_URI, HttpServletResponse.SC_OK);
        this.standingTimer = timer(meters, USER_URI, HttpServletResponse.SC_OK);
    }

    /**
     * Whether this route writes standings itself ({@link StandingJson}), not with the object
     * mapper: only if it writes them as the mapper does.
     */
    public boolean writesStandingsItself() {
        return standings.writesAsMapper();
    }

    /** How many requests this route answered (the rest went to the full chain). */
    public long answered() {
        return answered.sum();
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (req instanceof HttpServletRequest request
                && res instanceof HttpServletResponse response
                && PollerAnswers.laterOnPoller()) {
            // Sent before the answer to the request the poller thread took: answered here only
            // if it is as quick, refused otherwise (the poller thread must not wait).
            if (!(eventual
                    && mode(request.getParameter("consistency")) == ReadMode.EVENTUAL
                    && answered(request, response))) {
                writeProblem(request, response, problems.pipelinedOnPoller());
            }
            return;
        }
        if (!(strong || eventual)
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
        ReadMode mode = mode(request.getParameter("consistency"));
        if (mode == null
                || !"GET".equals(request.getMethod())
                || !request.getContextPath().isEmpty()
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
        boolean isPage = path.endsWith(LEADERBOARD);
        Object answer;
        try {
            answer = isPage ? page(request, path, mode) : standing(request, path, mode);
        } catch (RuntimeException e) {
            // A read-your-writes read that failed once it waited is refused here; any other
            // failure, and anything that is not a request of this route, the chain answers in full.
            ResponseEntity<ProblemDetail> refusal =
                    mode == ReadMode.LATEST ? problems.afterRead(Answers.original(e)) : null;
            if (refusal == null) {
                return false;
            }
            writeProblem(request, response, refusal);
            timer(meters, isPage ? LEADERBOARD_URI : USER_URI, refusal.getStatusCode().value())
                    .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            answered.increment();
            return true;
        }
        if (answer == null) {
            return false;
        }
        write(request, response, answer);
        (isPage ? pageTimer : standingTimer)
                .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        answered.increment();
        return true;
    }

    /** The read's mode, if this route answers it; null for the chain (which refuses bad ones). */
    private ReadMode mode(String consistency) {
        if (consistency == null || consistency.equals("strong")) {
            return strong ? ReadMode.LATEST : null;
        }
        return eventual && consistency.equals("eventual") ? ReadMode.EVENTUAL : null;
    }

    private Leaderboard page(HttpServletRequest request, String path, ReadMode mode) {
        String board = path.substring(PREFIX.length(), path.length() - LEADERBOARD.length());
        if (board.indexOf('/') >= 0
                || !only(request, PAGE_PARAMETERS)
                || !admitted(pageAdmission, request)) {
            return null;
        }
        if (mode == ReadMode.EVENTUAL && !handler.holdsEventualView(board)) {
            return null;
        }
        int offset = Parameters.wholeNumber("offset", request.getParameter("offset"), 0);
        int limit =
                Parameters.wholeNumber(
                        "limit", request.getParameter("limit"), settings.defaultLimit());
        return handler.handle(new FetchLeaderboardQuery(board, offset, limit, null, mode));
    }

    private UserStanding standing(HttpServletRequest request, String path, ReadMode mode) {
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
        if (mode == ReadMode.EVENTUAL && !handler.holdsEventualView(board)) {
            return null;
        }
        int around =
                Parameters.wholeNumber(
                        "around", request.getParameter("around"), settings.defaultAround());
        return handler.handle(new FetchUserStandingQuery(board, user, around, null, mode));
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
        byte[] bytes =
                answer instanceof Leaderboard page
                        ? stalePages.write(page)
                        : standings.write((UserStanding) answer);
        send(request, response, HttpServletResponse.SC_OK, "application/json", bytes);
    }

    /** A refusal as the chain's problem handlers answer it, with its headers. */
    private void writeProblem(
            HttpServletRequest request,
            HttpServletResponse response,
            ResponseEntity<ProblemDetail> refusal)
            throws IOException {
        ProblemDetail problem = refusal.getBody();
        if (problem.getInstance() == null) {
            // As Spring MVC fills it in: the request's path (left out if it is not a URI).
            try {
                problem.setInstance(URI.create(request.getRequestURI()));
            } catch (IllegalArgumentException notAUri) {
                // Raw characters a URI does not take: the problem goes without an instance.
            }
        }
        refusal.getHeaders()
                .forEach((name, values) -> values.forEach(v -> response.addHeader(name, v)));
        send(
                request,
                response,
                refusal.getStatusCode().value(),
                MediaType.APPLICATION_PROBLEM_JSON_VALUE,
                json.writeValueAsBytes(problem));
    }

    private void send(
            HttpServletRequest request,
            HttpServletResponse response,
            int status,
            String contentType,
            byte[] bytes)
            throws IOException {
        if (cors) {
            // As the CORS filter does for a request from the page's own origin: Vary headers only.
            corsProcessor.processRequest(null, request, response);
        }
        response.setStatus(status);
        ApiKeyCheck.SERVLET_RESPONSE_HEADERS.forEach(response::setHeader);
        response.setContentType(contentType);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    /** The controller's request timer for a status, so dashboards see one series. */
    private static Timer timer(MeterRegistry meters, String uri, int status) {
        return Timer.builder("http.server.requests")
                .tag("method", "GET")
                .tag("uri", uri)
                .tag("status", Integer.toString(status))
                .tag(
                        "outcome",
                        status < 300 ? "SUCCESS" : status < 500 ? "CLIENT_ERROR" : "SERVER_ERROR")
                .tag("exception", "none")
                .tag("error", "none")
                .register(meters);
    }
}
