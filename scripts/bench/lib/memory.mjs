// Resident memory of the server process, from /proc (Linux).
import fs from 'node:fs';

/** VmRSS and VmHWM of a process, in bytes. */
export function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * Watches a process while `work` runs: the peak is the larger of the kernel's high-water mark
 * (reset first through clear_refs, where allowed) and VmRSS sampled every 10 ms.
 */
export async function measurePeak(pid, work) {
  const baseline = memoryOf(pid).rss;
  let hwmReset = false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    hwmReset = true;
  } catch {
    /* not permitted (another user, or an old kernel): the samples alone decide */
  }
  let sampled = baseline;
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, memoryOf(pid).rss);
    } catch {
      /* the process is gone; work() will say why */
    }
  }, 10);
  try {
    const result = await work();
    const end = memoryOf(pid);
    sampled = Math.max(sampled, end.rss);
    const peak = hwmReset ? Math.max(end.hwm, sampled) : sampled;
    return { result, baseline, peak, growth: peak - baseline, hwmReset };
  } finally {
    clearInterval(timer);
  }
}

/** CPU time (user + system, ms) a process has used so far. */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
// USER_HZ: 100 on every Linux the server is meant for.
const CLOCK_TICKS = 100;

/** CPU time of a PostgreSQL server: the postmaster and every backend it forked. */
export function postgresCpuMs(postmasterPid) {
  let total = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(name) === postmasterPid || Number(fields[1]) === postmasterPid) {
        total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
      }
    } catch {
      /* the process ended meanwhile */
    }
  }
  return total;
}
