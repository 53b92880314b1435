import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rawErrorResponse, REQUEST_TIMED_OUT } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How long this route's request body may take to arrive; uploads get longer than JSON. */
    bodyTimeout?: 'upload';
  }
}

/**
 * How long a client may take, so a trickled request cannot hold a connection (and its share of the
 * server) for minutes. nginx streams bodies through (`proxy_request_buffering off`, for upload
 * progress), so these are the only bound a slow client meets.
 */
export interface Timeouts {
  /** Request line and headers (Node's headersTimeout). */
  headersMs: number;
  /** A request body on ordinary routes: JSON of at most 1 MB. */
  bodyMs: number;
  /** A request body on upload routes (a 10 MB resume on a poor connection); also the whole-request cap. */
  uploadBodyMs: number;
  /** A connection with no traffic either way during a request (live check-in pings every 15 s). */
  idleMs: number;
  /** A kept-alive connection between requests; above the proxies' 60 s so they close first. */
  keepAliveMs: number;
  /** How often Node checks the header and whole-request limits. */
  checkEveryMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 15_000,
  bodyMs: 20_000,
  uploadBodyMs: 180_000,
  idleMs: 65_000,
  keepAliveMs: 72_000,
  checkEveryMs: 2_000,
};

/** The options Fastify passes to Node's HTTP server: the limits every request meets. */
export function serverTimeoutOptions(t: Timeouts) {
  return {
    // The whole request, headers and body, on any route: the upload allowance, Node's own 408.
    requestTimeout: t.uploadBodyMs + t.headersMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: t.checkEveryMs },
  };
}

const TIMED_OUT = rawErrorResponse(REQUEST_TIMED_OUT.status, REQUEST_TIMED_OUT.code, REQUEST_TIMED_OUT.error);

/** Answers 408 and closes the connection: its body is still arriving, so it cannot be reused. */
function timeOut(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  request.log.info({ route: request.routeOptions.url }, 'request body too slow: closing the connection');
  if (reply.raw.headersSent || socket.destroyed) {
    socket.destroy();
    return;
  }
  socket.end(TIMED_OUT, () => socket.destroy());
}

/** A deadline for each request body, shorter than Node's whole-request cap except on upload routes. */
const timeoutsPlugin: FastifyPluginAsync<{ timeouts: Timeouts }> = async (app, opts) => {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const length = raw.headers['content-length'];
    const hasBody = length !== undefined ? length !== '0' : raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.readableEnded) return done();
    const ms =
      request.routeOptions.config?.bodyTimeout === 'upload'
        ? opts.timeouts.uploadBodyMs
        : opts.timeouts.bodyMs;
    const timer = setTimeout(() => {
      if (!raw.readableEnded) timeOut(request, reply);
    }, ms);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('close', clear);
    done();
  });
};

export default fp(timeoutsPlugin, { name: 'timeouts' });
