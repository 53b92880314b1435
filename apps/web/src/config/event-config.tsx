import { eventConfigSchema, type EventConfig } from '@lanyard/shared/event';
import { EVENT_CONFIG_ELEMENT_ID } from './event-context';

export {
  applyEventTheme,
  EVENT_CONFIG_ELEMENT_ID,
  EventConfigProvider,
  eventTitle,
  useEventConfig,
} from './event-context';

/**
 * The event (name, dates, venue, links, brand colour) comes from the server at run time, so another
 * hackathon needs no rebuild: the server writes it into index.html as a JSON block; under `vite dev`
 * (no injection) it is fetched from /api/event before the first render.
 */
export class EventConfigError extends Error {
  override name = 'EventConfigError';
}

function parse(raw: unknown): EventConfig {
  const result = eventConfigSchema.safeParse(raw);
  if (!result.success) {
    const where = result.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    throw new EventConfigError(`The event configuration is not valid (${where}).`);
  }
  return result.data;
}

export function readInjectedEventConfig(doc: Document = document): EventConfig | null {
  const el = doc.getElementById(EVENT_CONFIG_ELEMENT_ID);
  if (!el?.textContent) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(el.textContent);
  } catch {
    throw new EventConfigError('The event configuration is not valid JSON.');
  }
  return parse(raw);
}

export async function loadEventConfig(): Promise<EventConfig> {
  const injected = readInjectedEventConfig();
  if (injected) return injected;
  let res: Response;
  try {
    res = await fetch('/api/event', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new EventConfigError('Could not reach the server to load the event configuration.');
  }
  if (!res.ok) throw new EventConfigError(`Could not load the event configuration (HTTP ${res.status}).`);
  return parse(await res.json());
}
