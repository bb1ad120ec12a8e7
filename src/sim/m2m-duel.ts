/**
 * GURPS Man to Man duels (issue 17; docs/duel.md, ruling M97): two fighters stored as Foundry
 * Actor documents (the m2m sample fighters pack, an exported actor) fight turn by turn to a
 * decision, each exchange through the engine's own exchange (`startExchange`,
 * `finishExchange`: attack, active defence, damage, wound, knockdown, death checks) and the
 * turn rules of spec §4 and §9 applied between exchanges. Pure: dice are injected.
 *
 * The fighters are derived once (`m2mDuelFighter`, from the same snapshot `cli fight` reads:
 * `fighterFromSource` with the m2m ruleset); a duel then keeps only a few numbers per fighter
 * (hit points, shock, stun, posture, each weapon's readiness), never a copy of a document.
 *
 * How a duel goes (spec §4.1, §4.6, §6, §9; ruling M97):
 * - Order: Move, then Basic Speed (L1600–1602), then a 1d6 roll each (re-rolled on a tie),
 *   fixed for the duel. A round is one turn of each fighter.
 * - At the start of a turn: the defences used since the last turn come back (one parry per
 *   weapon, one block), a lost balance ends (L2605), last turn's shock becomes this turn's
 *   penalty to the attack (L1866). At 0 HP an HT roll (`conscious`) or unconscious (L1874);
 *   stunned, an HT roll (`stun`): failed, the turn is lost (L1870).
 * - Then the turn's maneuver, the first that applies: with a crippled leg or foot, Change
 *   Position to sitting (L3679); lying, to kneeling; kneeling or sitting with a weapon on the
 *   ground, pick it up (and stand, L2631–2633); kneeling, stand up; a weapon to pick up, kneel;
 *   the shield unready (a block's 17–18), Ready it; no ready weapon, Ready the best one (one
 *   turn less to ready); otherwise Attack with the ready weapon and mode of the highest
 *   effective skill (ties: the higher mean damage), at a random location.
 * - The defender takes the best active defence left (§6.2, `allowedDefences` with its
 *   modifiers: stunned −4, posture, lost balance, flail): Dodge (halved at 3 HP or less,
 *   L1872), Block once per turn with a ready shield, Parry once per weapon per turn with a
 *   ready weapon; ties go to Dodge, then Block, then Parry (a parry risks the weapon).
 * - Readiness (§4.6): after an attack the weapon needs its mode's ready turns (less for high
 *   ST, L2119–2125); a † weapon after a parry too; falling, losing balance or being stunned
 *   unreadies a weapon that needs readying (L2115); a weapon turned in the hand needs 1 more
 *   turn; a dropped or flown weapon lies on the ground; a broken weapon is gone for the duel
 *   (its partial use, L2635–2651, is not modelled).
 * - The end: a fighter dead or unconscious is out (`end` "dead" or "incapacitated"), as is one
 *   who can no longer attack (every weapon broken, the weapon arm or hand crippled: "out");
 *   both at once: no winner ("both"); `maxRounds` (default 100) rounds: undecided.
 */
import type { FighterSnapshot } from "../core/combat";
import { SeededDice, sum, type Dice } from "../core/dice";
import { InputError } from "../core/errors";
import type { Side } from "../core/ruleset";
import { attackModifier } from "../rules/m2m/attack";
import {
  allowedDefences,
  PARRY_WEAPON_KINDS,
  type DefenceOption,
  type DefenderContext,
} from "../rules/m2m/defence";
import {
  DEFAULT_M2M_OPTIONS,
  finishExchange,
  startExchange,
  type M2mCombatant,
  type M2mDefence,
  type M2mResult,
} from "../rules/m2m/exchange";
import { recoversFromStun, staysConscious } from "../rules/m2m/injury";
import { readyTurnsAfter } from "../rules/m2m/maneuvers";
import type { DamageExpr, DamageType, HitLocation } from "../rules/m2m/types";
import { exchangeDr } from "../rules/m2m/worn-armour";
import type { M2mCharacterBlock } from "../foundry/rulesets/m2m/character-data";
import type { M2mActorDerived } from "../foundry/rulesets/m2m/character-input";
import type { M2mWeaponBlock } from "../foundry/rulesets/m2m/item-data";
import { meleeAttack } from "../foundry/rulesets/m2m/item-convert";
import type { DuelInjury, DuelSeverity, DuelStats, SideKey } from "./duel";
import type { Localize } from "../foundry/sheets/common";
import { LOCATION_LABEL } from "../foundry/rulesets/m2m/sheets/labels";

