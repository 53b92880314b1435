import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async function securityPlugin(app: FastifyInstance, opts: { https: boolean }) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Component libraries set style attributes at run time; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=()');
      // API answers carry personal data: never kept by browsers or proxies.
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security' },
);
