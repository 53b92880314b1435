/**
 * Test support: a real OpenID provider (`oidc-provider`) on
 * 127.0.0.1 and a tiny browser stand-in that signs in at it through its development login pages.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestAccount {
  email: string;
  email_verified: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startTestProvider(opts: {
  redirectUri: string;
  accounts: Record<string, TestAccount>;
  /** oidc-provider's default (true) puts scope claims in UserInfo only; false puts them in the ID token. */
  conformIdTokenClaims?: boolean;
}): Promise<TestProvider> {
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'lanyard-test';
  const clientSecret = crypto.randomBytes(24).toString('base64url');

  const signingKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: opts.conformIdTokenClaims ?? true,
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] as never },
    features: { devInteractions: { enabled: true } },
    // Set, so the provider does not print a notice for each default it falls back on.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx, id) {
      const account = opts.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: account.email_verified, name: id }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  // The development pages warn on every start; the tests know.
  provider.on('server_error', (_ctx, err) => console.error('oidc-provider server_error', err));
  const oidc = provider.callback();
  // Browsers ask for a favicon; a 404 would be a console error in the browser tests.
  handler = (req, res) => (req.url === '/favicon.ico' ? res.writeHead(204).end() : oidc(req, res));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** Cookies by name and path, as a browser keeps them for one site. */
class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  store(url: URL, headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = value === '';
      for (const attr of attrs) {
        const [k, v = ''] = attr.trim().split('=');
        const key = k!.toLowerCase();
        if (key === 'path') path = v;
        if (key === 'max-age' && Number(v) <= 0) expired = true;
        if (key === 'expires' && new Date(v).getTime() < Date.now()) expired = true;
      }
      const id = `${name};${path}`;
      if (expired) this.cookies.delete(id);
      else this.cookies.set(id, { name, value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.replace(/\/?$/, '/')))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

/**
 * Plays the browser at the provider: follows its redirects from `authorizationUrl`, fills in its
 * development login form as `login` and accepts its consent page, until it sends the browser to
 * `stopAt` (our callback), whose full URL it returns.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  stopAt: string,
  jar = new CookieJar(),
): Promise<URL> {
  let url = new URL(authorizationUrl);
  let init: { method: 'GET' | 'POST'; body?: string } = { method: 'GET' };
  for (let step = 0; step < 20; step += 1) {
    if (url.href.startsWith(stopAt)) return url;
    const res = await fetch(url, {
      method: init.method,
      body: init.body,
      redirect: 'manual',
      headers: {
        cookie: jar.header(url),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    jar.store(url, res.headers);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url.pathname}: ${html}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at ${url.pathname}: ${html.slice(0, 500)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any password');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    init = { method: 'POST', body: form.toString() };
  }
  throw new Error('too many steps at the provider');
}