/** One attack a fighter can make: a hand weapon's mode with its skill. */
export interface M2mDuelAttack {
  weaponId: string;
  /** The item's name. */
  weapon: string;
  /** `<technique>:<attack>` (`axe:swing-cut`). */
  mode: string;
  /** Effective skill with the standing modifiers (a large shield, a helmet…). */
  skill: number;
  damage: DamageExpr;
  type: DamageType;
  breakResistant: boolean;
  flail: boolean;
  hands: 1 | 2;
  /** Ready turns after this attack, for this wielder's ST (L2107–2125). */
  readyAfter: number;
  mean: number;
}

/** A weapon's parry. */
export interface M2mDuelParry {
  weaponId: string;
  value: number;
  kind: string;
  hands: 1 | 2;
  /** Ready turns after a parry (a † weapon, L2129; 0 otherwise). */
  readyAfter: number;
  weapon: NonNullable<M2mDefence["weapon"]>;
}

/** A fighter as a duel needs it, derived once from its actor. */
export interface M2mDuelFighter {
  name: string;
  ht: number;
  /** Hit points at the start (the actor's current HP). */
  hp: number;
  move: number;
  speed: number;
  dodge: number;
  /** Block with the ready shield; null: no shield. */
  block: number | null;
  pd: number;
  pdVsImpaling: number;
  /** The shield's PD, lost (−2) with a crippled shield arm (L3675). */
  shieldPd: number;
  dr: Partial<Record<HitLocation, number>>;
  drVsImpaling: Partial<Record<HitLocation, number>>;
  toughness: number;
  /** Crippled locations at the start. */
  crippled: HitLocation[];
  /** Best first. */
  attacks: M2mDuelAttack[];
  parries: M2mDuelParry[];
  /** Weapons that need readying after use: falling, lost balance or stun unready them (L2115). */
  unbalanced: Record<string, number>;
}

/** Mean basic damage of `dice`d6 + `adds` (to rank attacks). */
const meanDamage = (e: DamageExpr) => e.dice * 3.5 + e.adds;

function meleeBlock(f: FighterSnapshot, id: string): M2mWeaponBlock | null {
  const item = f.items.find((i) => i.id === id);
  if (!item || item.type !== "weapon") return null;
  return ((item.system as Record<string, unknown>).m2m as M2mWeaponBlock | undefined) ?? null;
}

/**
 * The duel's figures of an m2m fighter snapshot (`fighterFromSource` with the m2m ruleset): every
 * ready hand weapon's modes with their effective skill (the derived weapon level), damage and
 * break resistance through the item block's own conversion (`meleeAttack`), parries, Dodge,
 * Block, PD and DR by location. No hand weapon to attack with: an InputError on `items`.
 */
