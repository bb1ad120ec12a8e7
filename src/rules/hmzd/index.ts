/**
 * The HârnMaster zone-die ruleset (seed 001 with `../shared/rules/hmzd.md`), implementing the
 * core's ruleset interface. The prompts, in order: the defender's `defence` (none when an INC
 * or UNC defender must Ignore, Z3); the victor's `spendStars`, only when it won Tactical
 * Advantages (Z6); the striker's `pickZone`, only when it took Precision (Z5).
 */
import { deepFreeze, ownValue } from "../../core/data";
import type { Dice } from "../../core/dice";
import { InputError } from "../../core/errors";
import type { ChoiceOption, PendingChoice, Ruleset, Side } from "../../core/ruleset";
import { deriveCharacter } from "./character";
import { afterDefence, afterPick, afterSpend, startExchange } from "./steps";
import { defaultSpend, strikerOf, strikeSpec, tacticalAdvantagesOf } from "./exchange";
import {
  defencesFor,
  parseDeclaration,
  parseDefence,
  parsePick,
  parseResolveInput,
  parseSpend,
  spendLimits,
} from "./parse";
import { coreBodyPlan, locationAt, sideAt, zoneAt } from "./plan";
import { HUMAN_PLAN } from "./tables";
import {
  type HmzdChoice,
  type HmzdDeclaration,
  type HmzdExchangeState,
  type HmzdResult,
  type HmzdTaType,
} from "./types";

/**
 * The defence prompt's options by attack type (no Counterstrike against a missile, Z4). Each
 * option is frozen; the lists are not (never handed out, only sliced): V8 slices a frozen array
 * on a slow path, about 350 ns a call, a fifth of an exchange through `runExchange` (issue 18,
 * docs/performance.md).
 */
const DEFENCE_OPTIONS: Readonly<Record<"melee" | "missile", readonly ChoiceOption[]>> =
  Object.freeze({
    melee: defencesFor("melee").map((id) =>
      deepFreeze({ id, labelKey: `BLOWBYBLOW.HMZD.Defence.${id}` }),
    ),
    missile: defencesFor("missile").map((id) =>
      deepFreeze({ id, labelKey: `BLOWBYBLOW.HMZD.Defence.${id}` }),
    ),
  });

/** The defence prompt's options (each option frozen, built once, shared by every prompt). */
export function hmzdDefenceOptions(decl: HmzdDeclaration): ChoiceOption[] {
  return DEFENCE_OPTIONS[decl.attack.type].slice();
}

/** One TA type's option of the `spendStars` prompt: the most it may take, or why none (Z6). */
function taOption(id: HmzdTaType, labelKey: string, max: number, tas: number): ChoiceOption {
  const option: ChoiceOption = { id, labelKey, max };
  if (max === 0)
    option.unavailableKey =
      id === "action" && tas > 0
        ? "BLOWBYBLOW.HMZD.Unavailable.ActionTaken"
        : "BLOWBYBLOW.HMZD.Unavailable.DefenderTA";
  return option;
}

/** The `spendStars` prompt (Z6): each TA type with the most the victor may take of it. */
function spendPrompt(state: HmzdExchangeState): PendingChoice {
  const limits = spendLimits(state);
  const tas = tacticalAdvantagesOf(state.stars);
  const striker = strikerOf(state.victor, state.defence!.type) !== null;
  // Each TA type by name, in HMZD_TA_TYPES' order (a `map` over the names read each limit by a
  // computed key and built each label from a template: most of this prompt's time, issue 18).
  const options = [
    taOption("impact", "BLOWBYBLOW.HMZD.TA.impact", limits.impact, tas),
    taOption("precision", "BLOWBYBLOW.HMZD.TA.precision", limits.precision, tas),
    taOption("action", "BLOWBYBLOW.HMZD.TA.action", limits.action, tas),
    taOption("setup", "BLOWBYBLOW.HMZD.TA.setup", limits.setup, tas),
  ];
  return {
    by: state.victor!,
    kind: "spendStars",
    options,
    data: {
      stars: state.stars,
      tacticalAdvantages: tas,
      striker,
      default: defaultSpend(tas, striker),
    },
  };
}

