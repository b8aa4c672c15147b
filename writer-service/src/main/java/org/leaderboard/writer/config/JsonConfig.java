package org.leaderboard.writer.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Strict JSON: application.yml turns off most coercions, but Jackson still turns a number or a
 * boolean into a string ({@code "board":7} becomes board "7") unless told otherwise here.
 */
@Configuration(proxyBeanMethods = false)
public class JsonConfig {

    @Bean
    Jackson2ObjectMapperBuilderCustomizer refuseScalarsAsText() {
        return builder -> builder.postConfigurer(JsonConfig::refuseScalarsAsText);
    }

    public static ObjectMapper refuseScalarsAsText(ObjectMapper mapper) {
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return mapper;
    }
}