export function m2mDuelFighter(f: FighterSnapshot): M2mDuelFighter {
  const block = (f.system as { m2m: M2mCharacterBlock }).m2m;
  const derived = f.derived as M2mActorDerived;
  const c = derived.character;
  const st = c.attributes.st;
  const attacks: M2mDuelAttack[] = [];
  const parries: M2mDuelParry[] = [];
  const unbalanced: Record<string, number> = {};
  for (const w of derived.weapons) {
    const wb = meleeBlock(f, w.id);
    if (!wb || !w.level) continue;
    const name = f.items.find((i) => i.id === w.id)?.name ?? w.name;
    wb.modes.forEach((mode, i) => {
      if (mode.skill !== w.skill) return;
      const melee = meleeAttack(wb, i, st);
      const readyAfter = readyTurnsAfter(mode.readyAfter, mode.minST, st);
      if (readyAfter > 0) unbalanced[w.id] = Math.max(unbalanced[w.id] ?? 0, readyAfter);
      attacks.push({
        weaponId: w.id,
        weapon: name,
        mode: `${mode.technique}:${mode.attack}`,
        skill: w.level!.value,
        damage: melee.damage!,
        type: mode.type,
        breakResistant: melee.breakResistant,
        flail: mode.flail,
        hands: mode.hands,
        readyAfter,
        mean: meanDamage(melee.damage!),
      });
    });
    const first = wb.modes.find((m) => m.skill === w.skill) ?? wb.modes[0];
    if (w.parry && !w.parry.onlyVsUnarmed && first && !parries.some((p) => p.weaponId === w.id)) {
      const melee = meleeAttack(wb, wb.modes.indexOf(first), st);
      parries.push({
        weaponId: w.id,
        value: w.parry.value,
        kind: w.parry.kind,
        hands: first.hands,
        readyAfter:
          first.unreadyOnParry && !first.polearm ? readyTurnsAfter(1, first.minST, st) : 0,
        weapon: {
          damage: melee.damage!,
          type: first.type,
          unarmed: false,
          breakResistant: melee.breakResistant,
        },
      });
    }
  }
  if (!attacks.length)
    throw new InputError("items", f.items.length, "no ready hand weapon to attack with");
  attacks.sort((x, y) => y.skill - x.skill || y.mean - x.mean);
  parries.sort((x, y) => y.value - x.value);
  const shieldPd = c.pd.modifiers.find((m) => m.key === "shield")?.value ?? 0;
  return {
    name: f.name,
    ht: c.attributes.ht,
    hp: block.hp,
    move: c.move.value,
    speed: c.speed.value,
    dodge: c.dodge.value,
    block: c.block?.value ?? null,
    pd: c.pd.value,
    pdVsImpaling: c.pdVsImpaling.value,
    shieldPd,
    dr: exchangeDr(c.locations, "cr"),
    drVsImpaling: exchangeDr(c.locations, "imp"),
    toughness: c.toughness,
    crippled: [...block.encounter.crippled] as HitLocation[],
    attacks,
    parries,
    unbalanced,
  };
}

type Posture = "standing" | "kneeling" | "sitting" | "lying";

/** A fighter's state during one duel. */
interface Fighting {
  f: M2mDuelFighter;
  hp: number;
  /** Hits taken since the start of its last turn: next turn's penalty (L1866). */
  shock: number;
  stunned: boolean;
  unconscious: boolean;
  dead: boolean;
  posture: Posture;
  crippled: HitLocation[];
  /** Turns each weapon needs to be ready (absent: ready). */
  readyIn: Record<string, number>;
  dropped: string[];
  broken: string[];
  parried: string[];
  blocked: boolean;
  shieldUnready: boolean;
  offBalance: boolean;
}

/** What a turn was spent on when it was not an attack. */
export type M2mTurnAction =
  | "unconscious"
  | "stunned"
  | "kneel"
  | "stand"
  | "sit"
  | "pickUp"
  | "readyShield"
  | "ready";

export interface M2mDuelExchange {
  kind: "exchange";
  round: number;
  attacker: SideKey;
  attack: { weapon: string; mode: string; skill: number };
  defence: { type: M2mDefence["type"]; score: number; pd: number; weapon: string | null };
  result: M2mResult;
}

export interface M2mDuelTurn {
  kind: "turn";
  round: number;
  side: SideKey;
  action: M2mTurnAction;
  /** The start-of-turn HT rolls made (`conscious`, `stun`). */
  rolls: { name: string; roll: number; target: number; success: boolean }[];
}

export type M2mDuelStep = M2mDuelExchange | M2mDuelTurn;

export interface M2mDuelResult {
  winner: SideKey | null;
  rounds: number;
  end: "incapacitated" | "dead" | "out" | "maxRounds" | "both";
  injuries: DuelInjury[];
  steps: M2mDuelStep[];
}

const OTHER: Record<SideKey, SideKey> = { a: "b", b: "a" };
const LEGS = /^(left|right)-(leg|foot)$/;
const POSTURE_ATTACK: Record<Posture, number> = {
  standing: 0,
  kneeling: attackModifier("posture", { position: "kneeling" }).value,
  sitting: attackModifier("posture", { position: "sitting" }).value,
  lying: attackModifier("posture", { position: "lying" }).value,
};

function fresh(f: M2mDuelFighter): Fighting {
  return {
    f,
    hp: f.hp,
    shock: 0,
    stunned: false,
    unconscious: f.hp < 0,
    dead: false,
    posture: "standing",
    crippled: [...f.crippled],
    readyIn: {},
    dropped: [],
    broken: [],
    parried: [],
    blocked: false,
    shieldUnready: false,
    offBalance: false,
  };
}

