import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EventConfig } from '@lanyard/shared/event';

const PLACEHOLDER = '<!--lanyard:event-config-->';

/** JSON inside <script> must not be able to close the element. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (with the event
 * config inlined as data) for every other non-API GET, so client-side routes survive a reload.
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

    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        prefix: '/',
        index: false,
        wildcard: false,
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
      if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
      }
      return reply
        .status(404)
        .send({ error: `No route for ${request.method} ${pathname}`, code: 'not_found' });
    });
  },
  { name: 'web' },
);
