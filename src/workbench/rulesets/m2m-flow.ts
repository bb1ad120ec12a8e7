/**
 * The workbench's adapter from `cli fight`'s m2m exchange to the engine's flow (issue 17): the
 * exchange the page rolls is planned by `m2mFightExchange` (src/cli/m2m-fight.ts: the weapon and
 * mode, the location aimed at, the situational modifier, a ranged weapon's range and aim, the
 * defence, the PD of the location struck, the DR by location), then played through `m2mFlow`
 * (src/rules/m2m/flow.ts) with a flow declaration carrying the same figures, so the chat card
 * Foundry posts (`ExchangeCard`, replayed by the flow) is built from the same dice as `cli fight
 * --seed` and shows the same result.
 *
 * The declaration is built here rather than by the Foundry combat rules (`m2mCombat`): those
 * read the fighters' state from their actors and take the torso's PD; the workbench keeps the
 * fight's state blocks itself and gives the PD of the location struck, as `cli fight` does.
 * Range and point blank go in as labelled modifiers of the attack (itemised on the card) and the
 * point-blank damage in the mode's damage; the turns of aim go in as the attacker's held Aim
 * (tactics.ts), from which the flow itself counts the snap shot or the aim bonus.
 */
import { copy } from "../../core/data";
import type { FighterSnapshot } from "../../core/combat";
import { RecordingDice, SeededDice, type Dice } from "../../core/dice";
import type { ExchangeCard, FlowChoice } from "../../core/flow";
import { replayExchange } from "../../core/flow";
import type { Modifier } from "../../core/modifiers";
import type { RulesetBlock } from "../../core/ruleset";
import { formatDamageExpr } from "../../rules/m2m/damage";
import {
  m2mFlow,
  newFighterBlock,
  parseFighterBlock,
  parseFlowDeclaration,
  type M2mFighterState,
  type M2mFlowResult,
} from "../../rules/m2m/flow";
import { getHandWeapon, getHandWeaponAttack } from "../../rules/m2m/equipment/hand-weapons";
import { noTactics, type M2mTactics } from "../../rules/m2m/tactics";
import { HIT_LOCATIONS } from "../../rules/m2m/types";
import { m2mFightExchange, type M2mFightFlags, type M2mFightOutcome } from "../../cli/m2m-fight";
import type { M2mCharacterBlock } from "../../foundry/rulesets/m2m/character-data";
import type { M2mActorDerived } from "../../foundry/rulesets/m2m/character-input";
import { m2mGear } from "../../foundry/rulesets/m2m/gear";
import { missileReload } from "../../foundry/rulesets/m2m/tactics";
import { meleeAttack, rangedAttack } from "../../foundry/rulesets/m2m/item-convert";
import type { M2mMissileBlock, M2mWeaponBlock } from "../../foundry/rulesets/m2m/item-data";

type Obj = Record<string, unknown>;

/** The page's choices: `cli fight`'s flags plus the situational modifier (`--modifier`). */
export type M2mPageFlags = M2mFightFlags;

const figures = (f: FighterSnapshot) => ({
  block: (f.system as { m2m: M2mCharacterBlock }).m2m,
  derived: f.derived as M2mActorDerived,
});

/** A fresh state block for a fighter: his basic HT, his current HP, standing, all ready. */
export function freshBlock(f: FighterSnapshot): RulesetBlock {
  const { block, derived } = figures(f);
  return newFighterBlock(derived.character.attributes.ht, block.hp);
}

/** The hand-weapon table row `id` and its attack `attack`, when both are the table's; else null. */
function tableRow(id: string, attack: string): { table: string; attack: string } | null {
  try {
    getHandWeaponAttack(id, attack);
    return { table: id, attack };
  } catch {
    return null;
  }
}

/** A mode's key in the flow declaration: `<technique>:<attack>`, `ranged` for a missile. */
const RANGED_MODE = "ranged";

/**
 * The flow's weapons of a fighter (raw JSON): each ready weapon once (a weapon with two
 * techniques is listed once per technique by the derivation), its modes with their effective
 * skill and damage (the item block's own conversion, as `cli fight`), its best Parry; a missile
 * weapon marked ranged with its reload turns (`missileReload`, as the Foundry combat rules).
 * `shot`: the damage of the ranged weapon (by id) shooting now, as `cli fight` gives it (+1 for a
 * missile weapon at point blank, L2907).
 */