const legCrippled = (s: Fighting) => s.crippled.some((l) => LEGS.test(l));
const armCrippled = (s: Fighting, arm: "left" | "right") =>
  s.crippled.includes(`${arm}-arm`) || s.crippled.includes(`${arm}-hand`);

/** Whether a weapon can be used with the hands left (the weapon hand is the right, L2462). */
function usable(s: Fighting, id: string, hands: 1 | 2): boolean {
  if (s.broken.includes(id) || armCrippled(s, "right")) return false;
  return hands === 1 || !armCrippled(s, "left");
}

/** The attacks it could make once its weapons are in hand and ready (none: out of the fight). */
const possible = (s: Fighting) => s.f.attacks.filter((a) => usable(s, a.weaponId, a.hands));

function outcome(s: Fighting): "dead" | "incapacitated" | "out" | null {
  if (s.dead) return "dead";
  if (s.unconscious) return "incapacitated";
  return possible(s).length ? null : "out";
}

/** Falling, losing balance or being stunned unreadies the weapons that need readying (L2115). */
function unreadyUnbalanced(s: Fighting): void {
  for (const [id, turns] of Object.entries(s.f.unbalanced))
    s.readyIn[id] = Math.max(s.readyIn[id] ?? 0, turns);
}

function htCheck(
  dice: Dice,
  name: string,
  ht: number,
  test: (ht: number, roll: number) => boolean,
) {
  const roll = sum(dice.roll(name, 3, 6));
  return { name, roll, target: ht, success: test(ht, roll) };
}

/** The combatant figures the exchange reads. */
function combatant(s: Fighting, impaling: boolean): M2mCombatant {
  return {
    ht: s.f.ht,
    hp: s.hp,
    dr: impaling ? s.f.drVsImpaling : s.f.dr,
    toughness: s.f.toughness,
    shield: s.f.block !== null,
    crippled: s.crippled,
  };
}

/**
 * `allowedDefences` of one attack kind and defender context, remembered: a duel asks the same
 * few questions over and over, and the engine's answer (position lookups, modifier rows) is the
 * costliest part of a duel's defence (bench).
 */
const DEFENCES = new Map<string, readonly DefenceOption[]>();
function defencesFor(kind: "melee" | "flail", ctx: DefenderContext): readonly DefenceOption[] {
  const key = `${kind}|${ctx.stunned ? 1 : 0}${ctx.readyShield ? 1 : 0}${ctx.shieldArmCrippled ? 1 : 0}${ctx.lostBalance ? 1 : 0}${ctx.readyWeapon ? 1 : 0}|${ctx.posture}|${ctx.weaponKind}`;
  let options = DEFENCES.get(key);
  if (!options) {
    options = Object.freeze(allowedDefences({ kind }, ctx));
    DEFENCES.set(key, options);
  }
  return options;
}

interface DefenceChoice {
  defence: M2mDefence;
  parry: M2mDuelParry | null;
}

/** The best active defence left to `s` against `attack` (ties: Dodge, Block, Parry). */
function bestDefence(s: Fighting, attack: M2mDuelAttack): DefenceChoice {
  const impaling = attack.type === "imp";
  // A crippled hand still holds its shield and blocks; a crippled arm does not (L3673–3675).
  const shieldArm = s.f.block !== null && s.crippled.includes("left-arm");
  const pd = (impaling ? s.f.pdVsImpaling : s.f.pd) - (shieldArm ? Math.min(2, s.f.shieldPd) : 0);
  const parries = s.f.parries.filter(
    (p) =>
      !s.parried.includes(p.weaponId) &&
      !s.dropped.includes(p.weaponId) &&
      !(s.readyIn[p.weaponId] ?? 0) &&
      usable(s, p.weaponId, p.hands),
  );
  const ctx: DefenderContext = {
    stunned: s.stunned,
    readyShield: s.f.block !== null && !s.blocked && !s.shieldUnready && !shieldArm,
    shieldArmCrippled: shieldArm,
    posture: s.posture,
    lostBalance: s.offBalance,
  };
  const kind = attack.flail ? "flail" : "melee";
  let best: DefenceChoice = { defence: { type: "none", score: 0, pd }, parry: null };
  let bestScore = -1;
  const consider = (o: DefenceOption, base: number, parry: M2mDuelParry | null) => {
    if (!o.allowed) return;
    const score = Math.max(0, base + o.modifier);
    if (score <= bestScore) return;
    bestScore = score;
    const defence: M2mDefence = { type: o.defence, score, pd };
    if (parry) defence.weapon = parry.weapon;
    best = { defence, parry };
  };
  const hp3 = s.hp <= 3;
  const first = defencesFor(kind, { ...ctx, readyWeapon: false, weaponKind: "weapon" });
  for (const o of first) {
    if (o.defence === "dodge") consider(o, hp3 ? Math.floor(s.f.dodge / 2) : s.f.dodge, null);
    if (o.defence === "block") consider(o, s.f.block ?? 0, null);
  }
  for (const p of parries) {
    const weaponKind = (PARRY_WEAPON_KINDS as readonly string[]).includes(p.kind)
      ? p.kind
      : "weapon";
    const o = defencesFor(kind, { ...ctx, readyWeapon: true, weaponKind }).find(
      (x) => x.defence === "parry",
    );
    if (o) consider(o, p.value, p);
  }
  return best;
}

