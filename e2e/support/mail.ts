import { expect, type APIRequestContext } from '@playwright/test';
import { BASE_URL, sentMail, type SentMail } from './app';

/** The text of a message, with quoted-printable soft breaks and escapes undone. */
export function mailText(mail: SentMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the e-mail to `to` whose subject matches (the outbox worker sends every two seconds). */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await sentMail(request)).find((m) => m.to.includes(to) && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the first link to `route` in an e-mail (e.g. `/verify-email`). */
export function linkIn(mail: SentMail, route: string): string {
  const link = new RegExp(`https?://\\S+${route}\\?[\\w=-]+`).exec(mailText(mail))?.[0];
  expect(link, `a ${route} link in the e-mail`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/**
 * Verifies the signed-in account's address the way its owner does: through the link in the
 * verification e-mail that reached the SMTP sink. Submitting an application needs a verified
 * address, so every helper that submits, or signs up someone who will, calls this. `request`
 * carries the account's session (e.g. `page.request`); an address already verified is left alone.
 */
export async function verifyEmailViaMail(request: APIRequestContext): Promise<void> {
  const me = await request.get(`${BASE_URL}/api/auth/me`);
  expect(me.status(), await me.text()).toBe(200);
  const { user } = (await me.json()) as { user: { email: string; emailVerified: boolean } };
  if (user.emailVerified) return;
  const link = new URL(
    linkIn(await waitForMail(request, user.email, /^Verify your email/), '/verify-email'),
    BASE_URL,
  );
  const res = await request.post(`${BASE_URL}/api/auth/verify-email`, {
    data: { token: link.searchParams.get('token') },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
}
