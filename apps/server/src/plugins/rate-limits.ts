import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientIp } from '../lib/client-ip';
import { checkLimits, enforceLimits, recordHits, type Limit } from '../lib/rate-limit';

/** One counter of a route: what it counts (read from the request once its body is parsed), how many, how long. */
export interface RouteLimit extends Omit<Limit, 'key'> {
  key: (request: FastifyRequest) => string;
}

/**
 * A route's rate limits, declared in its config beside `access`. By default every request counts.
 * With `countOnly`, only answers carrying one of those error codes count (wrong passwords, wrong
 * links): people who succeed are never held up, guessers are; once a limit is used up, even a
 * right answer waits.
 */
export interface RouteRateLimit {
  limits: readonly RouteLimit[];
  countOnly?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
}

/** Counts per client address (as the trusted proxies report it), under `name`. */
export const perIp = (name: string, max: number, windowSeconds: number, message?: string): RouteLimit => ({
  key: (request) => `${name}:ip:${clientIp(request)}`,
  max,
  windowSeconds,
  message,
});

/** Counts per signed-in account, under `name` (only on routes whose access needs a user). */
export const perUser = (name: string, max: number, windowSeconds: number): RouteLimit => ({
  key: (request) => {
    if (!request.user) throw new Error(`rate limit ${name} is per user, but the route has no user`);
    return `${name}:user:${request.user.id}`;
  },
  max,
  windowSeconds,
});

const keyed = (limits: readonly RouteLimit[], request: FastifyRequest): Limit[] =>
  limits.map((limit) => ({ ...limit, key: limit.key(request) }));

/**
 * The one place rate limits are enforced: after access and body validation (a key may read the
 * body), before the handler. Counters live in PostgreSQL, so every instance shares them.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const rateLimit = route.config?.rateLimit;
      if (!rateLimit) return;
      const preHandler = async (request: FastifyRequest) => {
        const limits = keyed(rateLimit.limits, request);
        if (rateLimit.countOnly) await checkLimits(app.db, limits);
        else await enforceLimits(app.db, limits);
      };
      route.preHandler = [preHandler, ...[route.preHandler ?? []].flat()];
      if (rateLimit.countOnly) {
        const counted = new Set(rateLimit.countOnly);
        const onError = async (request: FastifyRequest, _reply: unknown, error: FastifyError) => {
          if (error.code && counted.has(error.code))
            await recordHits(app.db, keyed(rateLimit.limits, request));
        };
        route.onError = [onError, ...[route.onError ?? []].flat()];
      }
    });
  },
  { name: 'rate-limits', dependencies: ['db'] },
);
