package org.leaderboard.writer.config;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Asks the connection for its next request once a response has been written.
 *
 * <p>Reactor Netty 1.2 (up to 1.2.18, the newest for Spring Boot 3.5) reads an HTTP/1.1 connection
 * on demand and can forget to ask again: when a keep-alive request arrives before the previous
 * response has finished (Swagger UI's static files finish after their bytes are sent, and a client
 * that has the whole body already sends its next request), it is queued with its end marker; the
 * queue can then drain without a read being requested, and the connection's next request waits
 * unanswered until the client gives up (reactor-netty's own issue "HTTP/1.1 keep-alive connection
 * stops reading after a queued request completes synchronously", fixed after 1.2.18). One extra
 * read request per response is harmless: a read already requested is not requested twice, and bytes
 * that arrive early are queued by Reactor Netty as before.
 */
@ChannelHandler.Sharable
final class ResumeReadAfterResponse extends ChannelOutboundHandlerAdapter {

    static final ResumeReadAfterResponse INSTANCE = new ResumeReadAfterResponse();

    private ResumeReadAfterResponse() {}

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof LastHttpContent) {
            ChannelPromise written = promise.unvoid();
            // After Reactor Netty's own completion work, which runs first and may queue more.
            written.addListener(
                    done -> {
                        if (ctx.channel().isActive()) {
                            ctx.channel().eventLoop().execute(ctx::read);
                        }
                    });
            ctx.write(msg, written);
            return;
        }
        ctx.write(msg, promise);
    }
}
