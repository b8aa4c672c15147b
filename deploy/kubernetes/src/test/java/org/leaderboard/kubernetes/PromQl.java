package org.leaderboard.kubernetes;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, range
 * selectors, grouping clauses, Grafana variables, function calls and keywords are taken out.
 */
final class PromQl {

    private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Set<String> KEYWORDS =
            Set.of(
                    "by",
                    "without",
                    "on",
                    "ignoring",
                    "group_left",
                    "group_right",
                    "offset",
                    "bool",
                    "and",
                    "or",
                    "unless");

    private PromQl() {}

    static Set<String> metricNames(String expression) {
        String stripped =
                expression
                        .replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"")
                        .replaceAll("\\{[^}]*}", " ")
                        .replaceAll("\\[[^]]*]", " ")
                        .replaceAll("\\b(by|without|on|ignoring)\\s*\\([^)]*\\)", " ")
                        .replaceAll("\\$\\{?[a-zA-Z_]+}?", " ");
        Set<String> names = new TreeSet<>();
        Matcher identifier = IDENTIFIER.matcher(stripped);
        while (identifier.find()) {
            String name = identifier.group();
            boolean isCall = stripped.substring(identifier.end()).matches("(?s)\\s*\\(.*");
            if (!isCall && !KEYWORDS.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }
}
