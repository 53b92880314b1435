/**
 * The service worker precaches the app shell and the applicant pages only (an applicant's browser
 * must never download check-in code), and caches other built assets as they are fetched through it.
 * The scanner's own chunks may have loaded before the service worker took control of this first
 * visit, so the scanner puts what it loaded into that same cache: a reload without network then
 * still finds its code.
 */
export const ASSET_CACHE = 'lanyard-assets';

async function warm(): Promise<void> {
  if (typeof caches === 'undefined' || !('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.ready;
  const urls = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name, location.href))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname),
  );
  const cache = await caches.open(ASSET_CACHE);
  for (const url of urls) {
    if (await caches.match(url)) continue;
    await cache.add(url).catch(() => undefined);
  }
}

export function warmOfflineCache(): void {
  // Again later for what loads after the first render (the QR decoder comes with the camera).
  for (const delay of [0, 5_000, 30_000]) setTimeout(() => void warm().catch(() => undefined), delay);
}
