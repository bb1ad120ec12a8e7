/**
 * Registers the system's in-Foundry integration tests with Quench (the community's test runner
 * module, package `quench`) when, and only when, Quench is active: on its `quenchReady` hook the
 * batches' module is loaded (a separate chunk of the build, so a world without Quench never
 * loads it) and its batches are registered. See docs/testing.md.
 */
import type { QuenchLike } from "./context";

/** Quench's package id. */
export const QUENCH_ID = "quench";

declare module "fvtt-types/configuration" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- fvtt-types exports its hook config as a namespace
  namespace Hooks {
    interface HookConfig {
      /** Quench's own hook (fired in its `setup`), handing over the `quench` object. */
      quenchReady: (quench: QuenchLike) => void;
    }
  }
}

/** Whether the Quench module is active in this world. */
export function quenchActive(): boolean {
  return game.modules.get(QUENCH_ID)?.active === true;
}

/**
 * What the `quenchReady` hook does: when Quench is active, loads the batches' module (`load`, a
 * dynamic import, so the bundle keeps the batches out of normal loading) and registers its
 * batches. Resolves to whether it registered them.
 */
export async function onQuenchReady(
  quench: QuenchLike,
  load: () => Promise<typeof import("./batches")> = () => import("./batches"),
): Promise<boolean> {
  if (!quenchActive()) return false;
  const { registerBatches } = await load();
  registerBatches(quench, (key) => game.i18n?.localize(key) ?? key);
  return true;
}

/** Call at `init` (Quench fires `quenchReady` in its `setup`, with the `quench` object). */
export function registerQuench(): void {
  // Quench's own hook, declared in fvtt-types' HookConfig above.
  Hooks.once("quenchReady", (quench) => {
    onQuenchReady(quench).catch((err: unknown) => {
      console.error("Blow by Blow | the Quench batches could not be registered", err);
    });
  });
}
