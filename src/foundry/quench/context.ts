/**
 * What the in-Foundry test batches use of Quench (the community's test runner module, package
 * `quench`): the registration call and the mocha + chai context a batch's function receives
 * (Quench's `QuenchBatchContext`). Only the members the batches use are named, so the batches
 * typecheck without Quench's own typings, and the Node shim (test/foundry/quench/shim.ts)
 * builds the same context on vitest's describe/it and chai's assert.
 */

/** A mocha hook or test body (`this` is mocha's context; the batches use arrow functions). */
export type Body = () => void | Promise<void>;

/**
 * Mocha's suite context, `this` in a `describe` callback written as a `function`: a suite's
 * `timeout(ms)` applies to its hooks and tests (mocha's default is 2 s, too short for a scene
 * to be drawn and an exchange to be run).
 */
export interface SuiteContext {
  timeout(ms: number): unknown;
}

/** How long each hook or test of a batch may take in Foundry. */
export const BATCH_TIMEOUT_MS = 30_000;

/** The subset of chai's `assert` the batches use (chai's AssertStatic has these members). */
export interface QuenchAssert {
  (value: unknown, message?: string): void;
  ok(value: unknown, message?: string): void;
  isTrue(value: unknown, message?: string): void;
  isFalse(value: unknown, message?: string): void;
  isNull(value: unknown, message?: string): void;
  isNotNull(value: unknown, message?: string): void;
  equal(actual: unknown, expected: unknown, message?: string): void;
  strictEqual(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  notDeepEqual(actual: unknown, expected: unknown, message?: string): void;
  lengthOf(
    value: { readonly length: number } | { readonly size: number },
    n: number,
    message?: string,
  ): void;
  include(haystack: unknown, needle: unknown, message?: string): void;
  notInclude(haystack: unknown, needle: unknown, message?: string): void;
  notMatch(value: string, pattern: RegExp, message?: string): void;
  fail(message?: string): never;
}

/** What a batch's registration function receives (Quench's `QuenchBatchContext`, in part). */
export interface QuenchContext {
  describe(title: string, fn: (this: SuiteContext) => void): void;
  it(title: string, fn: Body): void;
  before(fn: Body): void;
  after(fn: Body): void;
  beforeEach(fn: Body): void;
  afterEach(fn: Body): void;
  assert: QuenchAssert;
}

/** The options of `quench.registerBatch`. */
export interface QuenchBatchOptions {
  displayName?: string;
  preSelected?: boolean;
}

/** The `quench` object the `quenchReady` hook hands over (only `registerBatch` is used). */
export interface QuenchLike {
  registerBatch(
    key: string,
    fn: (context: QuenchContext) => void,
    options?: QuenchBatchOptions,
  ): void;
}
