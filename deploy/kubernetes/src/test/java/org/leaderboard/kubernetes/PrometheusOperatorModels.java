package org.leaderboard.kubernetes;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitor;
import java.util.Map;

/**
 * Reads Prometheus Operator custom resources into fabric8's typed models, which fabric8 generates
 * from the operator's CRD schemas. The models keep fields they do not know in an "additional
 * properties" map (their any-setter); with that switched off, Jackson fails on any field the schema
 * does not define, at any depth, as {@code kubectl apply --validate=strict} would.
 */
final class PrometheusOperatorModels {

    static final String API_VERSION = "monitoring.coreos.com/v1";

    private static final ObjectMapper STRICT =
            new ObjectMapper()
                    .setAnnotationIntrospector(new NoAnySetter())
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private PrometheusOperatorModels() {}

    static ServiceMonitor parseServiceMonitor(Map<String, Object> object) {
        if (!API_VERSION.equals(object.get("apiVersion"))
                || !"ServiceMonitor".equals(object.get("kind"))) {
            throw new AssertionError("not a " + API_VERSION + " ServiceMonitor: " + object);
        }
        try {
            return STRICT.convertValue(object, ServiceMonitor.class);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("not a valid ServiceMonitor: " + e.getMessage(), e);
        }
    }

    /** Ignores {@code @JsonAnySetter}: unknown fields then fail instead of being kept aside. */
    private static final class NoAnySetter extends JacksonAnnotationIntrospector {
        @Override
        public Boolean hasAnySetter(Annotated annotated) {
            return Boolean.FALSE;
        }
    }
}
