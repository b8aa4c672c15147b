package org.leaderboard.security;

import org.apache.catalina.Host;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.Valve;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;

/**
 * Puts {@link ProblemReportValve} in place of Tomcat's HTML error report. The host adds its report
 * valve when it starts, before its context starts, so the swap happens as the context starts.
 */
final class TomcatProblems implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addContextCustomizers(
                context ->
                        context.addLifecycleListener(
                                event -> {
                                    if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())
                                            && context.getParent() instanceof Host host) {
                                        replaceReportValve(host);
                                    }
                                }));
    }

    private static void replaceReportValve(Host host) {
        for (Valve valve : host.getPipeline().getValves()) {
            if (valve instanceof ErrorReportValve && !(valve instanceof ProblemReportValve)) {
                host.getPipeline().removeValve(valve);
            }
        }
        host.getPipeline().addValve(new ProblemReportValve());
    }
}
