package org.leaderboard.query.web;

import java.nio.ByteBuffer;
import java.nio.channels.Selector;
import java.util.function.Predicate;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Tomcat's HTTP/1.1 NIO protocol, with requests that never wait answered on the poller thread that
 * saw them arrive, as Redis answers on the thread that reads the request. Tomcat hands every
 * request from its poller to a worker thread, which has to wake: on a busy machine a thread waits
 * tens of microseconds for a core each time it wakes, and that hand-off was about half of a
 * bounded-staleness answer's time, with or without writes (docs/performance.md, "bounded-staleness
 * reads answered on Tomcat's poller thread").
 *
 * <p>A request is answered on the poller only if all of these hold, and is handed to a worker as
 * before otherwise:
 *
 * <ul>
 *   <li>no other connection is ready in the poller's round (a busy service spreads its requests
 *       over the workers, and so over every core, as before);
 *   <li>the request's first bytes, read before Tomcat parses them and then given back, are one
 *       whole request that {@link PollerAnswers#answersAtOnce} takes: a bounded-staleness {@code
 *       GET} of a board whose view is held, which no store read or shared read makes wait;
 *   <li>the connection is plain HTTP (with TLS the bytes are not read ahead).
 * </ul>
 *
 * While it runs, the connection's write timeout is {@link #WRITE_TIMEOUT_MILLIS}: a write Tomcat
 * cannot finish waits for the poller to report the socket writable, and the poller is the thread
 * waiting, so a client that stops reading its answers is cut off then instead of holding every
 * connection for the usual timeout.
 */
public class PollerAnswersProtocol extends Http11NioProtocol {

    /** How long a write on the poller thread may wait for the client to read. */
    static final long WRITE_TIMEOUT_MILLIS = 100;

    /** Tomcat makes the protocol from its class name, with this constructor. */
    public PollerAnswersProtocol() {
        super(new Endpoint());
    }

    /** Which requests to answer on the poller: none until the service says (a web layer bean). */
    void answersAtOnce(Predicate<ByteBuffer> requests) {
        ((Endpoint) getEndpoint()).requests = requests;
    }

    /** How many requests were answered on the poller thread. */
    long answeredOnPoller() {
        return ((Endpoint) getEndpoint()).answered;
    }

    private static final class Endpoint extends NioEndpoint {

        /** Enough for a request line and the few headers a plain read sends. */
        private static final int READ_AHEAD = 1024;

        private volatile Predicate<ByteBuffer> requests = request -> false;
        private volatile Thread pollerThread;
        private final ByteBuffer ahead = ByteBuffer.allocate(READ_AHEAD);
        private volatile long answered;

        @Override
        public boolean processSocket(
                SocketWrapperBase<NioChannel> socket, SocketEvent event, boolean dispatch) {
            if (!dispatch
                    || event != SocketEvent.OPEN_READ
                    || socket == null
                    || isSSLEnabled()
                    || !onPoller()
                    || !answersAtOnce(socket)) {
                return super.processSocket(socket, event, dispatch);
            }
            long writeTimeout = socket.getWriteTimeout();
            socket.setWriteTimeout(WRITE_TIMEOUT_MILLIS);
            PollerAnswers.begin();
            try {
                answered++; // only the poller thread counts
                return super.processSocket(socket, event, false);
            } finally {
                PollerAnswers.end();
                socket.setWriteTimeout(writeTimeout);
            }
        }

        /** Whether this is the poller thread with no other connection ready in its round. */
        private boolean onPoller() {
            Thread current = Thread.currentThread();
            Thread poller = pollerThread;
            if (poller == null && current.getName().equals(getName() + "-Poller")) {
                pollerThread = current;
                poller = current;
            }
            if (current != poller) {
                return false;
            }
            Selector selector = getPoller().getSelector();
            return selector.selectedKeys().isEmpty();
        }

        /**
         * Reads the request's first bytes ahead, asks whether to answer it here, gives them back.
         */
        private boolean answersAtOnce(SocketWrapperBase<NioChannel> socket) {
            ahead.clear();
            int read;
            try {
                read = socket.read(false, ahead);
            } catch (java.io.IOException e) {
                return false; // the worker's read meets the same failure and answers it
            }
            if (read <= 0) {
                return false;
            }
            ahead.flip();
            try {
                return requests.test(ahead.asReadOnlyBuffer());
            } catch (RuntimeException e) {
                return false;
            } finally {
                socket.unRead(ahead);
            }
        }
    }
}
