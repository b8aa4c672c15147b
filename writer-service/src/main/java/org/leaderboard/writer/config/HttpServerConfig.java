package org.leaderboard.writer.config;

import io.netty.channel.ChannelOption;
import org.springframework.boot.web.codec.CodecCustomizer;
import org.springframework.boot.web.embedded.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.NettyPipeline;

/**
 * The HTTP server (Reactor Netty) and its codecs: the listen backlog of {@code
 * writer.load.listen-backlog}, a read requested after every response ({@link
 * ResumeReadAfterResponse}), and JSON bodies buffered up to {@code writer.max-request-size} and no
 * further (the request-size filter counts the bytes too, whatever the codec).
 */
@Configuration(proxyBeanMethods = false)
class HttpServerConfig {

    @Bean
    WebServerFactoryCustomizer<NettyReactiveWebServerFactory> listenBacklog(LoadSettings load) {
        return factory ->
                factory.addServerCustomizers(
                        server -> server.option(ChannelOption.SO_BACKLOG, load.listenBacklog()));
    }

    /** Every HTTP/1.1 connection asks for its next request after each response (see the class). */
    @Bean
    WebServerFactoryCustomizer<NettyReactiveWebServerFactory> resumeReadAfterResponse() {
        return factory ->
                factory.addServerCustomizers(
                        server ->
                                server.doOnChannelInit(
                                        (observer, channel, remote) -> {
                                            if (channel.pipeline().get(NettyPipeline.HttpCodec)
                                                    != null) {
                                                channel.pipeline()
                                                        .addAfter(
                                                                NettyPipeline.HttpCodec,
                                                                "leaderboard.resumeRead",
                                                                ResumeReadAfterResponse.INSTANCE);
                                            }
                                        }));
    }

    @Bean
    CodecCustomizer maxRequestSize(WriterSettings settings) {
        int maxBytes = Math.toIntExact(settings.maxRequestSize().toBytes());
        return codecs -> codecs.defaultCodecs().maxInMemorySize(maxBytes);
    }
}
