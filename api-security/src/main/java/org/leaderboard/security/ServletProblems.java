package org.leaderboard.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/** {@link SecurityProblems} written by the Servlet security chain and its firewall. */
final class ServletProblems
        implements AuthenticationEntryPoint, AccessDeniedHandler, RequestRejectedHandler {

    private final ObjectMapper json;
    private final SecurityProblems problems;

    ServletProblems(ObjectMapper json, SecurityProblems problems) {
        this.json = json;
        this.problems = problems;
    }

    @Override
    public void commence(
            HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException {
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, problems.challenge());
        write(response, problems.unauthenticated(request.getHeader(HttpHeaders.AUTHORIZATION), e));
    }

    @Override
    public void handle(
            HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
            throws IOException {
        write(
                response,
                problems.forbidden(
                        request.getMethod(),
                        request.getRequestURI(),
                        SecurityContextHolder.getContext().getAuthentication()));
    }

    @Override
    public void handle(
            HttpServletRequest request, HttpServletResponse response, RequestRejectedException e)
            throws IOException {
        write(response, problems.urlRejected(e.getMessage()));
    }

    private void write(HttpServletResponse response, ProblemDetail problem) throws IOException {
        response.setStatus(problem.getStatus());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        json.writeValue(response.getOutputStream(), problem);
    }
}
