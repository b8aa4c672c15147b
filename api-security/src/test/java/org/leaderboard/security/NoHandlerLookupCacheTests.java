package org.leaderboard.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.ManagedList;
import org.springframework.security.web.FilterChainProxy;

/**
 * What {@link NoHandlerLookupCache} does to bean definitions of the shape Spring Security registers
 * (its effect on a running service is checked by the query service's security tests), and that it
 * leaves any other shape alone.
 */
class NoHandlerLookupCacheTests {

    @Test
    void theChainWrappedWithTheCacheIsRegisteredPlainAgain() {
        DefaultListableBeanFactory factory = new DefaultListableBeanFactory();
        var chain =
                BeanDefinitionBuilder.rootBeanDefinition(FilterChainProxy.class)
                        .getBeanDefinition();
        ManagedList<Object> filters = new ManagedList<>();
        filters.add(BeanDefinitionBuilder.rootBeanDefinition(Object.class).getBeanDefinition());
        filters.add(chain);
        factory.registerBeanDefinition(
                NoHandlerLookupCache.CHAIN,
                BeanDefinitionBuilder.rootBeanDefinition(NoHandlerLookupCache.WITH_CACHE)
                        .addConstructorArgValue(filters)
                        .getBeanDefinition());

        new NoHandlerLookupCache().postProcessBeanFactory(factory);

        assertThat(factory.getBeanDefinition(NoHandlerLookupCache.CHAIN).getBeanClassName())
                .isEqualTo(FilterChainProxy.class.getName());
    }

    @Test
    void anyOtherShapeIsLeftAsItIs() {
        DefaultListableBeanFactory factory = new DefaultListableBeanFactory();
        ManagedList<Object> one = new ManagedList<>();
        one.add(
                BeanDefinitionBuilder.rootBeanDefinition(FilterChainProxy.class)
                        .getBeanDefinition());
        var composite =
                BeanDefinitionBuilder.rootBeanDefinition(NoHandlerLookupCache.WITH_CACHE)
                        .addConstructorArgValue(one)
                        .getBeanDefinition();
        factory.registerBeanDefinition(NoHandlerLookupCache.CHAIN, composite);

        new NoHandlerLookupCache().postProcessBeanFactory(factory);
        new NoHandlerLookupCache().postProcessBeanFactory(new DefaultListableBeanFactory());

        assertThat(factory.getBeanDefinition(NoHandlerLookupCache.CHAIN)).isSameAs(composite);
    }
}
