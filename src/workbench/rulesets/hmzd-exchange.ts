/**
 * The workbench's zone-die exchange (issue 18), without the page: the sample fighters
 * (src/rules/hmzd/samples.ts, derived by `deriveHmzdCharacter`), the exchange the page edits
 * (attack EML, weapon mode with zone die and impact, placement; the defence, its EML and a
 * counterstrike's weapon; each fighter's STR, Shock EML, state and armour), the same input as
 * `cli resolve` and `cli odds` take (docs/cli.md, `"ruleset": "hmzd"`), and the exchange
 * played through the Foundry flow ruleset (`HMZD_FOUNDRY.ruleset`, src/foundry/rulesets/hmzd)
 * step by step: the defence as edited, then the winner's star spending (Z6) and the Precision
 * pick (Z5) as the user answers them (or their defaults), so the card is the one Foundry
 * stores and replays from its rolls. Every number is the engine's; nothing here computes a rule.
 */
import { copy } from "../../core/data";
import { RecordingDice, ScriptedDice, SeededDice, type Dice } from "../../core/dice";
import { InputError, readObject } from "../../core/errors";
import { replayExchange, type ExchangeCard, type FlowChoice } from "../../core/flow";
import type { PendingChoice } from "../../core/ruleset";
import { HMZD_FOUNDRY } from "../../foundry/rulesets/hmzd";
import {
  deriveHmzdCharacter,
  planById,
  type HmzdDerivedCharacter,
} from "../../rules/hmzd/character";
import { HMZD_SAMPLES } from "../../rules/hmzd/samples";
import type {
  HmzdAspect,
  HmzdDefenceType,
  HmzdFighterState,
  HmzdPlan,
  HmzdProtection,
  HmzdResult,
} from "../../rules/hmzd/types";
import { hmzdDuelFighter, type HmzdDuelFighter } from "../../sim/hmzd-duel-fighter";
import type { HmzdDuelSide } from "../../sim/hmzd-duel";

export const ZD_FLOW = HMZD_FOUNDRY.ruleset;

/** A sample fighter as the page offers it: its name and its derived figures. */
export interface ZdSample {
  id: string;
  name: string;
  character: HmzdDerivedCharacter;
  plan: HmzdPlan;
}

/** The hmzd sample fighters, in the samples' order (the knights first, then the creatures). */
export const ZD_SAMPLES: readonly ZdSample[] = HMZD_SAMPLES.map((s) => {
  const character = deriveHmzdCharacter(s.character);
  const planId = s.character.bodyPlan;
  return {
    id: s.id,
    name: s.name,
    character,
    plan: typeof planId === "object" ? planId : planById(planId ?? "human"),
  };
});

/** A weapon mode of a fighter: `weapon:mode` indexes, its zone die and impact. */
export interface ZdModeChoice {
  id: string;
  weapon: string;
  mode: string;
  /** Attack (and counterstrike) EML. */
  eml: number;
  /** Block EML (Z41: ML + the HM3 defence modifier, less PP ×5); null for a missile. */
  block: number | null;
  zoneDie: number;
  die: number;
  base: number;
  aspect: HmzdAspect;
  shield: boolean;
  /** A missile at one range band (its zone die is the victim's, Z4). */
  missile: boolean;
}

/**
 * Every weapon mode a sample fighter has, in its weapons' order (`weapon:mode`), then each
 * missile at each range band (`m<missile>:<band>`, the band's name as the mode).
 */
export function modesOf(sample: ZdSample): ZdModeChoice[] {
  const melee = sample.character.weapons.flatMap((w, wi) =>
    w.modes.map((m, mi) => ({
      id: `${wi}:${mi}`,
      weapon: w.name,
      mode: m.name,
      eml: w.eml.value,
      block: w.blockEml.value,
      zoneDie: w.zoneDie,
      die: m.impact.die,
      base: m.impact.base,
      aspect: m.impact.aspect,
      shield: w.shield,
      missile: false,
    })),
  );
  const missiles = sample.character.missiles.flatMap((w, wi) =>
    w.bands.map((b, bi) => ({
      id: `m${wi}:${bi}`,
      weapon: w.name,
      mode: b.band,
      eml: w.eml.value,
      block: null,
      zoneDie: 6,
      die: b.impact.die,
      base: b.impact.base,
      aspect: b.impact.aspect,
      shield: false,
      missile: true,
    })),
  );
  return [...melee, ...missiles];
}

