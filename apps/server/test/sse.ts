/** A real server-sent events client for tests: fetch over a real connection, messages read one by one. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The base URL of an app that is listening (app.listen on 127.0.0.1). */
export function baseUrl(app: FastifyInstance): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface SseStream {
  res: Response;
  controller: AbortController;
  /** Reads until an SSE message matching `pred` arrives; throws if the stream ends or time runs out. */
  nextMessage(pred: (msg: string) => boolean, ms?: number): Promise<string>;
  /**
   * Reads everything until the server ends the stream and returns the messages that came meanwhile;
   * throws if it is still open after `ms`.
   */
  untilEnd(ms?: number): Promise<string[]>;
}

/** Opens GET `path` with a bearer token (or any headers) and reads it as an event stream. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;

  async function read(deadline: number, what: string): Promise<void> {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`timed out waiting for ${what}`);
    let timer: NodeJS.Timeout | undefined;
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), left);
      }),
    ]).finally(() => clearTimeout(timer));
    if (chunk.done) ended = true;
    else buffer += decoder.decode(chunk.value, { stream: true });
  }

  function take(): string | undefined {
    const end = buffer.indexOf('\n\n');
    if (end === -1) return undefined;
    const msg = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    return msg;
  }

  return {
    res,
    controller,
    async nextMessage(pred, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        for (let msg = take(); msg !== undefined; msg = take()) if (pred(msg)) return msg;
        if (ended) throw new Error('the stream ended');
        await read(deadline, 'an SSE message');
      }
    },
    async untilEnd(ms = 10_000) {
      const deadline = Date.now() + ms;
      const seen: string[] = [];
      for (;;) {
        for (let msg = take(); msg !== undefined; msg = take()) seen.push(msg);
        if (ended) return seen;
        await read(deadline, 'the stream to end');
      }
    },
  };
}
