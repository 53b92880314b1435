/**
 * Reads of one panel with the same filters that arrive while its numbers are being counted share
 * that count instead of starting another: each panel counts a whole season (tens of milliseconds
 * of database work), and organisers open the tab together. An answer is then at most one count
 * older than its request, which for numbers about a season is no difference.
 */
export class SharedReads {
  private readonly running = new Map<string, Promise<unknown>>();

  read<T>(key: string, count: () => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running) return running as Promise<T>;
    const promise = count().finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }
}
