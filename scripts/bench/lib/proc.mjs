// Child processes of the benchmark: the production server, the reference server, the seed CLI.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { root } from '../../lib.mjs';

export const serverEntry = path.join(root, 'apps/server/dist/server.js');
/** The V8 flag every production start gives the server: package.json's start script, deploy/. */
export const PRODUCTION_NODE_FLAG = '--max-semi-space-size=32';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The environment without anything that would point the server at another database or mail server. */
function cleanEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(DATABASE_URL|SESSION_SECRET|SMTP_URL|PUBLIC_URL|EVENT_CONFIG|TRUST_PROXY|MAIL_FROM|PORT|HOST|DATA_DIR)$/.test(
        key,
      ) ||
      key.startsWith('ADMIN_') ||
      key.startsWith('OIDC_')
    )
      delete env[key];
  }
  return env;
}

const children = new Set();

/** Starts a Node child; its output is kept (last 64 KB) for error messages. */
export function startChild(args, env, { cwd = root } = {}) {
  const proc = spawn(process.execPath, args, {
    cwd,
    env: { ...cleanEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  let output = '';
  const keep = (c) => {
    output = (output + c.toString('utf8')).slice(-65536);
  };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    proc.once('exit', (code, signal) => {
      children.delete(proc);
      resolve({ code, signal });
    }),
  );
  return { proc, pid: proc.pid, output: () => output, exited };
}

/** The production server on its own port and data directory, behind a (simulated) load balancer. */
export async function startServer({ dataDir, admin, nodeArgs = [] }) {
  const port = await freePort();
  const started = performance.now();
  // As `npm start`, the container and the systemd unit run it (docs/decisions/026-young-generation.md).
  const child = startChild([PRODUCTION_NODE_FLAG, ...nodeArgs, serverEntry], {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(`${baseUrl}/api/readyz`, child, 120_000);
  return { ...child, port, baseUrl, readyMs: performance.now() - started };
}

export async function waitReady(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void child.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the process exited before it was ready:\n${child.output()}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not ready within ${timeoutMs} ms (${url}):\n${child.output()}`);
}

/** SIGTERM, then SIGKILL after `graceMs`; answers how long the exit took. */
export async function stopChild(child, graceMs = 30_000) {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return 0;
  const started = performance.now();
  child.proc.kill('SIGTERM');
  let timer;
  const outcome = await Promise.race([
    child.exited,
    new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs))),
  ]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    child.proc.kill('SIGKILL');
    await child.exited;
  }
  return performance.now() - started;
}

/** Runs a Node script to completion, failing with its output when it fails. */
export async function runChild(args, env) {
  const child = startChild(args, env);
  const { code, signal } = await child.exited;
  if (code !== 0) throw new Error(`${args.join(' ')} failed (${code ?? signal}):\n${child.output()}`);
  return child.output();
}

/**
 * Stops everything this run started and removes its data directory: the server stops its own
 * PostgreSQL on SIGTERM; one left behind by a killed server is stopped through its pid file.
 */
export async function cleanup(dataDir) {
  await Promise.all([...children].map((c) => stopChild({ proc: c, exited: exitOf(c) }, 20_000)));
  if (!dataDir) return;
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && postgresRunsIn(pid, dataDir)) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && postgresRunsIn(pid, dataDir); i++)
        await new Promise((r) => setTimeout(r, 100));
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function exitOf(proc) {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve({ code: proc.exitCode });
    else proc.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

function postgresRunsIn(pid, dataDir) {
  try {
    const args = execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
    return args.includes('postgres') && args.includes(dataDir);
  } catch {
    return false;
  }
}
