import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@lanyard/shared/errors';

/** An error a person can read, with a stable code for programs (the catalogue: packages/shared/src/errors.ts). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More for programs, beside `error` and `code` (which it cannot replace). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** An error answer sent without throwing (health probes, the 404 of unknown routes). */
export function errorBody(code: ErrorCode, error: string): { error: string; code: ErrorCode } {
  return { error, code };
}

export const errors = {
  badRequest: (message: string, code: ErrorCode = 'bad_request') => new AppError(400, code, message),
  unauthorized: (message = 'Please sign in to continue.', code: ErrorCode = 'unauthorized') =>
    new AppError(401, code, message),
  forbidden: (message = 'You do not have access to this.', code: ErrorCode = 'forbidden') =>
    new AppError(403, code, message),
  notFound: (message = 'Not found.', code: ErrorCode = 'not_found') => new AppError(404, code, message),
  conflict: (message: string, code: ErrorCode = 'conflict', extra: Record<string, unknown> = {}) =>
    new AppError(409, code, message, {}, extra),
  tooMany: (retryAfterSeconds: number, message = 'Too many attempts. Please wait a moment and try again.') =>
    new AppError(429, 'rate_limited', message, {
      'retry-after': String(retryAfterSeconds),
    }),
  unavailable: (message = 'The service is temporarily unavailable. Please try again shortly.') =>
    new AppError(503, 'unavailable', message, { 'retry-after': '5' }),
};

/**
 * The database cannot be reached or is restarting: network errors, PostgreSQL's shutdown and
 * connection classes (57P0x, 08xxx), too many connections. The client may retry.
 */
const PG_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: string; cause?: unknown; message?: string } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (PG_UNAVAILABLE.has(e.code ?? '') || UNAVAILABLE_MESSAGE.test(e.message ?? '')) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // A stream that fails before its first byte (a missing file) arrives here with the file's
    // headers already set on the reply: the answer is JSON, whatever the route meant to send.
    reply
      .removeHeader('content-disposition')
      .removeHeader('content-length')
      .type('application/json; charset=utf-8');
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .headers(err.headers)
        .send({ ...err.details, error: err.message, code: err.code });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
      // fastify-type-provider-zod puts the zod issue code in `keyword` and the rest in `params`.
      const params = (first?.params ?? {}) as { keys?: string[] };
      let message = first?.message ?? 'Invalid request';
      if (first?.keyword === 'unrecognized_keys' && params.keys) {
        message = `Unknown field: ${params.keys.map((k) => (where ? `${where}.${k}` : k)).join(', ')}`;
      } else if (where) {
        message = `${where}: ${message}`;
      }
      return reply.status(400).send({ error: message, code: 'validation_error' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Something went wrong on our side.', code: 'internal_error' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: err.message }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        error: 'The service is temporarily unavailable. Please try again shortly.',
        code: 'unavailable',
      });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status < 500) {
      // Fastify's own codes (FST_ERR_...) are not part of the API: they map onto the catalogue.
      const code: ErrorCode =
        status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'rate_limited'
              : 'bad_request';
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 415
            ? 'Unsupported content type.'
            : err.message || 'Bad request';
      return reply.status(status).send({ error: message, code });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side.', code: 'internal_error' });
  });
}

/**
 * An error answer written straight to a socket (the request could not be read, or its body is still
 * arriving), in the API's shape; the connection closes after it, since it cannot be reused.
 */
export function rawErrorResponse(status: number, code: ErrorCode, error: string): string {
  const body = JSON.stringify(errorBody(code, error));
  return (
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
    body
  );
}

interface RawRefusal {
  status: number;
  code: ErrorCode;
  error: string;
}

export const REQUEST_TIMED_OUT: RawRefusal = {
  status: 408,
  code: 'request_timeout',
  error: 'The request took too long to arrive. Please check your connection and try again.',
};

/** Fastify's router refusals, before any route or hook runs. */
const ROUTER_REFUSALS: Record<string, RawRefusal> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'bad_request',
    error: 'The address is not valid: it has a malformed %-escape.',
  },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'bad_request', error: 'A part of the address is too long.' },
};
const ROUTER_FAILURE: RawRefusal = {
  status: 500,
  code: 'internal_error',
  error: 'Something went wrong on our side.',
};

/**
 * What Fastify's router refuses before any route or hook runs (a path with a broken %-escape, a
 * path parameter over 100 characters), in the API's own shape rather than Fastify's `FST_ERR_*`
 * bodies, which also echoed the path back.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const answer = ROUTER_REFUSALS[err.code] ?? ROUTER_FAILURE;
  void reply
    .code(answer.status)
    .type('application/json; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .send(errorBody(answer.code, answer.error));
}

/** What Node's HTTP parser could not read. */
const CLIENT_ERRORS: Record<string, RawRefusal> = {
  ERR_HTTP_REQUEST_TIMEOUT: REQUEST_TIMED_OUT,
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    error: 'The request’s address and headers are too large.',
  },
};
const UNREADABLE: RawRefusal = { status: 400, code: 'bad_request', error: 'The request could not be read.' };

/**
 * A request Node's HTTP parser could not read (headers over 16 KB, a broken request line, the whole
 * request too slow): answered in the API's shape, then the connection is closed, as Node does.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = CLIENT_ERRORS[err.code ?? ''] ?? UNREADABLE;
  if (socket.writable) socket.write(rawErrorResponse(answer.status, answer.code, answer.error));
  socket.destroy(err);
}
