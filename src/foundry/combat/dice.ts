/**
 * Dice for the flow's steps on the rolling client: each named roll the core asks for
 * (`rollAsNeeded`, src/core/flow.ts) is a Foundry `Roll` of `NdS`, evaluated with Foundry's
 * randomness (`CONFIG.Dice.randomUniform`), and shown with Dice So Nice when it is installed
 * (`game.dice3d`, optional: v13 worlds need an older DSN release). The animation is not awaited:
 * the step goes on while the dice roll on screen.
 */

/** What a Foundry Roll gives back once evaluated. */
interface RollLike {
  evaluate(): Promise<unknown>;
  dice: { results: { result: number; active?: boolean; discarded?: boolean }[] }[];
}
type RollClass = new (formula: string, data?: object, options?: object) => RollLike;

interface DiceSoNice {
  showForRoll(roll: unknown, user?: unknown, synchronize?: boolean): Promise<unknown>;
}

/** Rolls `count`d`sides` as a Foundry Roll named `name`; resolves to the dice values in order. */
export async function foundryRoll(name: string, count: number, sides: number): Promise<number[]> {
  if (count === 0) return [];
  // fvtt-types 13.345.1's Roll options lack `flavor`, which v13's Roll takes.
  const RollCls = (globalThis as unknown as { Roll: RollClass }).Roll;
  const roll = new RollCls(`${count}d${sides}`, {}, { flavor: name });
  await roll.evaluate();
  const values = roll.dice.flatMap((term) =>
    term.results.filter((r) => r.active !== false && !r.discarded).map((r) => r.result),
  );
  // Dice So Nice is a module (fvtt-types know no `game.dice3d`); `game` may be absent in Node.
  const g = globalThis as unknown as { game?: { dice3d?: DiceSoNice; user?: unknown } };
  const dsn = g.game?.dice3d;
  if (dsn) {
    dsn.showForRoll(roll, g.game?.user, true).catch((err: unknown) => {
      console.warn("Blow by Blow: Dice So Nice could not show a roll", err);
    });
  }
  return values;
}
