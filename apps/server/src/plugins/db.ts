import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    shuttingDown: boolean;
  }
}

export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { db: Db; config: AppConfig }) {
    app.decorate('db', opts.db);
    app.decorate('config', opts.config);
    app.decorate('shuttingDown', false);
  },
  { name: 'db' },
);
