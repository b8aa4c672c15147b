package org.leaderboard.query.web;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.leaderboard.model.board.InvalidInputException;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Refuses query parameters the endpoint does not have, naming the ones it has: a misspelt {@code
 * ?Limit=5} or a parameter this version does not know would otherwise be ignored without a word,
 * and the client would take the default answer for the one it asked for. An endpoint's parameters
 * are its {@code @RequestParam} arguments and the query parameters its method documents with
 * {@code @Parameter} (an endpoint that reads them from the request itself), found once per method.
 */
final class KnownParameters implements HandlerInterceptor {

    private final Map<Method, List<String>> known = new ConcurrentHashMap<>();

    @Override
    public boolean preHandle(
            HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (handler instanceof HandlerMethod method) {
            List<String> names = known.computeIfAbsent(method.getMethod(), m -> names(method));
            for (Enumeration<String> sent = request.getParameterNames(); sent.hasMoreElements(); ) {
                String name = sent.nextElement();
                if (!names.contains(name)) {
                    throw new InvalidInputException(
                            name,
                            "is not a parameter of this request; "
                                    + (names.isEmpty()
                                            ? "it takes none"
                                            : "it takes " + String.join(", ", names)));
                }
            }
        }
        return true;
    }

    private static List<String> names(HandlerMethod method) {
        List<String> names = new ArrayList<>();
        for (MethodParameter parameter : method.getMethodParameters()) {
            RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
            if (param != null) {
                // @RequestParam String asOf names no parameter: then it is the Java name.
                names.add(param.name().isEmpty() ? parameter.getParameterName() : param.name());
            }
        }
        for (Parameter documented : method.getMethod().getAnnotationsByType(Parameter.class)) {
            if (documented.in() == ParameterIn.QUERY && !names.contains(documented.name())) {
                names.add(documented.name());
            }
        }
        return List.copyOf(names);
    }
}