/** One fighter as the exchange reads it, as the page edits it. */
export interface ZdSide {
  name: string;
  str: number;
  shock: number;
  endurance: number;
  dex: number;
  agl: number;
  state: HmzdFighterState;
  /** Armour by sided location and aspect (zeros left out of the input). */
  armour: Record<string, HmzdProtection>;
  plan: HmzdPlan;
}

/** A strike as declared: EML, weapon mode (zone die, impact) and placement. */
export interface ZdStrike {
  /** A missile rolls the victim's whole plan unaimed, d6 from its placement aimed (Z4). */
  type: "melee" | "missile";
  aimed: boolean;
  eml: number;
  zoneDie: number;
  die: number;
  base: number;
  aspect: HmzdAspect;
  mode: string;
  placement: number;
}

/** The exchange the page edits. */
export interface ZdExchange {
  attacker: ZdSide;
  defender: ZdSide;
  attack: ZdStrike;
  defence: {
    type: HmzdDefenceType;
    eml: number;
    /** A Block made with a shield. */
    shield: boolean;
    /** The counterstriking weapon (Counterstrike only). */
    counter: ZdStrike;
  };
}

/** A sample fighter's figures as the exchange starts (its own state, Setup 0). */
export function sideOf(sample: ZdSample): ZdSide {
  const f = sample.character.fighter;
  return {
    name: sample.name,
    str: f.str,
    shock: f.shock,
    endurance: f.endurance,
    dex: f.dex,
    agl: f.agl,
    state: f.state,
    armour: copy(sample.character.armour) as Record<string, HmzdProtection>,
    plan: sample.plan,
  };
}

/** A strike with a weapon mode from zone 1. */
export function strikeOf(m: ZdModeChoice): ZdStrike {
  return {
    type: m.missile ? "missile" : "melee",
    aimed: false,
    eml: m.eml,
    zoneDie: m.zoneDie,
    die: m.die,
    base: m.base,
    aspect: m.aspect,
    mode: m.mode,
    placement: 1,
  };
}

/**
 * The exchange between two samples: the attacker's first mode, the defender blocking with his
 * shield if he has one (else his first weapon), countering with his first mode.
 */
export function exchangeOf(a: ZdSample, b: ZdSample): ZdExchange {
  // The first weapon whose zone die fits the victim's plan whole (hmzd.md §2); with none, the
  // first, whose die then rolls as many sides as the plan has zones (Z33).
  const fitting = (modes: ZdModeChoice[], victim: ZdSample) =>
    modes.find((m) => !m.missile && m.zoneDie <= victim.plan.zoneCount) ?? modes[0]!;
  const defModes = modesOf(b).filter((m) => !m.missile);
  const blocker = defModes.find((m) => m.shield) ?? defModes[0]!;
  const strikers = defModes.filter((m) => !m.shield);
  return {
    attacker: sideOf(a),
    defender: sideOf(b),
    attack: strikeOf(fitting(modesOf(a), b)),
    defence: {
      type: "block",
      eml: blocker.block ?? blocker.eml,
      shield: blocker.shield,
      counter: strikeOf(fitting(strikers.length ? strikers : defModes, a)),
    },
  };
}

/** The zone die a strike rolls on `plan`: its weapon's; a missile's unaimed the whole plan (Z4). */
export const zoneDieOn = (s: ZdStrike, plan: HmzdPlan): number =>
  s.type === "missile" && !s.aimed ? plan.zoneCount : s.zoneDie;

/** The last placement a zone die fits on a plan (hmzd.md §2: placement + die − 1 ≤ last zone). */
export const lastPlacement = (zoneDie: number, plan: HmzdPlan): number =>
  Math.max(1, plan.zoneCount - zoneDie + 1);

const nonZeroArmour = (armour: Record<string, HmzdProtection>) => {
  const out: Record<string, HmzdProtection> = {};
  for (const [loc, p] of Object.entries(armour)) {
    const kept = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== 0));
    if (Object.keys(kept).length) out[loc] = kept;
  }
  return out;
};