export interface M2mDuel {
  readonly done: boolean;
  /** The next step (a turn spent otherwise than attacking, or an exchange); null when over. */
  next(dice: Dice): M2mDuelStep | null;
  result(): M2mDuelResult;
}

/**
 * A duel between two derived fighters. `keepSteps: false` keeps no steps (for many duels).
 * The turn order is rolled on the first `next` (its `sequence` rolls only when Move and Speed tie).
 */
export function createM2mDuel(
  a: M2mDuelFighter,
  b: M2mDuelFighter,
  options: { maxRounds?: number; keepSteps?: boolean } = {},
): M2mDuel {
  const maxRounds = options.maxRounds ?? 100;
  const keep = options.keepSteps !== false;
  const sides: Record<SideKey, Fighting> = { a: fresh(a), b: fresh(b) };
  const injuries: DuelInjury[] = [];
  const steps: M2mDuelStep[] = [];
  let order: SideKey[] | null = null;
  let turn = 0;
  let round = 0;
  let winner: SideKey | null = null;
  let end: M2mDuelResult["end"] | null = null;

  const settle = () => {
    const oa = outcome(sides.a);
    const ob = outcome(sides.b);
    if (oa && ob) end = "both";
    else if (oa || ob) {
      winner = oa ? "b" : "a";
      end = (oa ?? ob)!;
    }
  };

  const rollOrder = (dice: Dice): SideKey[] => {
    const byFigures = b.move - a.move || b.speed - a.speed;
    if (byFigures) return byFigures > 0 ? ["b", "a"] : ["a", "b"];
    for (let i = 0; i < 10; i++) {
      const [ra, rb] = [dice.roll("sequence", 1, 6)[0]!, dice.roll("sequence", 1, 6)[0]!];
      if (ra !== rb) return rb > ra ? ["b", "a"] : ["a", "b"];
    }
    return ["a", "b"];
  };

  const spend = (side: SideKey, action: M2mTurnAction, rolls: M2mDuelTurn["rolls"]) => {
    const step: M2mDuelTurn = { kind: "turn", round, side, action, rolls };
    if (keep) steps.push(step);
    settle();
    return step;
  };

  /** Applies the exchange's effects to the two fighters. */
  const apply = (result: M2mResult, by: SideKey, used: Record<Side, string | null>): void => {
    const who: Record<Side, SideKey> = { attacker: by, defender: OTHER[by] };
    // The weapon a side used; a defender who did not parry (disarmed by a critical hit) drops
    // the weapon he fights with.
    const weaponOf = (side: Side): string | null => {
      const s = sides[who[side]];
      return (
        used[side] ?? possible(s).find((x) => !s.dropped.includes(x.weaponId))?.weaponId ?? null
      );
    };
    for (const e of result.effects) {
      const s = sides[who[e.to]];
      if (e.type === "injury") {
        s.hp -= e.level;
        injuries.push({
          side: who[e.to],
          location: e.location,
          severity: e.severityKey,
          level: e.level,
        });
        continue;
      }
      if (e.type === "weaponDamaged") {
        const id = weaponOf(e.to);
        if (e.broken && id && !s.broken.includes(id)) s.broken.push(id);
        continue;
      }
      if (e.type !== "condition") continue;
      const weapon =
        e.condition === "disarmed" || e.condition === "weaponUnready" ? weaponOf(e.to) : null;
      switch (e.condition) {
        case "shocked":
          s.shock += e.value ?? 0;
          break;
        case "stunned":
          s.stunned = true;
          unreadyUnbalanced(s);
          break;
        case "prone":
          s.posture = "lying";
          unreadyUnbalanced(s);
          break;
        case "offBalance":
          s.offBalance = true;
          unreadyUnbalanced(s);
          break;
        case "weaponUnready":
          if (weapon) s.readyIn[weapon] = (s.readyIn[weapon] ?? 0) + 1;
          break;
        case "shieldUnready":
          s.shieldUnready = true;
          break;
        case "disarmed":
          if (weapon && !s.dropped.includes(weapon)) s.dropped.push(weapon);
          break;
        case "crippled":
          if (e.location && !s.crippled.includes(e.location as HitLocation))
            s.crippled.push(e.location as HitLocation);
          break;
        case "unconscious":
          s.unconscious = true;
          break;
        case "dead":
          s.dead = true;
          break;
      }
    }
  };

  const exchange = (
    by: SideKey,
    attack: M2mDuelAttack,
    penalty: number,
    dice: Dice,
  ): M2mDuelExchange => {
    const me = sides[by];
    const foe = sides[OTHER[by]];
    let skill = attack.skill + POSTURE_ATTACK[me.posture];
    if (penalty > 0) skill += attackModifier("shock", { hits: penalty }).value;
    const impaling = attack.type === "imp";
    let state = startExchange(
      {
        attack: {
          skill,
          damage: attack.damage,
          type: attack.type,
          target: "random",
          ranged: false,
          unarmed: false,
          breakResistant: attack.breakResistant,
          halfDamage: false,
        },
        defender: combatant(foe, impaling),
        attacker: combatant(me, false),
        options: DEFAULT_M2M_OPTIONS,
      },
      dice,
    );
    me.readyIn[attack.weaponId] = attack.readyAfter;
    const used: Record<Side, string | null> = { attacker: attack.weaponId, defender: null };
    let choice: DefenceChoice | null = null;
    if (state.awaitingDefence) {
      choice = bestDefence(foe, attack);
      if (choice.defence.type === "block") foe.blocked = true;
      if (choice.parry) {
        foe.parried.push(choice.parry.weaponId);
        used.defender = choice.parry.weaponId;
        if (choice.parry.readyAfter) foe.readyIn[choice.parry.weaponId] = choice.parry.readyAfter;
      }
      state = finishExchange(state, choice.defence, dice);
    }
    const result = state.result!;
    apply(result, by, used);
    const step: M2mDuelExchange = {
      kind: "exchange",
      round,
      attacker: by,
      attack: { weapon: attack.weapon, mode: attack.mode, skill },
      defence: {
        type: choice?.defence.type ?? "none",
        score: choice?.defence.score ?? 0,
        pd: choice?.defence.pd ?? 0,
        weapon: choice?.parry
          ? (foe.f.attacks.find((x) => x.weaponId === choice!.parry!.weaponId)?.weapon ?? null)
          : null,
      },
      result,
    };
    if (keep) steps.push(step);
    settle();
    return step;
  };

  /** One turn of `by` (spec §4.1: the turn starts when it chooses its maneuver). */
  const takeTurn = (by: SideKey, dice: Dice): M2mDuelStep => {
    const me = sides[by];
    me.parried = [];
    me.blocked = false;
    me.offBalance = false;
    const penalty = me.shock;
    me.shock = 0;
    const rolls: M2mDuelTurn["rolls"] = [];
    if (me.hp === 0) {
      const r = htCheck(dice, "conscious", me.f.ht, staysConscious);
      rolls.push(r);
      if (!r.success) {
        me.unconscious = true;
        return spend(by, "unconscious", rolls);
      }
    }
    if (me.stunned) {
      const r = htCheck(dice, "stun", me.f.ht, recoversFromStun);
      rolls.push(r);
      if (!r.success) return spend(by, "stunned", rolls);
      me.stunned = false;
    }
    const onGround = me.dropped.filter((id) => possible(me).some((x) => x.weaponId === id));
    const wanted = possible(me).filter((x) => !me.dropped.includes(x.weaponId));
    if (
      legCrippled(me) &&
      me.posture !== "sitting" &&
      !(onGround.length && me.posture === "kneeling")
    ) {
      me.posture = "sitting";
      return spend(by, "sit", rolls);
    }
    if (me.posture === "lying") {
      me.posture = "kneeling";
      return spend(by, "kneel", rolls);
    }
    if (onGround.length && !wanted.length) {
      if (me.posture === "standing") {
        me.posture = "kneeling";
        return spend(by, "kneel", rolls);
      }
      // Pick up and stand (L2631–2633): a weapon that needs readying after use needs it now.
      for (const id of onGround) {
        const turns = me.f.unbalanced[id];
        if (turns) me.readyIn[id] = Math.max(me.readyIn[id] ?? 0, turns);
      }
      me.dropped = me.dropped.filter((id) => !onGround.includes(id));
      me.posture = legCrippled(me) ? "sitting" : "standing";
      return spend(by, "pickUp", rolls);
    }
    if (me.posture === "kneeling") {
      me.posture = "standing";
      return spend(by, "stand", rolls);
    }
    if (me.shieldUnready && !me.crippled.includes("left-arm")) {
      me.shieldUnready = false;
      return spend(by, "readyShield", rolls);
    }
    const ready = wanted.find((x) => !(me.readyIn[x.weaponId] ?? 0));
    if (!ready) {
      const id = wanted[0]!.weaponId;
      me.readyIn[id] = Math.max(0, (me.readyIn[id] ?? 0) - 1);
      return spend(by, "ready", rolls);
    }
    return exchange(by, ready, penalty, dice);
  };

  settle();

  return {
    get done() {
      return end !== null;
    },
    next(dice: Dice): M2mDuelStep | null {
      if (end !== null) return null;
      order ??= rollOrder(dice);
      if (turn % 2 === 0) {
        if (round >= maxRounds) {
          end = "maxRounds";
          return null;
        }
        round++;
      }
      const by = order[turn++ % 2]!;
      return takeTurn(by, dice);
    },
    result(): M2mDuelResult {
      return {
        winner,
        rounds: round,
        end: end ?? "maxRounds",
        injuries: [...injuries],
        steps: [...steps],
      };
    },
  };
}

