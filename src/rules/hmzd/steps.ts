/**
 * The zone-die exchange as a state machine (src/core/ruleset.ts): `start`, then the defence,
 * the victor's spend (Z6) and the striker's pick (Z5), each step rolling what it leads to. A
 * step never changes the state it was given: it copies it once (`own`) and fills the copy; the
 * steps one answer runs through (defence, then a spend no one is asked for, then the strike)
 * share that copy and one `RecordingDice`, so a resolution allocates little (issue 18's target
 * of a million a second).
 */
import { RecordingDice, type Dice } from "../../core/dice";
import type { ChoiceRecord, Effect, Side } from "../../core/ruleset";
import {
  deliverStrike,
  effectsOf,
  helplessTarget,
  opposed,
  rollTest,
  rollZones,
  strikerOf,
  strikeSpec,
  tacticalAdvantagesOf,
  testShift,
  unopposedTest,
  type StrikeSpec,
} from "./exchange";
import type {
  HmzdDeclaration,
  HmzdDefence,
  HmzdExchangeState,
  HmzdPick,
  HmzdResult,
  HmzdSpend,
  HmzdStrike,
  HmzdTest,
} from "./types";

/** A copy of a state for one step to fill (a literal: one shape, no spread). */
function own(s: HmzdExchangeState): HmzdExchangeState {
  return {
    decl: s.decl,
    defence: s.defence,
    rolls: s.rolls,
    choices: s.choices,
    attack: s.attack,
    defenceTest: s.defenceTest,
    stars: s.stars,
    victor: s.victor,
    spent: s.spent,
    zoneRolls: s.zoneRolls,
    locationRoll: s.locationRoll,
    next: s.next,
    result: s.result,
  };
}

/** The choices with one more (a new array: the earlier state keeps its own). */
function withChoice(choices: readonly ChoiceRecord[], record: ChoiceRecord): ChoiceRecord[] {
  const out = choices.slice();
  out.push(record);
  return out;
}

/** A fresh exchange: nothing rolled, the defence to come (or forced, Z3). */
export function startExchange(decl: HmzdDeclaration, dice: Dice): HmzdExchangeState {
  const state: HmzdExchangeState = {
    decl,
    defence: null,
    rolls: [],
    choices: [],
    attack: null,
    defenceTest: null,
    stars: 0,
    victor: null,
    spent: null,
    zoneRolls: null,
    locationRoll: null,
    next: "defence",
    result: null,
  };
  // Z3: an INC or UNC defender Ignores; no one chooses, so nothing is recorded as a choice.
  const s = decl.defender.state;
  if (s === "INC" || s === "UNC") return afterDefence(state, { type: "ignore" }, dice, false);
  return state;
}

/** The opposed test once the defence is known, then on to the TAs or the strike. */
export function afterDefence(
  state: HmzdExchangeState,
  defence: HmzdDefence,
  inner: Dice,
  chosen: boolean,
): HmzdExchangeState {
  const decl = state.decl;
  const dice = new RecordingDice(inner, state.rolls);
  // Z3, Z40: an UNC defender's attacker in melee counts CS without a roll.
  const attack = helplessTarget(decl)
    ? unopposedTest(decl.attack.eml)
    : rollTest(dice, "attack", decl.attack.eml, testShift(decl.attacker));
  let defenceTest: HmzdTest | null = null;
  if (defence.type !== "ignore") {
    if (!defence.eml) throw new Error(`The ${defence.type} defence needs an EML.`);
    defenceTest = rollTest(dice, "defence", defence.eml, testShift(decl.defender));
  }
  const { stars, victor } = opposed(defence.type, attack, defenceTest);
  const next = own(state);
  next.defence = defence;
  if (chosen)
    next.choices = withChoice(state.choices, { by: "defender", kind: "defence", value: defence });
  next.attack = attack;
  next.defenceTest = defenceTest;
  next.stars = stars;
  next.victor = victor;
  if (tacticalAdvantagesOf(stars) > 0) {
    next.next = "spendStars";
    next.rolls = dice.records;
    return next;
  }
  return spendStep(next, { impact: 0, precision: 0, action: 0, setup: 0 }, dice, false);
}

/** The TAs spent (checked by the parser, Z6), then the strike's zones. */
export function afterSpend(
  state: HmzdExchangeState,
  spend: HmzdSpend,
  inner: Dice,
  chosen: boolean,
): HmzdExchangeState {
  return spendStep(own(state), spend, new RecordingDice(inner, state.rolls), chosen);
}

function spendStep(
  next: HmzdExchangeState,
  spend: HmzdSpend,
  dice: RecordingDice,
  chosen: boolean,
): HmzdExchangeState {
  if (chosen)
    next.choices = withChoice(next.choices, {
      by: next.victor!,
      kind: "spendStars",
      value: {
        impact: spend.impact,
        precision: spend.precision,
        action: spend.action,
        setup: spend.setup,
      },
    });
  next.spent = spend;
  const defence = next.defence!;
  const by = strikerOf(next.victor, defence.type);
  if (!by) return finish(next, dice, null, NO_EFFECTS);
  const spec = strikeSpec(next.decl, defence, by);
  const { zoneRolls, locationRoll } = rollZones(dice, spec, spend.precision);
  next.zoneRolls = zoneRolls;
  next.locationRoll = locationRoll;
  if (spend.precision > 0) {
    next.next = "pickZone";
    next.rolls = dice.records;
    return next;
  }
  return pickStep(next, 0, dice, false, spec);
}

/** The zone kept (Z5), then impact, injury and shock. */
export function afterPick(
  state: HmzdExchangeState,
  pick: HmzdPick,
  inner: Dice,
  chosen: boolean,
): HmzdExchangeState {
  return pickStep(own(state), pick.index, new RecordingDice(inner, state.rolls), chosen, null);
}

function pickStep(
  next: HmzdExchangeState,
  index: number,
  dice: RecordingDice,
  chosen: boolean,
  known: StrikeSpec | null,
): HmzdExchangeState {
  const defence = next.defence!;
  const by: Side = strikerOf(next.victor, defence.type)!;
  if (chosen) next.choices = withChoice(next.choices, { by, kind: "pickZone", value: { index } });
  const spec = known ?? strikeSpec(next.decl, defence, by);
  const special: Effect[] = [];
  const strike = deliverStrike(
    dice,
    spec,
    next.zoneRolls!,
    index,
    next.locationRoll!,
    next.spent!.impact,
    special,
  );
  return finish(next, dice, strike, special);
}

const NO_EFFECTS: readonly Effect[] = Object.freeze([]);

function finish(
  next: HmzdExchangeState,
  dice: RecordingDice,
  strike: HmzdStrike | null,
  special: readonly Effect[],
): HmzdExchangeState {
  const spent = next.spent!;
  const result: HmzdResult = {
    ruleset: "hmzd",
    attackType: next.decl.attack.type,
    defenceType: next.defence!.type,
    attack: next.attack!,
    defence: next.defenceTest,
    stars: next.stars,
    victor: next.victor,
    tacticalAdvantages: tacticalAdvantagesOf(next.stars),
    spent,
    strike,
    effects: effectsOf(next.decl, next.victor, spent, strike, special),
    rolls: dice.records,
    choices: next.choices,
  };
  next.rolls = dice.records;
  next.next = null;
  next.result = result;
  return next;
}
