/** Per-device settings of the scanner (localStorage): they outlive sign-outs, as the device does. */
const DEVICE_KEY = 'lanyard.scanner.device';
const STATION_KEY = 'lanyard.scanner.station';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the choice lasts until the page closes.
  }
}

/** Names this device in the scan log (device_id), made once. */
export function deviceId(): string {
  const known = read(DEVICE_KEY);
  if (known) return known;
  const made = `scanner-${crypto.randomUUID()}`;
  write(DEVICE_KEY, made);
  return made;
}

export function chosenStationId(): string | null {
  return read(STATION_KEY);
}

export function chooseStation(id: string | null): void {
  write(STATION_KEY, id);
}