/** A whole duel with `dice`. */
export function runM2mDuel(
  a: M2mDuelFighter,
  b: M2mDuelFighter,
  dice: Dice,
  options: { maxRounds?: number; keepSteps?: boolean } = {},
): M2mDuelResult {
  const duel = createM2mDuel(a, b, options);
  while (!duel.done) duel.next(dice);
  return duel.result();
}

/** `n` duels with the dice of `seed` (one stream for all), counted as the HM3 duels are. */
export function runM2mDuels(
  a: M2mDuelFighter,
  b: M2mDuelFighter,
  n: number,
  seed: number,
  onProgress?: (done: number, n: number) => void,
): DuelStats {
  if (!Number.isInteger(n) || n < 0) throw new InputError("n", n, "expected a whole number ≥ 0");
  const dice = new SeededDice(seed);
  const stats: DuelStats = {
    n,
    wins: { a: 0, b: 0, none: 0 },
    rounds: { mean: 0, histogram: {} },
    injuries: { a: {}, b: {} },
  };
  let totalRounds = 0;
  for (let i = 0; i < n; i++) {
    const r = runM2mDuel(a, b, dice, { keepSteps: false });
    stats.wins[r.winner ?? "none"]++;
    totalRounds += r.rounds;
    stats.rounds.histogram[r.rounds] = (stats.rounds.histogram[r.rounds] ?? 0) + 1;
    for (const inj of r.injuries) {
      const byLoc = (stats.injuries[inj.side][inj.location] ??= {});
      byLoc[inj.severity] = (byLoc[inj.severity] ?? 0) + 1;
    }
    onProgress?.(i + 1, n);
  }
  stats.rounds.mean = n ? totalRounds / n : 0;
  return stats;
}

/** The severities of m2m injuries (the `severityKey` of the exchange's injury effects). */
export const M2M_SEVERITIES: readonly DuelSeverity[] = Object.freeze([
  { id: "wound", labelKey: "BLOWBYBLOW.Duel.severity.wound", colour: "#d9822b" },
  { id: "major", labelKey: "BLOWBYBLOW.Duel.severity.major", colour: "#8b1e1e" },
]);

/** An m2m hit location's name as the sheets show it (`right arm`). */
export function m2mLocationName(localize: Localize): (id: string) => string {
  const keys = LOCATION_LABEL as Readonly<Record<string, string>>;
  return (id) => (Object.hasOwn(keys, id) ? localize(keys[id]!) : id);
}
