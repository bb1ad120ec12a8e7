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
