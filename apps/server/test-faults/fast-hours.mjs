// Loaded into a fault test's server with `node --import`: its hourly timers (the retention tick and
// housekeeping) fire every FAULT_HOUR_MS milliseconds instead, so a test can watch a job that the
// production bundle first runs an hour after start. Nothing else about the server changes.
const hour = Number(process.env.FAULT_HOUR_MS);
const realSetInterval = globalThis.setInterval;
globalThis.setInterval = function setInterval(fn, ms, ...args) {
  return realSetInterval(fn, ms === 3_600_000 && hour > 0 ? hour : ms, ...args);
};