const fighterInput = (s: ZdSide) => ({
  str: s.str,
  shock: s.shock,
  endurance: s.endurance,
  dex: s.dex,
  agl: s.agl,
  state: s.state,
  armour: nonZeroArmour(s.armour),
  ...(s.plan.id === "human" ? {} : { bodyPlan: copy(s.plan) }),
});

const weaponInput = (s: ZdStrike) => ({
  zoneDie: s.zoneDie,
  impact: { die: s.die, base: s.base, aspect: s.aspect },
});

/** The declaration (`cli resolve`'s input without the answers): plain JSON. */
export function declarationOf(x: ZdExchange): Record<string, unknown> {
  return {
    attack: {
      type: x.attack.type,
      eml: x.attack.eml,
      weapon: weaponInput(x.attack),
      mode: x.attack.mode,
      placement: x.attack.placement,
      ...(x.attack.type === "missile" ? { aimed: x.attack.aimed } : {}),
    },
    attacker: fighterInput(x.attacker),
    defender: fighterInput(x.defender),
  };
}

/** The defender's answer to the defence prompt as the page sets it (plain JSON). */
export function defenceOf(x: ZdExchange): Record<string, unknown> {
  const d = x.defence;
  if (d.type === "ignore") return { type: "ignore" };
  if (d.type === "counterstrike")
    return {
      type: "counterstrike",
      eml: d.eml,
      weapon: weaponInput(d.counter),
      mode: d.counter.mode,
      placement: d.counter.placement,
    };
  return { type: d.type, eml: d.eml, ...(d.type === "block" && d.shield ? { shield: true } : {}) };
}

/** An INC or UNC defender takes no defence (Z3: forced Ignore). */
export const forcedIgnore = (x: ZdExchange) =>
  x.defender.state === "INC" || x.defender.state === "UNC";

/** `cli resolve` / `cli odds`'s whole input for this exchange (the answers as given). */
export function resolveInput(
  x: ZdExchange,
  answers: { spend?: unknown; pick?: number; rolls?: ZdRolls } = {},
): Record<string, unknown> {
  return {
    ruleset: "hmzd",
    ...declarationOf(x),
    ...(forcedIgnore(x) ? {} : { defence: defenceOf(x) }),
    ...(answers.spend !== undefined ? { spend: answers.spend } : {}),
    ...(answers.pick !== undefined ? { pick: answers.pick } : {}),
    ...(answers.rolls ? { rolls: answers.rolls } : {}),
  };
}

/** Rolls by name, as `cli resolve`'s `rolls` takes them. */
export type ZdRolls = Record<string, number | number[]>;

/**
 * The rolls the user fixes (`{"attack": 34, "zone": 3}`, as `cli resolve`'s `rolls`): a JSON
 * object of whole numbers by roll name; empty text is no rolls. A bad text is an InputError
 * naming `rolls`.
 */
export function readRolls(text: string): ZdRolls {
  if (text.trim() === "") return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new InputError("rolls", text, 'expected a JSON object such as {"attack": 34}');
  }
  const o = readObject(raw, "rolls");
  const whole = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 1;
  for (const [k, v] of Object.entries(o))
    if (!(whole(v) || (Array.isArray(v) && v.length > 0 && v.every(whole))))
      throw new InputError(`rolls.${k}`, v, "expected a whole number ≥ 1 (or a list of them)");
  return o as ZdRolls;
}

/** The dice of an exchange: the fixed rolls first, then the seed's dice; every roll recorded. */
export function exchangeDice(seed: number, rolls: ZdRolls = {}): RecordingDice {
  return new RecordingDice(new ScriptedDice(rolls, new SeededDice(seed)));
}

/** An exchange being played: the flow state, the choices made, the dice. */
export interface ZdPlay {
  exchange: ZdExchange;
  declaration: Record<string, unknown>;
  state: ReturnType<typeof ZD_FLOW.start>;
  choices: FlowChoice[];
  dice: RecordingDice;
}

const choice = (p: PendingChoice, value: unknown): FlowChoice => ({
  by: p.by,
  kind: p.kind,
  value,
  userId: "workbench",
  request: { optionId: p.kind },
});

