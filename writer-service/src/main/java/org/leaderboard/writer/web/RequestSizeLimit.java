package org.leaderboard.writer.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.leaderboard.writer.config.WriterSettings;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Stops reading a request body after {@code writer.max-request-size} bytes, whether or not the
 * client declared its length: JSON bodies are read whole into memory, so without a bound one client
 * could exhaust the writer's heap. The failed read becomes a 413 in {@link ProblemHandlers}.
 */
@Component
class RequestSizeLimit extends OncePerRequestFilter {

    private final long maxBytes;

    RequestSizeLimit(WriterSettings settings) {
        this.maxBytes = settings.maxRequestSize().toBytes();
    }

    @Override
    protected void doFilterInternal(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(new Limited(request, maxBytes), response);
    }

    /** Thrown by a read that passes the limit. */
    static final class TooLargeException extends IOException {
        private final long maxBytes;

        TooLargeException(long maxBytes) {
            super("the request body is larger than " + maxBytes + " bytes");
            this.maxBytes = maxBytes;
        }

        long maxBytes() {
            return maxBytes;
        }
    }

    private static final class Limited extends HttpServletRequestWrapper {
        private final long maxBytes;
        private ServletInputStream limited;

        Limited(HttpServletRequest request, long maxBytes) {
            super(request);
            this.maxBytes = maxBytes;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (limited == null) {
                limited = new CountingStream(super.getInputStream(), maxBytes);
            }
            return limited;
        }
    }

    private static final class CountingStream extends ServletInputStream {
        private final ServletInputStream in;
        private final long maxBytes;
        private long read;

        CountingStream(ServletInputStream in, long maxBytes) {
            this.in = in;
            this.maxBytes = maxBytes;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            count(b < 0 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            count(Math.max(n, 0));
            return n;
        }

        private void count(int n) throws TooLargeException {
            read += n;
            if (read > maxBytes) {
                throw new TooLargeException(maxBytes);
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
