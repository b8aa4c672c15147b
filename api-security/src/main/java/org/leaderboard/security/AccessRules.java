package org.leaderboard.security;

import java.util.List;
import java.util.Optional;

/**
 * A service's access rules, first match wins; requests no rule matches are public when {@code
 * othersPublic}, else they need any valid credentials (then an unknown path is a 404, not a 401,
 * only for callers who may see it).
 */
public record AccessRules(List<AccessRule> rules, boolean othersPublic) {

    public AccessRules {
        rules = List.copyOf(rules);
    }

    /** The rule deciding a request (its method and raw path), to name the missing role in a 403. */
    Optional<AccessRule> ruleFor(String method, String path) {
        return rules.stream().filter(rule -> rule.matches(method, path)).findFirst();
    }
}
