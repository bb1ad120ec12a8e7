/**
 * What a Quench batch that plays the combat flow on a stage changes, and the clean-up steps
 * that put it back (for `cleanUp`, ./support.ts): the dialogs' prompts and the dice it scripted,
 * its chat hook, the combat, the messages and the stage it made, its throw-away actors and the
 * apply mode it set. Read when the clean-up runs (`run` is called then), as the batch's `after`.
 */
import { AttackDialog } from "../combat/attack-dialog";
import { DefenceDialog } from "../combat/defence-dialog";
import { SYSTEM_ID } from "./support";

/** What the batch saved before it changed anything. */
export interface FlowOriginals {
  attackPrompt: typeof AttackDialog.prompt;
  defencePrompt: typeof DefenceDialog.prompt;
  /** The dice's source, once the batch scripted the dice. */
  randomUniform: (() => number) | null;
}

/** What the batch made or changed by the time its clean-up runs. */
export interface FlowRun {
  originals: FlowOriginals;
  hookId: number | null;
  combat: { delete(): unknown } | null;
  created: ReadonlySet<string>;
  cleanupStage: (() => Promise<void>) | null;
  actors: readonly ({ delete(): unknown } | null)[];
  applyModeBefore: string | undefined;
}

/** The originals to save before the batch replaces the dialogs' prompts. */
export function flowOriginals(): FlowOriginals {
  return {
    attackPrompt: AttackDialog.prompt,
    defencePrompt: DefenceDialog.prompt,
    randomUniform: null,
  };
}

/** The clean-up steps of a flow batch, in order: each runs even when one before fails. */
export function flowCleanUps(run: () => FlowRun): (() => unknown)[] {
  return [
    () => {
      const { originals, hookId } = run();
      AttackDialog.prompt = originals.attackPrompt;
      DefenceDialog.prompt = originals.defencePrompt;
      if (originals.randomUniform) CONFIG.Dice.randomUniform = originals.randomUniform;
      if (hookId !== null) Hooks.off("createChatMessage", hookId);
    },
    () => run().combat?.delete(),
    async () => {
      for (const id of run().created) await game.messages.get(id)?.delete();
    },
    () => run().cleanupStage?.(),
    async () => {
      const failed = (await Promise.allSettled(run().actors.map((a) => a?.delete()))).find(
        (r) => r.status === "rejected",
      );
      if (failed) throw failed.reason;
    },
    () => {
      const before = run().applyModeBefore;
      return before === undefined ? undefined : game.settings.set(SYSTEM_ID, "applyMode", before);
    },
  ];
}
