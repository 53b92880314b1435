import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EventConfig } from '@lanyard/shared/event';
import { errorBody } from '../errors';

const PLACEHOLDER = '<!--lanyard:event-config-->';

/** JSON inside <script> must not be able to close the element. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with: br before gzip, each only when the client accepts it (q > 0).
 * "identity" is always acceptable, so null means "send it uncompressed".
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (with the event
 * config inlined as data) for every other non-API GET, so client-side routes survive a reload.
 * With no reverse proxy in front, the .br/.gz siblings written by the web build are sent to
 * clients that accept them; index.html, rewritten at start-up, is compressed once here.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { distDir: string; event: EventConfig }) {
    const indexFile = path.join(opts.distDir, 'index.html');
    const hasWeb = fs.existsSync(indexFile);
    const indexHtml = hasWeb
      ? fs
          .readFileSync(indexFile, 'utf8')
          .replace(
            PLACEHOLDER,
            `<script id="event-config" type="application/json">${inlineJson(opts.event)}</script>`,
          )
      : undefined;
    const indexCompressed = indexHtml
      ? {
          br: zlib.brotliCompressSync(indexHtml, {
            params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
          }),
          gzip: zlib.gzipSync(indexHtml, { level: zlib.constants.Z_BEST_COMPRESSION }),
        }
      : undefined;

    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        prefix: '/',
        index: false,
        wildcard: false,
        // Sent in place of the file they sit beside (with Content-Encoding and Vary: Accept-Encoding),
        // never as URLs of their own.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
    } else {
      app.log.warn(`The web app is not built (${indexFile} is missing): only the API is served.`);
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      if (!isApi && indexHtml && indexCompressed && (request.method === 'GET' || request.method === 'HEAD')) {
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding');
        const encoding = pickEncoding(request.headers['accept-encoding']);
        if (!encoding) return reply.send(indexHtml);
        return reply.header('content-encoding', encoding).send(indexCompressed[encoding]);
      }
      return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${pathname}`));
    });
  },
  { name: 'web' },
);
