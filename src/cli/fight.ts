/**
 * `cli fight A B`: one HM3 exchange between two fighters stored as Foundry Actor documents (the
 * sample fighters pack, an exported actor), A attacking B, through the same pure combat rules
 * the Foundry adapter uses (`hm3Combat`: attack options, itemised targets, the declaration from
 * the fighters, the defence options and choice). Each side follows a simple policy:
 *
 * - the attacker uses the ready attack (item and aspect) with the highest target (at equal
 *   targets, the aspect with the highest impact), aimed at the middle zone; a missile shoots at 10 hexes (the Short band of every missile);
 * - the defender takes the available defence with the highest target (Ignore only when nothing
 *   else is available), with its best item and, for a counterstrike, the aspect with the
 *   highest impact at the middle zone.
 *
 * The dice come from the seed; the output is the exchange result as `resolve` prints it, with
 * what each side chose.
 */
import type { FighterSnapshot } from "../core/combat";
import { SeededDice } from "../core/dice";
import { hm3, hm3Combat } from "../rules/hm3";
import { bestAttack, bestDefence, worldDefaults } from "../sim/policy";

export interface FightChoice {
  item: string | null;
  mode: string | null;
  target: number | null;
}

export interface FightOutcome {
  seed: number;
  attacker: string;
  defender: string;
  attack: FightChoice & { aim: string };
  defence: FightChoice & { option: string };
  result: unknown;
}

/**
 * One exchange, A attacking B, with the dice of `seed`; `rules`: the HM3 optional rules by id
 * (`fight --options`, read by `readHm3Rules`; default: their defaults). The fighters are to be
 * derived with the same rules (HârnMaster Gold's encumbrance & fatigue, G90).
 */
export function fightExchange(
  a: FighterSnapshot,
  b: FighterSnapshot,
  seed: number,
  rules: Record<string, boolean> = worldDefaults(),
): FightOutcome {
  const dice = new SeededDice(seed);
  const request = bestAttack(a, b);
  const build = hm3Combat.buildDeclaration(a, b, request, rules);
  let state = hm3.start(hm3.parseDeclaration(build.declaration), dice);
  let defence: FightOutcome["defence"] = { option: "none", item: null, mode: null, target: null };
  for (let pending = hm3.pending(state); pending; pending = hm3.pending(state)) {
    const chooser = pending.by === "defender" ? b : a;
    const options = hm3Combat.choiceOptions(pending, build, chooser);
    const choice = bestDefence(options);
    const value = hm3Combat.buildChoice(pending, build, chooser, choice);
    const view = options.find((o) => o.id === choice.optionId)!;
    const target =
      view.items.find((i) => i.itemId === choice.itemId)?.target?.value ??
      view.target?.value ??
      null;
    defence = {
      option: choice.optionId,
      item: chooser.items.find((i) => i.id === choice.itemId)?.name ?? null,
      mode: choice.mode,
      target,
    };
    state = hm3.choose(state, hm3.parseChoice(state, value), dice);
  }
  return {
    seed,
    attacker: a.name,
    defender: b.name,
    attack: {
      item: a.items.find((i) => i.id === request.itemId)?.name ?? null,
      mode: request.mode,
      aim: request.aim,
      target: hm3Combat.attackTarget(a, b, request).value,
    },
    defence,
    result: hm3.result(state),
  };
}
