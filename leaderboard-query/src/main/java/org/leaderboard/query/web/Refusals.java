package org.leaderboard.query.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The problems an endpoint may answer with; its OpenAPI operation lists them with examples. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Refusals {
    QueryProblem[] value();
}
