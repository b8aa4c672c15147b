package org.leaderboard.query.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Arrays;
import java.util.List;
import org.leaderboard.model.board.InvalidInputException;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Refuses query parameters the endpoint does not have, naming the ones it has: a misspelt {@code
 * ?Limit=5} or a parameter this version does not know would otherwise be ignored without a word,
 * and the client would take the default answer for the one it asked for.
 */
final class KnownParameters implements HandlerInterceptor {

    @Override
    public boolean preHandle(
            HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (handler instanceof HandlerMethod method) {
            List<String> known = names(method);
            for (String name : request.getParameterMap().keySet()) {
                if (!known.contains(name)) {
                    throw new InvalidInputException(
                            name,
                            "is not a parameter of this request; "
                                    + (known.isEmpty()
                                            ? "it takes none"
                                            : "it takes " + String.join(", ", known)));
                }
            }
        }
        return true;
    }

    private static List<String> names(HandlerMethod method) {
        return Arrays.stream(method.getMethodParameters())
                .filter(parameter -> parameter.hasParameterAnnotation(RequestParam.class))
                .map(KnownParameters::name)
                .toList();
    }

    /** {@code @RequestParam String asOf} names no parameter: then it is the Java name. */
    private static String name(MethodParameter parameter) {
        String name = parameter.getParameterAnnotation(RequestParam.class).name();
        return name.isEmpty() ? parameter.getParameterName() : name;
    }
}
