/**
 * A Quench batch context (src/foundry/quench/context.ts) built on vitest: mocha's describe, it,
 * before, after, beforeEach and afterEach become vitest's describe, it, beforeAll, afterAll,
 * beforeEach and afterEach, and chai's `assert` is vitest's (vitest ships chai). So a batch's
 * registration function, called at a test file's top level, registers its suites and tests
 * with vitest and runs against the stand-ins under `npm test`. A suite's `this.timeout(ms)` is
 * accepted and ignored (vitest's own timeout applies); mocha's per-test `this` is not given: the
 * batches' tests do not use it.
 */
import { afterAll, afterEach, assert, beforeAll, beforeEach, describe, it } from "vitest";
import type { Body, QuenchContext, QuenchLike } from "../../../src/foundry/quench/context";

const run = (fn: Body) => async () => {
  await fn();
};

/** Each suite's `this.timeout(ms)`, by title (recorded, not applied). */
export const suiteTimeouts = new Map<string, number>();

export function quenchContext(): QuenchContext {
  return {
    // Mocha's suite timeout has no per-suite counterpart here: vitest's testTimeout (60 s) holds.
    describe: (title, fn) =>
      describe(
        title,
        () => void fn.call({ timeout: (ms: number) => suiteTimeouts.set(title, ms) }),
      ),
    it: (title, fn) => it(title, run(fn)),
    before: (fn) => beforeAll(run(fn)),
    after: (fn) => afterAll(run(fn)),
    beforeEach: (fn) => beforeEach(run(fn)),
    afterEach: (fn) => afterEach(run(fn)),
    assert,
  };
}

/** A registered batch, as Quench keeps it. */
export interface RegisteredBatch {
  key: string;
  fn: (context: QuenchContext) => void;
  displayName: string | undefined;
}

/** A `quench` object that records `registerBatch` calls (what the `quenchReady` hook hands over). */
export function recordingQuench(): QuenchLike & { batches: RegisteredBatch[] } {
  const batches: RegisteredBatch[] = [];
  return {
    batches,
    registerBatch(key, fn, options) {
      batches.push({ key, fn, displayName: options?.displayName });
    },
  };
}

/** One test's (or hook's) outcome in a `runBatch` run. */
export interface BatchRun {
  title: string;
  error: Error | null;
}

interface Suite {
  title: string;
  befores: Body[];
  afters: Body[];
  tests: { title: string; fn: Body }[];
  suites: Suite[];
}

/**
 * Runs a batch's registration function the way mocha runs it, outside vitest: each suite's
 * `before` hooks, then its tests one by one (a failing test does not stop the next), then its
 * `after` hooks. Resolves to every test's outcome (a failing `before` fails each test of its
 * suite; a failing `after` is reported as "after all"). For tests that a batch fails where it
 * should (beforeEach and afterEach are not used by the batches and not run here).
 */
export async function runBatch(register: (context: QuenchContext) => void): Promise<BatchRun[]> {
  const root: Suite = { title: "", befores: [], afters: [], tests: [], suites: [] };
  let current = root;
  const unsupported = () => {
    throw new Error("runBatch: beforeEach and afterEach are not supported");
  };
  register({
    describe(title, fn) {
      const suite: Suite = { title, befores: [], afters: [], tests: [], suites: [] };
      current.suites.push(suite);
      const parent = current;
      current = suite;
      fn.call({ timeout: () => undefined });
      current = parent;
    },
    it: (title, fn) => void current.tests.push({ title, fn }),
    before: (fn) => void current.befores.push(fn),
    after: (fn) => void current.afters.push(fn),
    beforeEach: unsupported,
    afterEach: unsupported,
    assert,
  });
  const out: BatchRun[] = [];
  const attempt = async (fn: Body): Promise<Error | null> => {
    try {
      await fn();
      return null;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
  };
  const run = async (suite: Suite): Promise<void> => {
    let failed: Error | null = null;
    for (const fn of suite.befores) failed ??= await attempt(fn);
    for (const test of suite.tests)
      out.push({ title: test.title, error: failed ?? (await attempt(test.fn)) });
    if (!failed) for (const child of suite.suites) await run(child);
    for (const fn of suite.afters) {
      const error = await attempt(fn);
      if (error) out.push({ title: `${suite.title}: after all`, error });
    }
  };
  await run(root);
  return out;
}