/** The `pickZone` prompt (Z5): one option per zone die rolled, with where it lands. */
function pickPrompt(state: HmzdExchangeState): PendingChoice {
  const by = strikerOf(state.victor, state.defence!.type)!;
  const spec = strikeSpec(state.decl, state.defence!, by);
  const d10 = state.locationRoll!;
  const rolls = state.zoneRolls!;
  const options: ChoiceOption[] = [];
  const zones: string[] = [];
  const locations: string[] = [];
  for (let i = 0; i < rolls.length; i++) {
    const value = spec.placement + rolls[i]! - 1;
    const zone = zoneAt(spec.victim.plan, value)!;
    const loc = locationAt(zone, d10);
    const side = loc.paired ? sideAt(zone, value, d10) : null;
    zones.push(zone.id);
    locations.push(side ? `${side}-${loc.id}` : loc.id);
    // Each option its own label: the die, the zone value it gives, its zone and location.
    options.push({
      id: String(i),
      labelKey: "BLOWBYBLOW.HMZD.Pick.option",
      labelData: { n: i + 1, roll: rolls[i]!, value, zone: zones[i]!, location: locations[i]! },
    });
  }
  return {
    by,
    kind: "pickZone",
    options,
    data: {
      zoneRolls: [...rolls],
      placement: spec.placement,
      zoneDie: spec.zoneDie,
      locationRoll: d10,
      zones,
      locations,
    },
  };
}

export const hmzd: Ruleset<HmzdDeclaration, HmzdChoice, HmzdExchangeState, HmzdResult> = {
  id: "hmzd",
  bodyPlan: coreBodyPlan(HUMAN_PLAN),
  parseDeclaration,
  parseResolveInput,
  // The CLI's `character` contract (docs/cli.md, `character (hmzd)`).
  deriveCharacter,
  parseChoice(state: HmzdExchangeState, raw: unknown): HmzdChoice {
    switch (state.next) {
      case "defence":
        return { kind: "defence", defence: parseDefence(raw, state.decl) };
      case "spendStars":
        return { kind: "spendStars", spend: parseSpend(raw, state) };
      case "pickZone":
        return { kind: "pickZone", pick: parsePick(raw, state) };
      default:
        throw new InputError("choice", raw, "the exchange is resolved: it takes no more choices");
    }
  },
  start(decl: HmzdDeclaration, dice: Dice): HmzdExchangeState {
    return startExchange(decl, dice);
  },
  pending(state: HmzdExchangeState): PendingChoice | null {
    switch (state.next) {
      case "defence":
        return { by: "defender", kind: "defence", options: hmzdDefenceOptions(state.decl) };
      case "spendStars":
        return spendPrompt(state);
      case "pickZone":
        return pickPrompt(state);
      default:
        return null;
    }
  },
  choose(state: HmzdExchangeState, choice: HmzdChoice, dice: Dice): HmzdExchangeState {
    if (choice.kind !== state.next)
      throw new Error(`The exchange waits for ${state.next ?? "nothing"}, not ${choice.kind}.`);
    switch (choice.kind) {
      case "defence":
        return afterDefence(state, choice.defence, dice, true);
      case "spendStars":
        return afterSpend(state, choice.spend, dice, true);
      case "pickZone":
        return afterPick(state, choice.pick, dice, true);
    }
  },
  result(state: HmzdExchangeState): HmzdResult {
    if (!state.result) throw new Error(`The exchange is waiting for ${state.next}.`);
    return state.result;
  },
  defaultChoice(state: HmzdExchangeState, pending: PendingChoice): unknown {
    if (pending.kind === "spendStars")
      return defaultSpend(
        tacticalAdvantagesOf(state.stars),
        strikerOf(state.victor, state.defence!.type) !== null,
      );
    if (pending.kind === "pickZone") return 0;
    return undefined;
  },
  rollSide(name: string): Side | null {
    const own = ownValue(ROLL_SIDE, name);
    if (own) return own;
    // Precision's extra zone dice are the striker's (Z5).
    if (/^zone\.\d+$/.test(name)) return "attacker";
    if (/^counter\.zone\.\d+$/.test(name)) return "defender";
    return null;
  },
};

/**
 * Whose dice each roll is (`Ruleset.rollSide`): a side rolls its own test, the zone, location
 * and impact dice of its strike (001:19: "the attacking player rolls"), and the Shock roll of
 * its own body when struck.
 */
const ROLL_SIDE: Readonly<Record<string, Side>> = Object.freeze({
  attack: "attacker",
  zone: "attacker",
  location: "attacker",
  impact: "attacker",
  "counter.shock": "attacker",
  // Z10: the victim rolls his own Fumble or Stumble (3d6 against DEX or AGL).
  "counter.fumble": "attacker",
  "counter.stumble": "attacker",
  defence: "defender",
  fumble: "defender",
  stumble: "defender",
  shock: "defender",
  "counter.zone": "defender",
  "counter.location": "defender",
  "counter.impact": "defender",
});

export * from "./types";
export * from "./tables";
export * from "./plan";
export * from "./exchange";
export { afterDefence, afterPick, afterSpend, startExchange } from "./steps";
export {
  checkPlacement,
  DEFAULT_HMZD_OPTIONS,
  defencesFor,
  parseDeclaration,
  parseDefence,
  parsePick,
  parseResolveInput,
  parseSpend,
  spendLimits,
} from "./parse";
