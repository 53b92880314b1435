import type { FastifyRequest } from 'fastify';
import { clientIp } from './client-ip';

// Query parameters that carry a credential: mailed verification and reset links, signed download
// links, the OpenID Connect callback. Anyone reading the logs could otherwise use them.
const SECRET_PARAMS = /([?&](?:token|oob_code|signature|code|state|access_token|id_token)=)[^&#]*/gi;

/** The URL with the values of credential-bearing query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's request log fields, with the URL redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: clientIp(request),
    remotePort: request.socket?.remotePort,
  };
}
