/**
 * `node:async_hooks` in the browser bundle. A browser has no async context, so this
 * AsyncLocalStorage holds its store for the synchronous part of `run` only: `asUser(user, fn)`
 * switches the client for `fn`'s synchronous work (which is how the stand-ins broadcast
 * database events to every client), not across its awaits. Browser tests that act as another
 * user assign `game.user` instead (docs/foundry-stand-ins.md).
 */
export class AsyncLocalStorage<T> {
  #store: T | undefined = undefined;

  getStore(): T | undefined {
    return this.#store;
  }

  run<R>(store: T, fn: () => R): R {
    const previous = this.#store;
    this.#store = store;
    try {
      return fn();
    } finally {
      this.#store = previous;
    }
  }
}
