import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The process, scale-out and security suites (test/), which start servers or fuzz every route. */
const HEAVY_DIR = /\/apps\/server\/test\//;
/** A unit's file that starts a second instance or a server process of its own. */
const STARTS_SERVERS = /from '[./]*test\/(?:instances|server-process)'/;

/**
 * Runs the slowest files first. Vitest's own order on a run without its cache (a clean CI clone)
 * is largest file first, and the process and property tests are small files that take 20 to 40 s:
 * they came last, and the run ended on one of them while the other worker sat idle (about 15 s).
 * Started first, the many short files fill in around them.
 */
export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = new Set(
      sorted.filter(
        (file) =>
          HEAVY_DIR.test(file.moduleId) || STARTS_SERVERS.test(fs.readFileSync(file.moduleId, 'utf8')),
      ),
    );
    return [...heavy, ...sorted.filter((file) => !heavy.has(file))];
  }
}
