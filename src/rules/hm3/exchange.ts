/**
 * One HM3 exchange: attack and defence rolls, the matrix result, every strike (location,
 * impact, armour, injury) and the character rolls it calls for (shock, fumble, stumble, kill,
 * weapon quality). Pure: dice are injected and every roll is named.
 *
 * Roll names: `attack`, `defence`; the attacker's strike `location`, `face`, `impact`, `ignite`,
 * `shock`, `fumble`, `stumble`, `kill`; the defender's strike the same prefixed `counter.`; the matrix's
 * own rolls `attackerFumble`, `defenderFumble`, `attackerStumble`, `defenderStumble`,
 * `attackerWeaponDamage`, `defenderWeaponDamage`; with aimed melee (HârnMaster Gold) the attacker's
 * `side` (d100, ruling G6).
 *
 * Split by concern: exchange-types.ts (the data and the matrix), exchange-strike.ts (one strike
 * delivered, the test, the odds' roll hints); here the effects and the whole exchange.
 */
import { RecordingDice, type Dice } from "../../core/dice";
import type { Effect, Side } from "../../core/ruleset";
import { attackTargetAgainst, emlEffects, unhorsingCode, unhorsingRoll } from "./gold/eml-rules";
import { efsRoll } from "./gold/rolls-efs";
import { resolveNonLethal, rollsEffects } from "./gold/rolls-nonlethal";
import { techniqueRoll } from "./gold/rolls-unarmed";
import { shieldChecksFirst, weaponDamageTarget } from "./gold/armour";
import type { WeaponDamageModifier } from "./gold/armour-damage";
import { copyDefence, strikeTable } from "./hot";
import { wqRoll } from "./mechanics";
import {
  type Hm3Fighter,
  type Hm3Declaration,
  type Hm3Defence,
  type TestResult,
  type Hm3Strike,
  type WeaponDamage,
  type Hm3Result,
  matrixResult,
  strikesOf,
} from "./exchange-types";
import { test, deliverStrike } from "./exchange-strike";

export * from "./exchange-types";
export { deliverStrike } from "./exchange-strike";

const other = (s: Side): Side => (s === "attacker" ? "defender" : "attacker");

/** Effects an HM3 result applies to the combatants. */
export function effectsOf(result: Omit<Hm3Result, "effects" | "rolls" | "choices">): Effect[] {
  const fx: Effect[] = [];
  for (const s of result.strikes) {
    const to = other(s.by);
    if (s.injury) {
      fx.push({
        type: "injury",
        to,
        location: s.location,
        severityKey: s.injury[0]!,
        level: s.injuryLevel,
        data: {
          code: s.injury,
          aspect: s.aspect,
          face: s.face,
          effectiveImpact: s.effectiveImpact,
          bleeding: s.bleeding,
        },
      });
    }
    if (s.kill) fx.push({ type: "condition", to, condition: "dead", cause: "kill" });
    if (s.shock?.failed) fx.push({ type: "condition", to, condition: "shock", cause: "shock" });
    if (s.fumble?.failed)
      fx.push({ type: "condition", to, condition: "disarmed", cause: "fumble" });
    if (s.stumble?.failed) fx.push({ type: "condition", to, condition: "prone", cause: "stumble" });
    if (s.bleeding) fx.push({ type: "condition", to, condition: "bleeding", cause: "bleeding" });
    if (s.limbInjury) {
      // Ruling R29: the limb is unusable; an arm drops what it holds, a leg puts the victim down.
      fx.push({
        type: "condition",
        to,
        condition: "crippled",
        cause: "limbInjury",
        location: s.location,
      });
      fx.push({
        type: "condition",
        to,
        condition: s.limbInjury === "arm" ? "disarmed" : "prone",
        cause: "limbInjury",
      });
    }
    if (s.ignition?.ignited && !s.kill) {
      fx.push({
        type: "condition",
        to,
        condition: "burning",
        cause: `burn.${s.ignition.material}`,
      });
    }
  }
  fx.push(...rollsEffects(result));
  for (const f of result.fumbles)
    if (f.check.failed)
      fx.push({ type: "condition", to: f.side, condition: "disarmed", cause: "fumble" });
  for (const f of result.stumbles)
    if (f.check.failed)
      fx.push({ type: "condition", to: f.side, condition: "prone", cause: "stumble" });
  // Ruling R31: every failed weapon damage roll costs the weapon 1 WQ; at WQ 0 it is broken.
  for (const w of result.weaponDamage)
    if (w.check.failed)
      fx.push({ type: "weaponDamaged", to: w.side, broken: w.wq <= 1, cause: "block" });
  if (result.tacticalAdvantage)
    fx.push({ type: "tacticalAdvantage", to: result.tacticalAdvantage, cause: result.result });
  if (result.unhorsing) fx.push(...emlEffects(result));
  return fx;
}

