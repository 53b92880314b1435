// The physical reference: a bare Fastify route in its own process (PORT), the same Fastify the server uses.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib.mjs';

const require = createRequire(path.join(root, 'apps/server/package.json'));
const Fastify = require('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/api/readyz', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