export function flowWeapons(f: FighterSnapshot, shot: Record<string, string> = {}): Obj[] {
  const { derived } = figures(f);
  const c = derived.character;
  const st = c.attributes.st;
  const out = new Map<string, Obj & { modes: Obj; parry: number }>();
  for (const w of derived.weapons) {
    const item = f.items.find((i) => i.id === w.id);
    const system = (item?.system ?? {}) as Obj;
    let entry = out.get(w.id);
    if (!entry) {
      entry = { id: w.id, parry: 0, fencing: false, modes: {} };
      if (item?.type === "weapon") {
        const melee = system.m2m as M2mWeaponBlock | undefined;
        melee?.modes.forEach((m, i) => {
          const level = c.skills[m.skill]?.effective.value;
          if (level === undefined) return;
          let damage: string;
          try {
            damage = formatDamageExpr(meleeAttack(melee, i, st).damage!);
          } catch {
            return;
          }
          if (entry!.table === undefined)
            try {
              getHandWeapon(m.technique);
              entry!.table = m.technique;
            } catch {
              // Not a row of the hand-weapon table: no readiness rules.
            }
          if (m.fencing) entry!.fencing = true;
          // The mode's own table row and attack (§4.6: its readiness, hands and reach), as the
          // Foundry combat rules give them: the halberd's thrust readies in 1 turn, its swings in 2.
          const row = tableRow(m.technique, m.attack);
          entry!.modes[`${m.technique}:${m.attack}`] = {
            skill: level,
            damage,
            type: m.type,
            ...(row ?? {}),
          };
        });
      } else if (item?.type === "missile") {
        const missile = system.m2m as M2mMissileBlock | undefined;
        const level = missile ? c.skills[missile.skill]?.effective.value : undefined;
        const own = missile ? rangedAttack(missile, st).attack : null;
        if (level !== undefined && own?.damage) {
          entry.modes[RANGED_MODE] = {
            skill: level,
            damage: shot[w.id] ?? formatDamageExpr(own.damage),
            type: own.type,
          };
          // A missile weapon: Aim is for it, and the flow counts its reload after a shot (§12.8).
          const { reload, cocking } = missileReload(missile!, st);
          Object.assign(entry, { ranged: true }, reload > 0 ? { reload, cocking } : {});
        }
      }
      out.set(w.id, entry);
    }
    if (w.parry && !w.parry.onlyVsUnarmed) entry.parry = Math.max(entry.parry, w.parry.value);
  }
  return [...out.values()].filter((w) => Object.keys(w.modes).length > 0);
}

/**
 * The flow fighter (raw JSON) for one side of the planned exchange: the sheet's Dodge, Block
 * and Toughness, the DR by location `cli fight` gave the engine, and a PD whose sum with the
 * shield's is the PD `cli fight` took (the location struck's).
 */
function flowFighter(
  f: FighterSnapshot,
  state: RulesetBlock,
  input: Obj,
  pd: number,
  shot: Record<string, string> = {},
): Obj {
  const { derived } = figures(f);
  const c = derived.character;
  const shieldPd = m2mGear(f.items).shield?.pd ?? 0;
  return {
    id: f.name,
    st: c.attributes.st,
    dr: input.dr ?? {},
    toughness: c.toughness,
    armourPd: Math.max(0, pd - shieldPd),
    shieldPd: Math.min(pd, shieldPd),
    dodge: c.dodge.value,
    block: c.block ? c.block.value : null,
    weapons: flowWeapons(f, shot),
    state: copy(state),
  };
}

/**
 * The attacker's block on an Attack maneuver this turn (the maneuver the exchange needs): as it
 * is when he chose one this turn, else with a new turn begun on Attack.
 */
export function onAttack(block: RulesetBlock): RulesetBlock {
  const { revision, state } = parseFighterBlock(block);
  if (state.turn > 0 && state.maneuverTurn === state.turn && state.maneuver !== null) return block;
  const s: M2mFighterState = {
    ...copy(state),
    turn: Math.max(1, state.turn),
    maneuver: "attack",
    attacks: 0,
  };
  s.maneuverTurn = s.turn;
  return { ruleset: "m2m", revision, data: s as unknown as Obj };
}

/** What the page played: `cli fight`'s outcome, the flow's card and result. */
export interface M2mPlayed {
  outcome: M2mFightOutcome;
  card: ExchangeCard;
  result: M2mFlowResult;
}

/** The flow option id of `cli fight`'s defence. */
function optionOf(o: M2mFightOutcome, b: FighterSnapshot): string {
  if (o.defence.option === "parry") {
    const w = figures(b).derived.weapons.find(
      (x) => b.items.find((i) => i.id === x.id)?.name === o.defence.item,
    );
    return `parry:${w?.id ?? ""}`;
  }
  return o.defence.option;
}

/** Labels of the modifiers `cli fight` adds that the flow does not know (range, aim…). */
export type ModifierLabel = (m: Modifier) => string;

/**
 * The raw flow declaration for `cli fight`'s plan of the exchange, the sides' state blocks as
 * given (the attacker's on an Attack maneuver).
 */