/** The strikes of each result code, once (`strikesOf` hands out fresh arrays). */
const STRIKES = strikeTable(strikesOf);

/** Resolves a whole exchange once the defence is declared. */
export function resolveExchange(decl: Hm3Declaration, defence: Hm3Defence, inner: Dice): Hm3Result {
  const dice = new RecordingDice(inner);
  const { attack, attacker, defender, options } = decl;
  if (attack.type === "missile" && defence.type === "counterstrike") {
    throw new Error("Counterstrike is not possible against a missile attack.");
  }
  // A feinting counterstrike costs the attacker half of it (HârnMaster Gold, gold/eml-rules.ts).
  const attackTest = test(dice, "attack", attackTargetAgainst(attack, defence));
  let defenceTest: TestResult | null = null;
  if (defence.type !== "ignore") {
    if (!defence.target) throw new Error(`The ${defence.type} defence needs an EML.`);
    defenceTest = test(dice, "defence", defence.target);
  }
  const code = matrixResult(
    attack.type,
    defence.type,
    attackTest.level,
    defenceTest?.level ?? null,
  );

  const strikes: Hm3Strike[] = [];
  let attackerDice: number | null = null;
  const delivered = STRIKES.get(code) ?? strikesOf(code);
  for (let i = 0; i < delivered.length; i++) {
    const s = delivered[i]!;
    // A non-lethal attack's A★n makes no strike (000:193, 209, 223): resolveNonLethal below.
    if (s.by === "attacker" && attack.nonLethal) attackerDice = s.dice;
    else if (s.by === "attacker") {
      // A tangle attempt strikes no blow: it tangles (gold/paired-tangle.ts).
      if (attack.tangle) continue;
      strikes.push(deliverStrike(dice, "attacker", s.dice, attack, defender, options));
    } else if (defence.ignoreDStrike && code.startsWith("D*")) {
      // A double strike's secondary attack: a counterstrike's D★ is ignored (gold/paired-double.ts).
      continue;
    } else {
      if (!defence.strike) throw new Error("A defender strike needs the counterstriking weapon.");
      strikes.push(deliverStrike(dice, "defender", s.dice, defence.strike, attacker, options));
    }
  }

  const nonLethal = attack.nonLethal
    ? resolveNonLethal(
        dice,
        { ...attack, nonLethal: attack.nonLethal },
        attacker,
        defender,
        attackerDice,
        options,
        (count) => {
          strikes.push(
            deliverStrike(
              dice,
              "attacker",
              count,
              { aspect: "blunt", aim: "mid", impact: 0 },
              defender,
              options,
            ),
          );
        },
      )
    : undefined;
  const technique =
    attack.technique && delivered.some((s) => s.by === "attacker")
      ? techniqueRoll(dice, attack.technique, attackTest.level, defender, options)
      : undefined;

  // The matrix's own rolls take no injury bonus; with injuryRollSkills they are skill tests (G43).
  const fumbles: Hm3Result["fumbles"] = [];
  const stumbles: Hm3Result["stumbles"] = [];
  const efs = (name: string, kind: "fumble" | "stumble", f: Hm3Fighter) =>
    efsRoll(dice, name, kind, f, f.up, f.pp, 0, options);
  // A mounted attacker's AF or AS is an AU: an unhorsing roll instead (gold/eml-rules.ts).
  const au = unhorsingCode(attack, options, code);
  if ((code === "AF" && !au) || code === "BF")
    fumbles.push({ side: "attacker", check: efs("attackerFumble", "fumble", attacker) });
  if (code === "DF" || code === "BF")
    fumbles.push({ side: "defender", check: efs("defenderFumble", "fumble", defender) });
  if ((code === "AS" && !au) || code === "BS")
    stumbles.push({ side: "attacker", check: efs("attackerStumble", "stumble", attacker) });
  if (code === "DS" || code === "BS")
    stumbles.push({ side: "defender", check: efs("defenderStumble", "stumble", defender) });

  // Block: both weapons roll 3d6 against WQ, the lower WQ first; if it breaks the other does
  // not check (hm3.md §2). Equal WQ: the defender's weapon first (docs/rulings.md R5).
  const weaponDamage: WeaponDamage[] = [];
  const weaponDamageSkipped: Side[] = [];
  const damageMods: WeaponDamageModifier[] | null = options.weaponDamageModifiers ? [] : null;
  let shieldCheckedFirst = false;
  if (code === "block") {
    const dwq = defence.wq;
    const awq = attack.wq;
    if (dwq === undefined) weaponDamageSkipped.push("defender");
    if (awq === undefined) weaponDamageSkipped.push("attacker");
    // A stable sort of [defender, attacker] by WQ: the attacker first only when strictly lower,
    // and never before a blocking shield with shields check first (HârnMaster Gold, line 368).
    const shieldFirst = shieldChecksFirst(options, defence);
    const attackerFirst = dwq !== undefined && awq !== undefined && awq - dwq < 0 && !shieldFirst;
    if (shieldFirst && dwq !== undefined && awq !== undefined && awq - dwq < 0)
      shieldCheckedFirst = true;
    // Weapon damage modifiers (HârnMaster Gold, line 368): each target less the other's impact.
    const target = (side: Side, wq: number) =>
      damageMods ? weaponDamageTarget(damageMods, side, wq, attack, defence) : wq;
    const first: Side | null = attackerFirst
      ? "attacker"
      : dwq !== undefined
        ? "defender"
        : awq !== undefined
          ? "attacker"
          : null;
    if (first !== null) {
      const wq = first === "attacker" ? awq! : dwq!;
      const check = wqRoll(dice, `${first}WeaponDamage`, target(first, wq));
      weaponDamage.push({ side: first, wq, check, broken: check.failed });
      const second: Side | null =
        dwq !== undefined && awq !== undefined ? (attackerFirst ? "defender" : "attacker") : null;
      if (!check.failed && second !== null) {
        const wq2 = second === "attacker" ? awq! : dwq!;
        const check2 = wqRoll(dice, `${second}WeaponDamage`, target(second, wq2));
        weaponDamage.push({ side: second, wq: wq2, check: check2, broken: check2.failed });
      }
    }
  }

  // Built in one literal, in the order the fields have always had; `effectsOf` reads only the
  // fields above it.
  const result: Hm3Result = {
    ruleset: "hm3",
    attackType: attack.type,
    defenceType: defence.type,
    attack: attackTest,
    defence: defenceTest,
    result: code,
    strikes,
    fumbles,
    stumbles,
    weaponDamage,
    weaponDamageSkipped,
    tacticalAdvantage: code === "DTA" ? "defender" : (nonLethal?.tacticalAdvantage ?? null),
    wild: code === "wild",
    effects: NO_EFFECTS,
    rolls: dice.records,
    choices: NO_CHOICES,
  };
  if (nonLethal) result.nonLethal = nonLethal;
  if (technique) result.technique = technique;
  if (damageMods?.length) result.weaponDamageModifiers = damageMods;
  if (shieldCheckedFirst) result.shieldCheckedFirst = true;
  if (au) result.unhorsing = unhorsingRoll(dice, au, attack.mounted!);
  result.effects = effectsOf(result);
  result.choices = [{ by: "defender", kind: "defence", value: copyDefence(defence) }];
  return result;
}

const NO_EFFECTS: Effect[] = [];
const NO_CHOICES: Hm3Result["choices"] = [];
