import net from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The address rate limits, sessions, the audit log and the request log record for a request.
 *
 * With TRUST_PROXY set, Fastify reads it from X-Forwarded-For as far as the trusted proxies go;
 * what it finds there is still text a client may have written (a request that reached a trusted
 * address without passing the proxy, or a proxy that forwards the header as it came), so anything
 * that is not an IP address falls back to the peer that actually connected. Keys and logs never
 * carry arbitrary header text.
 */
export function clientIp(request: Pick<FastifyRequest, 'ip' | 'socket'>): string {
  const ip = request.ip;
  if (typeof ip === 'string' && ip.length <= 45 && net.isIP(ip)) return ip;
  const peer = request.socket?.remoteAddress;
  return peer && net.isIP(peer) ? peer : 'unknown';
}
