import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';
import { storedKey } from './rate-limit';
import { requestSerializer } from './log-redact';
import type { FastifyRequest } from 'fastify';

const peer = (remoteAddress: string | undefined) => ({ remoteAddress }) as FastifyRequest['socket'];

describe('clientIp', () => {
  it('keeps an IPv4 or IPv6 address as Fastify read it', () => {
    expect(clientIp({ ip: '203.0.113.9', socket: peer('127.0.0.1') })).toBe('203.0.113.9');
    expect(clientIp({ ip: '2001:db8::1', socket: peer('127.0.0.1') })).toBe('2001:db8::1');
  });

  it.each(['x'.repeat(6000), 'unknown', '10.0.0.1 , 10.0.0.2', '<script>', '', '1.2.3.4\n'])(
    'falls back to the connecting peer when X-Forwarded-For gave %j',
    (ip) => {
      expect(clientIp({ ip, socket: peer('127.0.0.1') })).toBe('127.0.0.1');
    },
  );

  it('says unknown when even the peer has no address (a closed socket)', () => {
    expect(clientIp({ ip: 'garbage', socket: peer(undefined) })).toBe('unknown');
  });

  it('keeps the whole header out of the request log', () => {
    const logged = requestSerializer({
      method: 'POST',
      url: '/api/auth/login',
      host: 'localhost',
      ip: 'x'.repeat(6000),
      socket: { remoteAddress: '127.0.0.1', remotePort: 5555 },
    } as unknown as FastifyRequest);
    expect(logged.remoteAddress).toBe('127.0.0.1');
    expect(JSON.stringify(logged).length).toBeLessThan(200);
  });
});

describe('storedKey', () => {
  it('keeps short keys readable', () => {
    expect(storedKey('login:ip:203.0.113.9')).toBe('login:ip:203.0.113.9');
  });

  it('hashes a long key under its prefix, so it fits an index row and two keys never meet', () => {
    const a = storedKey(`login:ip-email:${'x'.repeat(6000)}:a@example.org`);
    const b = storedKey(`login:ip-email:${'x'.repeat(6000)}:b@example.org`);
    expect(a).toMatch(/^login:ip-email:sha256:[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(128);
  });
});