export function declarationOf(
  a: FighterSnapshot,
  b: FighterSnapshot,
  blocks: { a: RulesetBlock; b: RulesetBlock },
  o: M2mFightOutcome,
  label: ModifierLabel,
): Obj {
  const input = o.input as { attacker: Obj; defender: Obj; attack: Obj };
  const weapon = a.items.find((i) => i.name === o.attack.item && i.type !== "armour");
  const ranged = o.attack.mode === RANGED_MODE;
  // The attack's own modifiers (shock, posture, the location aimed at) the flow adds itself
  // from the state block and the target; the others (range, aim, the user's) go in labelled.
  // The aim too: the flow counts the snap shot or the aim bonus from the Aim maneuver held in the
  // attacker's block (tactics.ts), so `--aim` turns go there, not in as modifiers.
  const own = new Set(["attack.shock", "attack.posture", "attack.hit-location", "snapShot", "aim"]);
  const modifiers = o.attack.modifiers
    .filter((m) => !own.has(m.key))
    .map((m) => ({ label: label(m), value: m.value }));
  const kind = ranged
    ? ((weapon?.system as { m2m?: M2mMissileBlock } | undefined)?.m2m?.kind ?? "missile")
    : isFlail(a, weapon?.id ?? "", o.attack.mode)
      ? "flail"
      : "melee";
  return {
    attacker: flowFighter(
      a,
      ranged && weapon ? aimed(onAttack(blocks.a), o, weapon.id, b.name) : onAttack(blocks.a),
      input.attacker,
      0,
      ranged && weapon ? { [weapon.id]: o.attack.damage } : {},
    ),
    defender: flowFighter(b, blocks.b, input.defender, o.defence.pd),
    attack: {
      weapon: weapon?.id ?? "",
      mode: ranged ? RANGED_MODE : o.attack.mode,
      target: o.attack.location,
      kind,
      fromHex: "front",
      allOut: null,
      modifiers,
      halfDamage: input.attack.halfDamage === true,
    },
  };
}

/**
 * The attacker's block with the turns of Aim `cli fight`'s modifiers show (a snap shot: none; no
 * aim modifier: one turn; an aim bonus of n: n + 1 turns, L2047) held against `foe` with
 * `weapon`, as the flow's Aim maneuver would have left it (tactics.ts).
 */
function aimed(block: RulesetBlock, o: M2mFightOutcome, weapon: string, foe: string): RulesetBlock {
  if (o.attack.modifiers.some((m) => m.key === "snapShot")) return block;
  const bonus = o.attack.modifiers.find((m) => m.key === "aim")?.value ?? 0;
  const data = block.data as { turn: number; tactics?: M2mTactics };
  const tactics = { ...(data.tactics ?? noTactics()) };
  tactics.aim = { foe, weapon, turns: bonus + 1, turn: Math.max(1, data.turn) };
  return { ...block, data: { ...data, tactics } as unknown as Obj };
}

function isFlail(a: FighterSnapshot, id: string, mode: string): boolean {
  const block = (a.items.find((i) => i.id === id)?.system as { m2m?: M2mWeaponBlock } | undefined)
    ?.m2m;
  return block?.modes.some((m) => `${m.technique}:${m.attack}` === mode && m.flail) ?? false;
}

/**
 * Plays the exchange `cli fight` plans for these flags through the flow with `dice` (the same
 * dice as `cli fight --seed` when `dice` is `SeededDice(seed)`): the card as Foundry stores it
 * once resolved, replayed by the flow from its declaration, choice and rolls.
 */
export function playExchange(
  a: FighterSnapshot,
  b: FighterSnapshot,
  blocks: { a: RulesetBlock; b: RulesetBlock },
  seed: number,
  flags: M2mPageFlags,
  label: ModifierLabel,
  dice: Dice = new SeededDice(seed),
  defenceOption?: (options: { id: string; value: number; open: boolean }[]) => string,
): M2mPlayed {
  const outcome = m2mFightExchange(a, b, seed, flags);
  const raw = declarationOf(a, b, blocks, outcome, label);
  const decl = parseFlowDeclaration(raw);
  const recording = new RecordingDice(dice);
  let state = m2mFlow.start(decl, recording);
  const choices: FlowChoice[] = [];
  for (let p = m2mFlow.pending(state); p; p = m2mFlow.pending(state)) {
    const open = p.options.map((x) => ({
      id: String(x.id),
      value: x.target?.value ?? 0,
      open: typeof x.unavailableKey !== "string",
    }));
    const wanted = defenceOption ? defenceOption(open) : optionOf(outcome, b);
    const option = open.some((x) => x.id === wanted && x.open) ? wanted : "none";
    const value = { option };
    choices.push({
      by: p.by,
      kind: p.kind,
      value,
      userId: "workbench",
      request: { optionId: option },
    });
    state = m2mFlow.choose(state, m2mFlow.parseChoice(state, value), recording);
  }
  const card: ExchangeCard = {
    ruleset: "m2m",
    state: "resolved",
    revision: 1 + choices.length,
    attacker: { actorUuid: null, tokenUuid: null, name: a.name },
    defender: { actorUuid: null, tokenUuid: null, name: b.name },
    declaration: raw,
    context: {
      itemName: outcome.attack.item,
      request: { flags },
      // Every roll is the workbench's, the GM's client's in Foundry (the card's list of dice).
      rolledBy: Object.fromEntries(recording.records.map((r) => [r.name, { by: "gm" }])),
    },
    choices,
    rolls: recording.records,
    pending: null,
    result: null,
    applied: null,
    advantages: {},
  };
  const result = replayExchange(m2mFlow, card).result as M2mFlowResult;
  card.result = result;
  return { outcome, card, result };
}

/** Every hit location (for the tests' and the page's loops). */
export const LOCATIONS = HIT_LOCATIONS;
