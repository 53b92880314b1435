import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveLogFormat } from './config';

const dirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const STRONG_SECRET = 'q8V3x1LrT9mZ2pK7wY4nB6cD0fG5hJ8s';

function load(env: Record<string, string>) {
  return loadConfig({ DATA_DIR: tmpDir(), ...env });
}

function configError(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('SESSION_SECRET', () => {
  it.each(['changeme', 'CHANGEME', 'secret', 'short-but-random-9f3a', 'x'.repeat(31)])(
    'refuses the weak secret %j',
    (secret) => {
      expect(configError({ SESSION_SECRET: secret }).message).toMatch(/SESSION_SECRET/);
    },
  );

  it('accepts 32 characters and more', () => {
    expect(load({ SESSION_SECRET: STRONG_SECRET }).sessionSecret).toBe(STRONG_SECRET);
  });

  it('when unset, generates a secret file (mode 0600) in DATA_DIR and reuses it', () => {
    const dataDir = path.join(tmpDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'session-secret');
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.sessionSecret).toBe(first.sessionSecret);

    // Another data directory gets its own secret.
    expect(load({}).sessionSecret).not.toBe(first.sessionSecret);
  });

  it('an empty SESSION_SECRET counts as unset', () => {
    const dataDir = tmpDir();
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: '  ' });
    expect(config.sessionSecret).toBe(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim());
  });
});

describe('admin bootstrap', () => {
  it('refuses ADMIN_PASSWORD without ADMIN_EMAIL', () => {
    expect(configError({ ADMIN_PASSWORD: 'Tangerine-Lantern-42' }).message).toMatch(/ADMIN_EMAIL/);
  });

  it('refuses an ADMIN_EMAIL that is not an address', () => {
    expect(configError({ ADMIN_EMAIL: 'root', ADMIN_PASSWORD: 'Tangerine-Lantern-42' }).message).toMatch(
      /ADMIN_EMAIL/,
    );
  });

  it('accepts both, lower-casing the e-mail', () => {
    const config = load({ ADMIN_EMAIL: 'Boss@Example.org', ADMIN_PASSWORD: 'Tangerine-Lantern-42' });
    expect(config.adminEmail).toBe('boss@example.org');
    expect(config.adminPassword).toBe('Tangerine-Lantern-42');
  });
});

describe('other settings', () => {
  it.each(['abc', '-1', '70000', '3.5'])('reports a bad PORT (%j) by name', (port) => {
    expect(configError({ PORT: port }).message).toMatch(/\bPORT\b/);
  });

  it('reports a bad PUBLIC_URL, DATABASE_URL and LOG_LEVEL by name', () => {
    expect(configError({ PUBLIC_URL: 'apply.example.org' }).message).toMatch(/PUBLIC_URL/);
    expect(configError({ DATABASE_URL: 'not a url' }).message).toMatch(/DATABASE_URL/);
    expect(configError({ LOG_LEVEL: 'loud' }).message).toMatch(/LOG_LEVEL/);
  });

  it('READ_CACHE is on unless set to off (or false, 0); anything else is reported by name', () => {
    expect(load({}).readCache).toBe(true);
    expect(load({ READ_CACHE: 'on' }).readCache).toBe(true);
    for (const off of ['off', 'false', '0']) expect(load({ READ_CACHE: off }).readCache).toBe(false);
    expect(configError({ READ_CACHE: 'maybe' }).message).toMatch(/READ_CACHE must be on or off/);
  });

  it('LOG_FORMAT: readable lines in a terminal, JSON otherwise, unless set; anything else is reported', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
    expect(load({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(load({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(configError({ LOG_FORMAT: 'xml' }).message).toMatch(/LOG_FORMAT must be json or pretty/);
  });

  it('reports an unreadable EVENT_CONFIG by name', () => {
    expect(configError({ EVENT_CONFIG: '/nonexistent/event.json' }).message).toMatch(/EVENT_CONFIG/);
  });

  it('uses secure cookies only for an https PUBLIC_URL, and trims a trailing slash', () => {
    const https = load({ PUBLIC_URL: 'https://apply.example.org/' });
    expect(https.publicUrl).toBe('https://apply.example.org');
    expect(https.secureCookies).toBe(true);
    const http = load({ PORT: '4123' });
    expect(http.publicUrl).toBe('http://localhost:4123');
    expect(http.secureCookies).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const v of [undefined, '', 'false', '0', 'FALSE']) {
      expect(load(v === undefined ? {} : { TRUST_PROXY: v }).trustProxy).toBe(false);
    }
  });

  it('takes the proxies as addresses, CIDR ranges and proxy-addr range names', () => {
    expect(load({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(load({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true: the client would choose its own address', () => {
    for (const v of ['true', 'TRUE']) {
      expect(configError({ TRUST_PROXY: v }).message).toMatch(
        /TRUST_PROXY=true would trust any X-Forwarded-For a client writes.*TRUST_PROXY=127\.0\.0\.1/,
      );
    }
  });

  it.each(['1', '2', '10'])('refuses a hop count (%s): it cannot tell the proxy from a client', (v) => {
    expect(configError({ TRUST_PROXY: v }).message).toMatch(/TRUST_PROXY=\d+: a number of proxies/);
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1', 'proxy.example.org', ','])(
    'refuses %j, naming the variable',
    (v) => {
      expect(configError({ TRUST_PROXY: v }).message).toMatch(/^TRUST_PROXY: /);
    },
  );
});
