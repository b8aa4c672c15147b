package org.leaderboard.writer.web;

import org.leaderboard.writer.config.WriterSettings;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Stops reading a request body after {@code writer.max-request-size} bytes, whether or not the
 * client declared its length: JSON bodies are read whole into memory, so without a bound one client
 * could exhaust the writer's heap. A body declared larger fails before its first byte is read; one
 * that turns out larger fails at the chunk that passes the limit, which is released, not kept. The
 * failed read becomes a 413 in {@link ProblemHandlers}. (The JSON codec's own buffer limit, set to
 * the same size, is a second bound.)
 */
@Component
class RequestSizeLimit implements WebFilter {

    private final long maxBytes;

    RequestSizeLimit(WriterSettings settings) {
        this.maxBytes = settings.maxRequestSize().toBytes();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        return chain.filter(exchange.mutate().request(new Limited(exchange.getRequest())).build());
    }

    /** Thrown by a read that passes the limit. */
    static final class TooLargeException extends RuntimeException {
        TooLargeException(long maxBytes) {
            super("the request body is larger than " + maxBytes + " bytes");
        }
    }

    private final class Limited extends ServerHttpRequestDecorator {

        Limited(ServerHttpRequest request) {
            super(request);
        }

        @Override
        public Flux<DataBuffer> getBody() {
            if (getHeaders().getContentLength() > maxBytes) {
                return Flux.error(new TooLargeException(maxBytes));
            }
            return Flux.defer(
                    () -> {
                        long[] read = {0};
                        return super.getBody()
                                .map(
                                        chunk -> {
                                            read[0] += chunk.readableByteCount();
                                            if (read[0] > maxBytes) {
                                                DataBufferUtils.release(chunk);
                                                throw new TooLargeException(maxBytes);
                                            }
                                            return chunk;
                                        });
                    });
        }
    }
}
