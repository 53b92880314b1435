import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Storage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    shuttingDown: boolean;
    storage: Storage;
  }
}

export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { db: Db; config: AppConfig; storage: Storage }) {
    app.decorate('db', opts.db);
    app.decorate('storage', opts.storage);
    app.decorate('config', opts.config);
    app.decorate('shuttingDown', false);
  },
  { name: 'db' },
);
