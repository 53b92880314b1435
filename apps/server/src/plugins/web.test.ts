import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventConfigSchema } from '@lanyard/shared/event';
import webPlugin, { pickEncoding } from './web';

const event = eventConfigSchema.parse({
  name: 'Test <Hacks>',
  startDate: '2030-03-01',
  endDate: '2030-03-02',
  dates: {
    applicationsOpen: 'a',
    applicationDeadline: 'b',
    expectedDecisions: 'c',
    rsvpDeadline: 'd',
    event: 'e',
  },
  venue: { name: 'Hall', address: '1 Road', city: 'Town' },
  contactEmail: 'team@example.org',
  supportEmail: 'help@example.org',
  websiteUrl: 'https://example.org',
  faqUrl: 'https://example.org/faq',
  instagramUrl: 'https://example.org/ig',
  socialLinks: [],
  liabilityWaiverUrl: 'https://example.org/waiver',
  photoReleaseUrl: 'https://example.org/photo',
  brandColor: '#123456',
  footerCredit: 'Made here',
});

const JS = `export const x = ${JSON.stringify('lanyard '.repeat(500))};\n`;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><!--lanyard:event-config--></head><body>${'<p>page</p>'.repeat(100)}</body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js'), JS);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js.br'), zlib.brotliCompressSync(JS));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js.gz'), zlib.gzipSync(JS));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await app.register(webPlugin, { distDir: dir, event });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('pickEncoding', () => {
  it('prefers br, falls back to gzip, honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip;q=0.5')).toBe('gzip');
  });
});

describe('hashed assets', () => {
  it('sends the .br sibling to a client that accepts br, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends the .gz sibling to a gzip-only client', async () => {
    const res = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends the file itself, still marked Vary, when no encoding is accepted', async () => {
    const res = await app.inject({ url: '/assets/app-abc.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(JS);
  });

  it('does not publish the compressed siblings as URLs of their own', async () => {
    const res = await app.inject({ url: '/assets/app-abc.js.br' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves a file without siblings uncompressed, not cached as immutable', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('index.html', () => {
  it('carries the event config, compressed for clients that accept it, never cached', async () => {
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await app.inject({ url: '/dashboard?x=1', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = decode(res.rawPayload).toString();
      expect(html).toContain('<script id="event-config" type="application/json">');
      expect(html).toContain('"name":"Test \\u003cHacks\\u003e"');
    }
  });

  it('is the injected page at /index.html too, and plain without Accept-Encoding', async () => {
    const res = await app.inject({ url: '/index.html' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('id="event-config"');
    expect(res.body).not.toContain('<!--lanyard:event-config-->');
  });

  it('leaves API misses as JSON 404s', async () => {
    const res = await app.inject({ url: '/api/nope', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
