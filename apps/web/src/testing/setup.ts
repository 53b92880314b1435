/**
 * Node.js 25 and later have Web Storage of their own on globalThis (undefined unless started with
 * --localstorage-file), and Vitest does not replace a global that Node already has, so code and
 * tests would reach Node's storage instead of the document's. Each test file gets jsdom's.
 */
const { window: domWindow } = (globalThis as unknown as { jsdom: { window: Window } }).jsdom;

for (const name of ['localStorage', 'sessionStorage'] as const) {
  Object.defineProperty(globalThis, name, { value: domWindow[name], configurable: true, writable: true });
}
