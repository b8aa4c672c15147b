package org.leaderboard.security;

import java.util.List;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.ConstructorArgumentValues.ValueHolder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;

/**
 * Takes out of the Servlet security chain the cache of Spring MVC's handler lookup that Spring
 * Security puts in front of it whenever Spring MVC is present. That cache serves request matchers
 * and CORS rules that look the request's handler up; this chain's rules match paths ({@code
 * PathPatternRequestMatcher}) and CORS is a filter of its own, so nothing read the cache, while
 * filling it looked every request's handler up once more before the dispatcher did (a tenth of a
 * bounded-staleness standing's request-thread CPU in a profile of the query service).
 *
 * <p>Spring Security registers its chain, wrapped with that cache, under the name {@value #CHAIN}:
 * a composite bean whose one constructor argument lists the cache filter's definition and then the
 * chain's own. This puts the chain's own definition back under that name. If the definition does
 * not have that shape (another Spring Security version), it is left as it is.
 */
final class NoHandlerLookupCache implements BeanFactoryPostProcessor {

    static final String CHAIN = "springSecurityFilterChain";

    /** The composite Spring Security registers the chain as, with the cache in front. */
    static final String WITH_CACHE =
            "org.springframework.security.config.annotation.web.configuration"
                    + ".WebMvcSecurityConfiguration$CompositeFilterChainProxy";

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory factory) {
        if (!(factory instanceof BeanDefinitionRegistry registry)
                || !registry.containsBeanDefinition(CHAIN)) {
            return;
        }
        BeanDefinition wrapped = registry.getBeanDefinition(CHAIN);
        if (!WITH_CACHE.equals(wrapped.getBeanClassName())) {
            return;
        }
        ValueHolder filters =
                wrapped.getConstructorArgumentValues().getIndexedArgumentValue(0, List.class);
        if (filters == null
                || wrapped.getConstructorArgumentValues().getArgumentCount() != 1
                || !(filters.getValue() instanceof List<?> list)
                || list.size() != 2
                || !(list.get(1) instanceof BeanDefinition chain)) {
            return;
        }
        registry.removeBeanDefinition(CHAIN);
        registry.registerBeanDefinition(CHAIN, chain);
    }
}
