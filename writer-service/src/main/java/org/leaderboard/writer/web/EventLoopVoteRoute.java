package org.leaderboard.writer.web;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.leaderboard.security.ApiKeyCheck;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.embedded.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.netty.NettyPipeline;

/**
 * The direct vote route taken in Netty's pipeline, before Reactor Netty makes a request of it.
 *
 * <p>Profiled at peak, the direct route in front of WebFlux still spent about a fifth of the
 * writer's CPU per vote on what Reactor Netty and Spring build for every request: the server
 * operations and their listeners, the request and response adapters, the body's join and the
 * reactive chain that writes the answer. This handler sits right after Netty's HTTP codec. A
 * request the direct route takes ({@link DirectVoteRoute#boardOf}), on a kept-alive HTTP/1.1
 * connection with nothing else being answered on it, is read here, cast with {@link
 * DirectVoteRoute#cast} and answered with the same status, headers and body, timed in the same
 * series. Everything else (another request, a body the route hands to the full chain, a request
 * that arrives while Reactor Netty still answers one before it) goes on to Reactor Netty unchanged,
 * with its body.
 *
 * <p>Answers stay in order: while a vote taken here waits for the store, what the client sends next
 * on that connection is held, and no more is read from it; it is taken, or passed on, once the
 * vote's answer is written. A request is taken here only while every request passed on before it
 * has been answered, so Reactor Netty's answers cannot overtake or follow it out of order.
 *
 * <p>Graceful shutdown: Reactor Netty waits only for the requests it knows of, so when the writer
 * stops, this route first stops taking requests (they go to Reactor Netty, which waits for them)
 * and waits up to {@code spring.lifecycle.timeout-per-shutdown-phase} for the votes it has taken to
 * be answered.
 */
