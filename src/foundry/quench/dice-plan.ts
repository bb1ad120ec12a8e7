/**
 * Scripted dice for the in-Foundry batches: the faces a step's Foundry Rolls should show, worked
 * out by running the step's pure rules (src/core) on planning dice, then fed to
 * `CONFIG.Dice.randomUniform`, which v13's dice read (a d`n` shows ⌈(1 − u)·n⌉).
 */
import type { Dice } from "../../core/dice";

/** The value each named roll comes out as (by the last part of its name: `a.location` → `location`). */
export interface DicePlan {
  [name: string]: number | readonly number[];
}

/**
 * Runs `step` on dice that answer by `plan` (a number for every die of the roll, or one value
 * per die; an unplanned roll shows 1s) and returns the faces asked for, in order.
 */
export function planFaces(plan: DicePlan, step: (dice: Dice) => unknown): [number, number][] {
  const faces: [number, number][] = [];
  step({
    roll(name: string, count: number, sides: number): number[] {
      const given = plan[name.split(".").at(-1)!] ?? plan[name];
      const values: number[] = [];
      for (let i = 0; i < count; i++)
        values.push(
          given === undefined
            ? 1
            : typeof given === "number"
              ? given
              : (given[i] ?? given.at(-1) ?? 1),
        );
      for (const v of values) faces.push([v, sides]);
      return values;
    },
  });
  return faces;
}

/**
 * A `CONFIG.Dice.randomUniform` that makes the next dice show `faces` (a d`of` shows `face`),
 * then fails: a die the plan did not foresee would make the result unknown.
 */
export function scriptedUniform(faces: readonly [number, number][]): () => number {
  const queue = [...faces];
  return () => {
    const next = queue.shift();
    if (!next) throw new Error("Blow by Blow test: a die was rolled that the plan did not script");
    const [face, of] = next;
    return 1 - (face - 0.5) / of;
  };
}
