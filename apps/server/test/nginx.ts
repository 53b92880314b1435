/**
 * Debian's nginx in front of production instances, configured from the shipped
 * deploy/nginx/lanyard.conf, so a test breaks when that file stops protecting the instances.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptGet } from '../../../scripts/ensure-debian-package.mjs';
import { freePort, serverRoot, sleep, withTimeout } from './server-process';

export const NGINX = '/usr/sbin/nginx';
export const shippedConfig = path.join(serverRoot, '..', '..', 'deploy', 'nginx', 'lanyard.conf');

/**
 * Installs Debian's nginx with apt when it is missing (as scripts/ensure-chromium.mjs installs
 * Chromium), so a fresh CI machine needs no preparation.
 */
export function ensureNginx(): string {
  if (fs.existsSync(NGINX)) return NGINX;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `nginx is not installed at ${NGINX}. Install it with: sudo apt-get install -y --no-install-recommends nginx-light`,
    );
  }
  const install = ['install', '-y', '--no-install-recommends', 'nginx-light'];
  // The package's postinst starts the nginx service on 0.0.0.0:80 unless a policy forbids starting
  // services (Docker images ship one); stand one in for the install only.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !fs.existsSync(policy);
  if (ownPolicy) {
    console.log(`Writing a temporary ${policy} (exit 101) so the install does not start nginx...`);
    fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  }
  try {
    console.log('Installing Debian nginx for the behind-nginx tests...');
    // A fresh machine may have no package lists yet: update only when the install needs it.
    if (!aptGet(install) && !(aptGet(['update']) && aptGet(install))) {
      throw new Error(`apt-get ${install.join(' ')} failed`);
    }
  } finally {
    if (ownPolicy) fs.rmSync(policy, { force: true });
  }
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is still missing at ${NGINX} after apt-get install.`);
  return NGINX;
}

/**
 * The shipped server config with only what cannot run in a test replaced: the instances' ports, a
 * plain-HTTP listener on a loopback port instead of 443 with TLS, and no port-80 redirect. Every
 * proxy directive is kept as shipped. Throws if the file no longer has the shape this relies on.
 */
export function configFromShipped(shipped: string, opts: { port: number; upstreams: number[] }): string {
  const fail = (what: string): never => {
    throw new Error(`deploy/nginx/lanyard.conf changed shape (${what}): update test/nginx.ts`);
  };
  let conf = shipped;

  // The upstream's servers: the first shipped line becomes one line per instance, same parameters.
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+((?: [^;\n]*)?);\n/gm;
  const lines = [...conf.matchAll(serverLine)];
  if (lines.length === 0) fail('no "server 127.0.0.1:PORT" line in the upstream');
  const [indent, params] = [lines[0]![1]!, lines[0]![2]!];
  let first = true;
  conf = conf.replace(serverLine, () => {
    if (!first) return '';
    first = false;
    return opts.upstreams.map((p) => `${indent}server 127.0.0.1:${p}${params};\n`).join('');
  });

  // The port-80 server only redirects to https; a test has no second port to offer it.
  const redirect = /server \{[^{}]*\blisten 80;[^{}]*return 301[^{}]*\}\n*/;
  if (!redirect.test(conf)) fail('no port-80 redirect server');
  conf = conf.replace(redirect, '');

  // TLS needs a certificate; the proxying under test does not depend on it.
  const tls = /^\s*listen 443 ssl[^;\n]*;\n/m;
  if (!tls.test(conf)) fail('no "listen 443 ssl" line');
  conf = conf.replace(tls, `    listen 127.0.0.1:${opts.port};\n`);
  conf = conf.replace(/^\s*listen \[::\]:443[^;\n]*;\n/m, '');
  conf = conf.replace(/^\s*ssl_certificate(?:_key)?\s[^;\n]*;\n/gm, '');

  const directives = conf.replace(/#.*$/gm, '');
  if (/\blisten\b(?! 127\.0\.0\.1:)/.test(directives)) fail('a listen directive other than the one replaced');
  if (/\bssl\b/.test(directives)) fail('an ssl directive left over');
  return conf;
}

export interface Nginx {
  url: string;
  port: number;
  /** Lines of the access log: `client upstream status "request"`. */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground with everything (pid, logs, temp files) under a temp prefix,
 * proxying to the given instance ports. The access log names the instance that answered.
 */
export async function startNginx(upstreams: number[]): Promise<Nginx> {
  const nginx = ensureNginx();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-nginx-'));
  // As root, nginx runs its workers as "nobody", which must reach the temp directories under here.
  fs.chmodSync(prefix, 0o755);
  const port = await freePort();
  const site = configFromShipped(fs.readFileSync(shippedConfig, 'utf8'), { port, upstreams });
  fs.writeFileSync(path.join(prefix, 'lanyard.conf'), site);
  const main = `
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log info;
events { worker_connections 256; }
http {
    log_format upstreams '$remote_addr $upstream_addr $status "$request"';
    access_log ${prefix}/access.log upstreams;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    # As /etc/nginx/nginx.conf includes conf.d/*.conf, where the README puts the shipped file.
    include ${prefix}/lanyard.conf;
}
`;
  const mainFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(mainFile, main);
  // -e: the error log before the config is read, which would otherwise be /var/log/nginx/error.log.
  const args = ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', mainFile];
  const check = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}\n${site}`);

  // Its own process group, so a master that will not stop can be killed together with its workers.
  const proc: ChildProcess = spawn(nginx, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(prefix, file), 'utf8');
    } catch {
      return '';
    }
  };

  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`nginx exited at start:\n${output}\n${read('error.log')}`);
    try {
      await fetch(`${url}/api/readyz`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      if (i > 100) throw new Error(`nginx did not answer on ${url}:\n${output}\n${read('error.log')}`);
      await sleep(100);
    }
  }

  return {
    url,
    port,
    accessLog: () => read('access.log').split('\n').filter(Boolean),
    errorLog: () => read('error.log'),
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        // SIGQUIT is nginx's graceful stop; the master takes its workers with it.
        proc.kill('SIGQUIT');
        try {
          await withTimeout(exited, 10_000, 'nginx graceful stop');
        } catch {
          process.kill(-proc.pid!, 'SIGKILL');
          await exited;
        }
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