@Component
public class EventLoopVoteRoute
        implements WebServerFactoryCustomizer<NettyReactiveWebServerFactory>, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(EventLoopVoteRoute.class);
    private static final String HANDLER = "leaderboard.directVotes";

    private final DirectVoteRoute route;
    private final Duration drainTimeout;
    private final AtomicInteger waiting = new AtomicInteger();
    private final LongAdder answered = new LongAdder();
    private volatile boolean taking = true;
    private volatile boolean running;

    EventLoopVoteRoute(
            DirectVoteRoute route,
            @Value("${spring.lifecycle.timeout-per-shutdown-phase:20s}") Duration drainTimeout) {
        this.route = route;
        this.drainTimeout = drainTimeout;
    }

    @Override
    public void customize(NettyReactiveWebServerFactory factory) {
        if (!route.enabled()) {
            return;
        }
        factory.addServerCustomizers(
                server ->
                        server.doOnChannelInit(
                                (observer, channel, remote) -> {
                                    if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                                        channel.pipeline()
                                                .addAfter(
                                                        NettyPipeline.HttpCodec,
                                                        HANDLER,
                                                        new Connection());
                                    }
                                }));
    }

    /** Requests answered here since the writer started (the others went on to Reactor Netty). */
    public long answered() {
        return answered.sum();
    }

    // Stops before the web server's graceful shutdown (a higher phase stops first).
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 512;
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        taking = false;
        long deadline = System.nanoTime() + drainTimeout.toNanos();
        while (waiting.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (waiting.get() > 0) {
            log.warn("stopping with {} direct votes not answered yet", waiting.get());
        }
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** One connection's state; Netty calls it on the connection's event loop only. */
    private final class Connection extends ChannelDuplexHandler {

        /** Requests passed on to Reactor Netty and not answered yet. */
        private int passedOn;

        /** The rest of a passed-on request's body goes on too. */
        private boolean passing;

        /** The request being read here, with its body so far; null when none. */
        private HttpRequest taken;

        private String board;
        private byte[] body;
        private int bodyLength;
        private long start;

        /** A vote taken here waits for its answer; what arrives meanwhile is held. */
        private boolean answering;

        private final ArrayDeque<Object> held = new ArrayDeque<>();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (answering) {
                held.add(msg);
                return;
            }
            read(ctx, msg);
        }

        private void read(ChannelHandlerContext ctx, Object msg) {
            if (taken != null) {
                readBody(ctx, msg);
                return;
            }
            if (msg instanceof HttpRequest request && !passing) {
                String takes = takes(request);
                if (takes == null) {
                    passOn(ctx, request);
                    return;
                }
                taken = request;
                board = takes;
                long length = HttpUtil.getContentLength(request, -1L);
                body = new byte[(int) length];
                bodyLength = 0;
                start = System.nanoTime();
                return;
            }
            if (msg instanceof LastHttpContent) {
                passing = false;
            }
            ctx.fireChannelRead(msg);
        }

        /** The board of a request to take here, or null to pass it on. */
        private String takes(HttpRequest request) {
            if (!taking
                    || passedOn > 0
                    || request instanceof FullHttpRequest
                    || !request.decoderResult().isSuccess()
                    || request.protocolVersion() != HttpVersion.HTTP_1_1
                    || !HttpUtil.isKeepAlive(request)
                    || HttpUtil.is100ContinueExpected(request)
                    || request.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)
                    || request.headers().contains(HttpHeaderNames.UPGRADE)
                    || request.uri().indexOf('?') >= 0) {
                return null;
            }
            HttpHeaders headers = request.headers();
            long length;
            try {
                length = HttpUtil.getContentLength(request, -1L);
            } catch (NumberFormatException e) {
                return null;
            }
            return route.boardOf(request.method().name(), request.uri(), length, headers::get);
        }

        private void passOn(ChannelHandlerContext ctx, HttpRequest request) {
            passedOn++;
            passing = !(request instanceof LastHttpContent);
            ctx.fireChannelRead(request);
        }

        private void readBody(ChannelHandlerContext ctx, Object msg) {
            if (!(msg instanceof HttpContent content)
                    || !content.decoderResult().isSuccess()
                    || content.content().readableBytes() > body.length - bodyLength) {
                // Not what the codec sends for a body of a declared length: Reactor Netty decides.
                handOver(ctx);
                read(ctx, msg);
                return;
            }
            ByteBuf bytes = content.content();
            int size = bytes.readableBytes();
            bytes.readBytes(body, bodyLength, size);
            bodyLength += size;
            boolean last = msg instanceof LastHttpContent;
            ReferenceCountUtil.release(msg);
            if (!last) {
                return;
            }
            if (bodyLength != body.length) {
                // Shorter than declared: the codec does not end such a body; leave it to Reactor.
                passOnWhole(ctx);
                return;
            }
            CompletableFuture<DirectVoteRoute.Reply> reply;
            try {
                reply = route.cast(board, body, taken.uri());
            } catch (RuntimeException e) {
                log.warn("a direct vote failed before it was sent; the full chain answers it", e);
                reply = null;
            }
            if (reply == null) {
                passOnWhole(ctx);
                return;
            }
            HttpRequest request = taken;
            long started = start;
            clear();
            answering = true;
            waiting.incrementAndGet();
            reply.whenComplete(
                    (answer, failure) ->
                            ctx.executor()
                                    .execute(
                                            () ->
                                                    answered(
                                                            ctx, request, answer, failure,
                                                            started)));
        }

        /** The body read so far goes on with the request, then whatever arrives after it. */
        private void handOver(ChannelHandlerContext ctx) {
            HttpRequest request = taken;
            ByteBuf sofar = Unpooled.wrappedBuffer(body, 0, bodyLength);
            clear();
            passedOn++;
            passing = true;
            ctx.fireChannelRead(request);
            ctx.fireChannelRead(new DefaultHttpContent(sofar));
        }

        /** The whole request, read here, goes on to Reactor Netty, which answers it. */
        private void passOnWhole(ChannelHandlerContext ctx) {
            HttpRequest request = taken;
            ByteBuf whole = Unpooled.wrappedBuffer(body, 0, bodyLength);
            clear();
            passedOn++;
            ctx.fireChannelRead(request);
            ctx.fireChannelRead(new DefaultLastHttpContent(whole));
        }

        private void clear() {
            taken = null;
            board = null;
            body = null;
            bodyLength = 0;
        }

        private void answered(
                ChannelHandlerContext ctx,
                HttpRequest request,
                DirectVoteRoute.Reply answer,
                Throwable failure,
                long started) {
            waiting.decrementAndGet();
            answering = false;
            if (!ctx.channel().isActive()) {
                releaseHeld();
                return;
            }
            if (failure != null) {
                // cast() turns every failure of the vote into a problem; this is a defect.
                log.error("a direct vote's answer failed; closing the connection", failure);
                releaseHeld();
                ctx.close();
                return;
            }
            // Counted before the bytes leave, so that a client that has the answer sees it counted.
            EventLoopVoteRoute.this.answered.increment();
            route.timed(answer.status(), started);
            ctx.writeAndFlush(response(answer));
            // Held messages first, in order; a vote among them holds the rest again.
            boolean drained = !held.isEmpty();
            while (!answering && !held.isEmpty()) {
                read(ctx, held.poll());
            }
            if (drained) {
                // Their read's completion went by while they were held.
                ctx.fireChannelReadComplete();
            }
            if (!answering) {
                ctx.read();
            }
        }

        private void releaseHeld() {
            Object msg;
            while ((msg = held.poll()) != null) {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            if (taken != null) {
                // A body still to come: ask for it (Reactor Netty reads on demand).
                ctx.read();
            }
            ctx.fireChannelReadComplete();
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            // Reactor Netty's answers pass here; their end frees the connection for this route.
            if (msg instanceof LastHttpContent
                    && passedOn > 0
                    && !(msg instanceof HttpResponse response
                            && response.status().codeClass() == HttpStatusClass.INFORMATIONAL)) {
                passedOn--;
            }
            ctx.write(msg, promise);
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            releaseHeld();
        }
    }

    private static FullHttpResponse response(DirectVoteRoute.Reply reply) {
        FullHttpResponse response =
                new DefaultFullHttpResponse(
                        HttpVersion.HTTP_1_1,
                        HttpResponseStatus.valueOf(reply.status()),
                        Unpooled.wrappedBuffer(reply.body()));
        HttpHeaders headers = response.headers();
        for (Map.Entry<String, String> header : ApiKeyCheck.RESPONSE_HEADERS.entrySet()) {
            headers.set(header.getKey(), header.getValue());
        }
        headers.set(HttpHeaderNames.CONTENT_TYPE, reply.type());
        headers.setInt(HttpHeaderNames.CONTENT_LENGTH, reply.body().length);
        if (reply.retryAfter() != null) {
            headers.set(HttpHeaderNames.RETRY_AFTER, reply.retryAfter());
        }
        return response;
    }
}