/** Answers the pending prompt with `value` (the engine checks it; a bad one throws). */
export function answer(play: ZdPlay, value: unknown): ZdPlay {
  const p = ZD_FLOW.pending(play.state);
  if (!p) throw new Error("The exchange is resolved: it takes no more choices.");
  const parsed = ZD_FLOW.parseChoice(play.state, value);
  const state = ZD_FLOW.choose(play.state, parsed, play.dice);
  return { ...play, state, choices: [...play.choices, choice(p, value)] };
}

/**
 * Declares and starts the exchange with `dice`, then answers the defence as the page sets it:
 * the exchange stops at the winner's star spending or the Precision pick, or is resolved.
 */
export function beginExchange(x: ZdExchange, dice: Dice | RecordingDice): ZdPlay {
  const recording = dice instanceof RecordingDice ? dice : new RecordingDice(dice);
  const declaration = declarationOf(x);
  const decl = ZD_FLOW.parseDeclaration(declaration);
  let play: ZdPlay = {
    exchange: x,
    declaration,
    state: ZD_FLOW.start(decl, recording),
    choices: [],
    dice: recording,
  };
  const p = ZD_FLOW.pending(play.state);
  if (p?.kind === "defence") play = answer(play, defenceOf(x));
  return play;
}

/** What the exchange waits for (`spendStars`, `pickZone`), or null once resolved. */
export const pendingOf = (play: ZdPlay): PendingChoice | null => ZD_FLOW.pending(play.state);

/** The engine's default answer to the pending prompt (Z6: all Impact for a striker, Setup for a defender; Z5: the first). */
export function defaultAnswer(play: ZdPlay): unknown {
  const p = pendingOf(play);
  return p ? ZD_FLOW.defaultChoice!(play.state, p) : undefined;
}

/** Plays the prompts left with their defaults. */
export function finishWithDefaults(play: ZdPlay): ZdPlay {
  let out = play;
  while (pendingOf(out)) out = answer(out, defaultAnswer(out));
  return out;
}

/**
 * The exchange card as Foundry stores it: waiting for the pending prompt, or resolved with its
 * result replayed by the flow from the declaration, the choices and the rolls.
 */
export function cardOf(play: ZdPlay): ExchangeCard {
  const pending = pendingOf(play);
  const card: ExchangeCard = {
    ruleset: "hmzd",
    state: pending ? "awaitingDefence" : "resolved",
    revision: 1 + play.choices.length,
    attacker: { actorUuid: null, tokenUuid: null, name: play.exchange.attacker.name },
    defender: { actorUuid: null, tokenUuid: null, name: play.exchange.defender.name },
    declaration: copy(play.declaration),
    context: {
      request: { mode: play.exchange.attack.mode },
      rolledBy: Object.fromEntries(play.dice.records.map((r) => [r.name, { by: "gm" }])),
    },
    choices: copy(play.choices),
    rolls: copy(play.dice.records),
    pending: pending ? copy(pending) : null,
    result: null,
    applied: null,
    advantages: {},
  };
  const replayed = replayExchange(ZD_FLOW, card);
  if (!pending) card.result = replayed.result;
  return card;
}

/** The resolved exchange's result, or null while a prompt waits. */
export const resultOf = (play: ZdPlay): HmzdResult | null =>
  pendingOf(play) ? null : ZD_FLOW.result(play.state);

/** The rolls made, by name (the `rolls` that replay this exchange). */
export const rollsOf = (card: ExchangeCard): ZdRolls =>
  Object.fromEntries(card.rolls.map((r) => [r.name, r.count === 1 ? r.values[0]! : r.values]));

/** A duel side from the page's fighter: the sample's weapons, the page's figures and state. */
export function duelSideOf(sample: ZdSample, side: ZdSide): HmzdDuelSide {
  const f: HmzdDuelFighter = hmzdDuelFighter(side.name, sample.character);
  const { str, shock, endurance, dex, agl, armour } = side;
  return {
    fighter: {
      ...f,
      combatant: { ...f.combatant, str, shock, endurance, dex, agl, armour: nonZeroArmour(armour) },
    },
    state: side.state,
  };
}
