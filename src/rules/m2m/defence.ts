/**
 * Defence of GURPS Man to Man (seed 004, read with `../shared/rules/m2m-spec.md` §6; "Lnnn" is
 * a seed line, "§n" a spec section): the defence roll (§6.1, A1), active defences and their
 * per-turn limits (§6.2, C8), special parries (§6.3), which defences work against what (§6.4,
 * C9), defence modifiers (§6.5, C2), All-Out Defence (§6.6), critical defence results (§6.7)
 * and the maneuver → defences matrix (§6.8). Pure functions over already-rolled values.
 */
import { deepFreeze, ownValue } from "../../core/data";
import { InputError, readEnum, readNumber } from "../../core/errors";
import { buildTarget, modifierTotal, type Modifier, type Target } from "../../core/modifiers";
import { POSITION_IDS, maneuver, position, type DefenceRule } from "./maneuvers";
import type { ActiveDefence, DefenceOutcome } from "./types";

const src = (lines: string, section = "§6.5"): string =>
  `seed 004 ${lines} ${section}`.replace(/ +/g, " ");

/** −n without a negative zero. */
const neg = (n: number): number => (n === 0 ? 0 : -n);

function int(value: unknown, field: string, rule: { min?: number; max?: number } = {}): number {
  return readNumber(value, field, { integer: true, min: rule.min, max: rule.max });
}

// ── The defence roll (§6.1, §6.7) ────────────────────────────────────────────────────────────

/**
 * Defence target (§6.1, L1716, L1824): active defence + PD + modifiers. The base is the chosen
 * active defence (0 for none); PD is listed as a modifier so the sheet shows it.
 */
export function defenceTarget(
  activeScore: number,
  pd: number,
  modifiers: readonly Modifier[],
): Target {
  const active = int(activeScore, "activeScore");
  const passive = int(pd, "pd", { min: 0 });
  return buildTarget("active-defence", active, [
    { key: "defence.passive", value: passive, source: src("L1716, L1824", "§6.1") },
    ...modifiers,
  ]);
}

/**
 * Defence roll (§6.1, L1786, L1824): 3–4 always succeed (critical), 17–18 always fail
 * (critical), else success on roll ≤ target. Without a chance at all (no active defence and no
 * PD, A1) there is no roll: the result is a plain failure.
 */
export function defenceOutcome(
  roll: number,
  target: number,
  opts: { hadChance?: boolean } = {},
): DefenceOutcome {
  const r = int(roll, "roll", { min: 3, max: 18 });
  const t = int(target, "target");
  if (opts.hadChance === false) return "failure";
  if (r <= 4) return "critical-success";
  if (r >= 17) return "critical-failure";
  return r <= t ? "success" : "failure";
}

/** A1 (L422, L1786, L1824): a defence roll is possible if any active defence is allowed or PD > 0. */
export function defenceHadChance(pd: number, options: readonly { allowed: boolean }[]): boolean {
  return int(pd, "pd", { min: 0 }) > 0 || options.some((o) => o.allowed);
}

export interface CriticalDefenceEffect {
  /** 3–4 on an active defence: the attacker rolls on the Critical Miss Table; not vs ranged attacks (L2596–2598). */
  attackerRollsCriticalMiss: boolean;
  /** 17–18 dodging: the defender loses his footing and falls (L2594). */
  defenderFalls: boolean;
  /** 17–18 blocking: the shield needs a turn to re-ready; its PD still counts (L2594). */
  shieldUnready: boolean;
  /** 17–18 parrying: the defender rolls on the Critical Miss Table (L2594). */
  defenderRollsCriticalMiss: boolean;
}

/**
 * Critical results on defence (§6.7, L2592–2598). A 3–4 on a roll with no active defence (PD
 * only) simply succeeds (ruling: "if you try any defense" reads as an active defence).
 */
export function criticalDefenceEffect(
  outcome: DefenceOutcome,
  defence: ActiveDefence,
  ranged: boolean,
): CriticalDefenceEffect {
  const effect: CriticalDefenceEffect = {
    attackerRollsCriticalMiss: false,
    defenderFalls: false,
    shieldUnready: false,
    defenderRollsCriticalMiss: false,
  };
  const d = readEnum(defence, "defence", ["dodge", "block", "parry", "none"] as const);
  if (outcome === "critical-success") effect.attackerRollsCriticalMiss = !ranged && d !== "none";
  if (outcome === "critical-failure") {
    effect.defenderFalls = d === "dodge";
    effect.shieldUnready = d === "block";
    effect.defenderRollsCriticalMiss = d === "parry";
  }
  return effect;
}

// ── Defence modifier catalog (§6.5) ──────────────────────────────────────────────────────────

export interface DefenceModifierEntry {
  readonly id: string;
  /** The condition, as the spec's §6.5 table words it. */
  readonly condition: string;
  /** The modifier column of the spec's table (markdown emphasis dropped). */
  readonly modifier: string;
  /** Fixed value, or null when it comes from parameters or the row forbids defences. */
  readonly value: number | null;
  readonly rule: string;
  /** Seed lines, as the spec's table cites them (the stunned row cites them in its text). */
  readonly lines: string;
}

/** Defence modifier catalog (spec §6.5 table). */
export const DEFENCE_MODIFIERS: readonly DefenceModifierEntry[] = deepFreeze<
  DefenceModifierEntry[]
>([
  {
    id: "stunned",
    condition: "Stunned",
    modifier:
      '−4 to active defense ([CONFLICT] L2364 says "no active defense"; L1794, L1870, L2580, L3695 say −4. Recommended: −4)',
    value: -4,
    rule: "−4 to every active defence (C2)",
    lines: "",
  },
  {
    id: "feinted",
    condition: "Feinted",
    modifier: "−(feint margin)",
    value: null,
    rule: "−`margin`",
    lines: "L1670",
  },
  {
    id: "kneeling-or-sitting",
    condition: "Posture: kneeling or sitting",
    modifier: "−2 active",
    value: -2,
    rule: "fixed",
    lines: "L2070, L2072",
  },
  {
    id: "crawling-or-lying",
    condition: "Posture: crawling or lying",
    modifier: "−3 active",
    value: -3,
    rule: "fixed",
    lines: "L2071, L2073",
  },
  {
    id: "side-hex",
    condition: "Side-hex attack (Advanced)",
    modifier:
      "Dodge −2; Block −2 only from the shield side; Parry −2 only from the weapon side (either side with a 2-handed weapon)",
    value: -2,
    rule: "−2 for `defence` from `side`; a block from the weapon side or a one-handed parry from the shield side is impossible",
    lines: "L2370, L2384, L2398",
  },
  {
    id: "back-hex",
    condition: "Back-hex attack",
    modifier: "no Dodge, Block or Parry; shield PD does not apply (slung shield PD−1 does)",
    value: null,
    rule: "no active defence (see `allowedDefences`, `passiveDefence`)",
    lines: "L2370, L2406, L2408",
  },
  {
    id: "retreat",
    condition: "Retreat (Dodge only)",
    modifier: "+3",
    value: 3,
    rule: "+3 to a dodge",
    lines: "L2374",
  },
  {
    id: "flail",
    condition: "Flail",
    modifier: "Block −2, Parry −4",
    value: null,
    rule: "`defence`: block −2, parry −4, dodge 0",
    lines: "L1620",
  },
  {
    id: "large-shield",
    condition: "Large shield",
    modifier: "Parry −1 (from the −2 skill)",
    value: -1,
    rule: "−1 to a parry; already in a Parry derived from the reduced skill (§18.2 pitfall 11)",
    lines: "L1098",
  },
  {
    id: "lost-balance",
    condition: "Lost balance (critical miss 7/13)",
    modifier: "−2 active until next turn",
    value: -2,
    rule: "fixed",
    lines: "L2605",
  },
  {
    id: "bulky-object",
    condition: "Bulky object fell on you",
    modifier: "−3 active",
    value: -3,
    rule: "fixed",
    lines: "L3433",
  },
  {
    id: "different-levels",
    condition: "Different levels",
    modifier: "−1/−2/−3 for the lower fighter, +1/+2/+3 for the upper (§13.6)",
    value: null,
    rule: "`feet` of difference and `role`: ≤2 ft 0, ≤3 ∓1, ≤4 ∓2, ≤6 ∓3; over 6 ft no combat",
    lines: "L3375–3381",
  },
  {
    id: "crippled-shield-arm",
    condition: "Crippled shield arm",
    modifier: "cannot block; shield PD −2",
    value: -2,
    rule: "−2 to the shield's PD; no block",
    lines: "L3675",
  },
  {
    id: "all-out-attack",
    condition: "All-Out Attack",
    modifier: "no active defense",
    value: null,
    rule: "no active defence",
    lines: "L1660, L2189",
  },
]);

export interface DefenceModifierParams {
  margin?: number;
  defence?: ActiveDefence;
  side?: "side" | "weapon-side" | "shield-side";
  twoHanded?: boolean;
  feet?: number;
  role?: "upper" | "lower";
}

export function defenceModifierEntry(id: string): DefenceModifierEntry {
  const row = DEFENCE_MODIFIERS.find((m) => m.id === id);
  if (!row)
    throw new InputError(
      "modifier",
      id,
      `expected one of ${DEFENCE_MODIFIERS.map((m) => m.id).join(", ")}`,
    );
  return { ...row };
}

/** The vertical-difference defence modifier (L3371–3383): lower −, upper +. */
function levels(p: DefenceModifierParams): number {
  const feet = readNumber(p.feet, "feet", { min: 0 });
  const role = readEnum(p.role, "role", ["upper", "lower"] as const);
  if (feet > 6)
    throw new InputError(
      "feet",
      feet,
      "over six feet apart the fighters cannot reach each other (L3383)",
    );
  const n = feet <= 2 ? 0 : feet <= 3 ? 1 : feet <= 4 ? 2 : 3;
  return role === "upper" ? n : neg(n);
}

function defenceValue(e: DefenceModifierEntry, p: DefenceModifierParams): number {
  switch (e.id) {
    case "feinted":
      return neg(int(p.margin, "margin", { min: 0 }));
    case "side-hex": {
      const d = readEnum(p.defence, "defence", ["dodge", "block", "parry"] as const);
      const side = readEnum(p.side ?? "side", "side", [
        "side",
        "weapon-side",
        "shield-side",
      ] as const);
      if (d === "block" && side === "weapon-side")
        throw new InputError(
          "side",
          side,
          "a block works only from the front or shield side (L2384)",
        );
      if (d === "parry" && side === "shield-side" && !p.twoHanded) {
        throw new InputError(
          "side",
          side,
          "a one-handed weapon parries only from the front or weapon side (L2398)",
        );
      }
      return -2;
    }
    case "back-hex":
      throw new InputError(
        "modifier",
        e.id,
        "no Dodge, Block or Parry against an attack from the back hex (L2370, L2384, L2398)",
      );
    case "all-out-attack":
      throw new InputError(
        "modifier",
        e.id,
        "an All-Out Attacker has no active defence (L1660, L2189)",
      );
    case "retreat":
      if (p.defence !== undefined && p.defence !== "dodge")
        throw new InputError("defence", p.defence, "retreat goes with a dodge only (L2374)");
      return 3;
    case "flail": {
      const d = readEnum(p.defence, "defence", ["dodge", "block", "parry"] as const);
      return d === "block" ? -2 : d === "parry" ? -4 : 0;
    }
    case "different-levels":
      return levels(p);
    default:
      return e.value!;
  }
}

/** A modifier from the §6.5 catalog with its seed lines as the source (InputError for a prohibition or a bad parameter). */
export function defenceModifier(id: string, params: DefenceModifierParams = {}): Modifier {
  const e = defenceModifierEntry(id);
  const lines = e.id === "stunned" ? "L1794, L1870, L2580, L3695 (C2)" : e.lines;
  return { key: `defence.${e.id}`, value: defenceValue(e, params), source: src(lines) };
}

// ── Which defences are allowed (§6.2, §6.3, §6.4, §6.5, §6.8) ────────────────────────────────

/** Attack kinds of §6.4. `weapon` = an attack on the defender's weapon; `unarmed` = punch, kick. */
export const ATTACK_KINDS = [
  "melee",
  "flail",
  "thrown",
  "missile",
  "bullet",
  "oil-flask",
  "shield-bash",
  "weapon",
  "judo-throw",
  "into-close-combat",
  "close-combat",
  "unarmed",
  "dropped-rock",
  "dropped-boulder",
] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];

/** Ranged kinds: no retreat (L2374), no dodge or block from a side hex (L2370, L2384). */
export const RANGED_KINDS: readonly AttackKind[] = [
  "thrown",
  "missile",
  "bullet",
  "oil-flask",
  "dropped-rock",
  "dropped-boulder",
];

/**
 * Where the attack comes from (Advanced). `side` = a side hex without saying which: treated as
 * the shield side for a block and the weapon side for a parry (ruling). Basic: leave it out.
 */
export const FROM_HEXES = ["front", "side", "weapon-side", "shield-side", "back"] as const;
export type FromHex = (typeof FROM_HEXES)[number];

/**
 * What the defender parries with (§6.3), for which defences an attack allows; the parry
 * score itself is `parryScore` in character.ts.
 */
export const PARRY_WEAPON_KINDS = [
  "weapon",
  "two-handed",
  "knife",
  "fencing",
  "judo",
  "karate",
  "brawling",
  "bare-hands",
] as const;
export type ParryWeaponKind = (typeof PARRY_WEAPON_KINDS)[number];

/** Melee weapon skills (§3.1 ids) as parry kinds, so a skill id may be given for `weaponKind`. */
const SKILL_PARRY: Readonly<Record<string, ParryWeaponKind>> = deepFreeze({
  shortsword: "weapon",
  broadsword: "weapon",
  "axe-mace": "weapon",
  flail: "weapon",
  spear: "weapon",
  "two-handed-sword": "two-handed",
  "two-handed-axe-mace": "two-handed",
  polearm: "two-handed",
  staff: "two-handed",
});

/** A parry kind, or a melee weapon skill id mapped to one (InputError otherwise). */
export function parryKindOf(kind: string): ParryWeaponKind {
  const mapped = ownValue(SKILL_PARRY, kind);
  if (mapped) return mapped;
  return readEnum(kind, "defender.weaponKind", [
    ...PARRY_WEAPON_KINDS,
    ...Object.keys(SKILL_PARRY),
  ]) as ParryWeaponKind;
}

export interface AttackContext {
  kind: AttackKind;
  fromHex?: FromHex;
  /** false: the defender did not know of the attack (backstab, sniper, booby trap; L1796, L2364). */
  known?: boolean;
}

export interface DefenderContext {
  /** The maneuver chosen on his last turn (§6.8); absent = no restriction. */
  maneuver?: string;
  stunned?: boolean;
  unconscious?: boolean;
  readyWeapon?: boolean;
  readyShield?: boolean;
  /** What he would parry with (default `weapon`). */
  weaponKind?: ParryWeaponKind | string;
  posture?: string;
  /** Reloading a missile weapon this turn (Ready): Dodge only (L1588, L2097). */
  reloading?: boolean;
  /** Wants to retreat with his dodge (+3, L2374). */
  retreat?: boolean;
  /** Already retreated this turn (once per turn, L2376). */
  retreatUsed?: boolean;
  /** Held by a foe in close combat: no retreat out of the hex (L2813). */
  held?: boolean;
  /** Lost his balance (critical miss 7/13): −2 (L2605). */
  lostBalance?: boolean;
  /** A bulky object fell on him: −3 (L3433). */
  bulkyObject?: boolean;
  shieldArmCrippled?: boolean;
  /** A pop-up attacker out of cover, under opportunity fire: Dodge only (L2883). */
  poppedUp?: boolean;
  /** Long Action: the defences the GM allows besides Dodge (L1690, L2324). */
  gmAllows?: readonly ActiveDefence[];
  /** C2: "minus-4" (default, L1794, L1870, L2580, L3695) or "no-active" (L2364). */
  stunnedRule?: "minus-4" | "no-active";
}

export interface DefenceOption {
  defence: "dodge" | "block" | "parry";
  allowed: boolean;
  /** Sum of `modifiers`. */
  modifier: number;
  modifiers: Modifier[];
  /** Why it is not allowed. */
  reason?: string;
  /** Retreat (+3) applies to this dodge. */
  retreat: boolean;
  /** Side effects and warnings (spoiled aim, lost reload turn, arm hit on a failed bare-handed parry…). */
  notes: string[];
}

const ACTIVE = ["dodge", "block", "parry"] as const;
type Active = (typeof ACTIVE)[number];

/** What each §6.4 attack kind allows, before facing, readiness and maneuver (spec §6.4 rows). */
const KIND_RULES: Readonly<
  Record<AttackKind, Readonly<Record<Active, boolean>> & { lines: string }>
> = deepFreeze({
  melee: { dodge: true, block: true, parry: true, lines: "L1806, L1812" },
  flail: { dodge: true, block: true, parry: true, lines: "L1620, L4346" },
  thrown: { dodge: true, block: true, parry: true, lines: "L1858 (C9)" },
  missile: { dodge: true, block: true, parry: false, lines: "L1910, L2370, L2384" },
  bullet: { dodge: true, block: false, parry: false, lines: "L1806, L1910" },
  "oil-flask": { dodge: true, block: true, parry: false, lines: "L3054" },
  "shield-bash": { dodge: true, block: true, parry: false, lines: "L3199" },
  weapon: { dodge: true, block: false, parry: true, lines: "L2557–2559" },
  "judo-throw": { dodge: true, block: true, parry: true, lines: "L1894" },
  "into-close-combat": { dodge: true, block: false, parry: false, lines: "L2779" },
  "close-combat": { dodge: true, block: false, parry: true, lines: "L2811–2813" },
  unarmed: { dodge: true, block: true, parry: true, lines: "L1888, L1934" },
  "dropped-rock": { dodge: true, block: false, parry: false, lines: "L3435" },
  "dropped-boulder": { dodge: true, block: false, parry: false, lines: "L3435" },
});

const SIDES: readonly FromHex[] = ["side", "weapon-side", "shield-side"];

/**
 * The active defences open to a defender against one attack (§6.2–§6.5, §6.8), each with its
 * modifiers. Order of checks: unconscious / unknown attack / All-Out Attack / back hex (none),
 * then the attack kind (§6.4), the maneuver (§6.8), readiness and reloading, facing; then the
 * modifiers (stunned C2, posture, side hex, flail, bare hands, lost balance, bulky object,
 * retreat). Feint and different-level modifiers are added by the caller (`defenceModifier`).
 */
export function allowedDefences(
  attack: AttackContext,
  defender: DefenderContext = {},
): DefenceOption[] {
  const kind = readEnum(attack.kind, "attack.kind", ATTACK_KINDS);
  const from =
    attack.fromHex === undefined ? "front" : readEnum(attack.fromHex, "attack.fromHex", FROM_HEXES);
  const parryKind = parryKindOf(defender.weaponKind ?? "weapon");
  const posture = position(
    readEnum(defender.posture ?? "standing", "defender.posture", POSITION_IDS),
  );
  const m = defender.maneuver === undefined ? null : maneuver(defender.maneuver);
  const ranged = RANGED_KINDS.includes(kind);
  const side = SIDES.includes(from);
  const stunnedRule = defender.stunnedRule ?? "minus-4";

  let none: string | null = null;
  if (defender.unconscious) none = "unconscious: passive defence only (L1824, L2364)";
  else if (attack.known === false) none = "an attack he did not know about (L1796, L2364)";
  else if (m?.id === "all-out-attack")
    none = "All-Out Attack: no active defence until his next turn (L1660, L2189)";
  else if (from === "back") none = "attack from the back hex (L2370, L2384, L2398)";
  else if (defender.stunned && stunnedRule === "no-active")
    none = "stunned: no active defence (L2364, C2 option)";

  const rule = KIND_RULES[kind];
  return ACTIVE.map((d): DefenceOption => {
    const out: DefenceOption = {
      defence: d,
      allowed: false,
      modifier: 0,
      modifiers: [],
      retreat: false,
      notes: [],
    };
    const deny = (reason: string): DefenceOption => ({ ...out, reason });
    if (none) return deny(none);
    if (!rule[d]) return deny(`no ${d} against this attack (${kind}, ${rule.lines})`);
    if (defender.poppedUp && d !== "dodge")
      return deny("a pop-up attacker under opportunity fire may only dodge (L2883)");

    const ruleOf: DefenceRule = m ? m.defences[d] : "yes";
    if (ruleOf === "no") return deny(`not after ${m!.name} (§6.8)`);
    if (ruleOf === "gm" && !defender.gmAllows?.includes(d))
      return deny(`${m!.name}: only if the GM allows it (L1690, L2324)`);

    const mods: Modifier[] = [];
    if (d === "dodge") {
      if (ranged && side) return deny("no dodge of a ranged attack from a side hex (L2370)");
      if (side) mods.push(defenceModifier("side-hex", { defence: "dodge", side: "side" }));
      if (kind === "dropped-rock" || kind === "dropped-boulder")
        out.notes.push("or a roll vs DX, whichever is better (L3435)");
    }
    if (d === "block") {
      if (!defender.readyShield) return deny("needs a ready shield (L1806, L2085, L2382)");
      if (defender.shieldArmCrippled) return deny("crippled shield arm: cannot block (L3675)");
      if (defender.reloading)
        return deny("no block while reloading a missile weapon (L1588, L2097)");
      if (side && ranged) return deny("no block of a ranged attack from a side hex (L2384)");
      if (from === "weapon-side") return deny("blocks only from the front or shield side (L2384)");
      if (side) mods.push(defenceModifier("side-hex", { defence: "block", side: "shield-side" }));
      if (kind === "flail") mods.push(defenceModifier("flail", { defence: "block" }));
    }
    if (d === "parry") {
      const unarmed =
        parryKind === "judo" ||
        parryKind === "karate" ||
        parryKind === "brawling" ||
        parryKind === "bare-hands";
      if (!defender.readyWeapon)
        return deny(
          unarmed
            ? "needs empty, ready hands (L1890, L1900)"
            : "needs a ready weapon (L1814, L2085, L2390)",
        );
      if (defender.reloading)
        return deny("no parry while reloading a missile weapon (L1588, L2097)");
      if (kind === "close-combat" && parryKind !== "judo" && parryKind !== "karate") {
        return deny("in close combat only a Judo or Karate parry works (L2811)");
      }
      if (parryKind === "brawling" && kind !== "unarmed")
        return deny("a Brawling parry stops only punches and kicks (L1888)");
      if (kind === "flail" && (parryKind === "knife" || parryKind === "fencing")) {
        return deny("knives and fencing weapons cannot parry a flail (L1620, L4348)");
      }
      if (side && ranged)
        return deny("no parry of a ranged attack from a side hex (ruling, as L2370, L2384)");
      if (from === "shield-side" && parryKind !== "two-handed")
        return deny("a one-handed weapon parries only from the front or weapon side (L2398)");
      if (side)
        mods.push(
          defenceModifier("side-hex", {
            defence: "parry",
            side: from as "side",
            twoHanded: parryKind === "two-handed",
          }),
        );
      if (kind === "flail") mods.push(defenceModifier("flail", { defence: "parry" }));
      if (parryKind === "bare-hands" && kind !== "unarmed") {
        mods.push({ key: "defence.bare-hands-vs-weapon", value: -3, source: src("L1934", "§6.3") });
        out.notes.push(
          "a failed bare-handed parry lets the weapon hit the arm; damage over half HT cripples it (L1934)",
        );
      }
      if (kind === "thrown")
        out.notes.push("parrying a thrown weapon: C9 allows it (L1858 over L1816, L2392)");
    }

    if (defender.stunned) mods.push(defenceModifier("stunned"));
    if (posture.activeDefence !== 0) {
      mods.push(
        defenceModifier(posture.activeDefence === -2 ? "kneeling-or-sitting" : "crawling-or-lying"),
      );
    }
    if (defender.lostBalance) mods.push(defenceModifier("lost-balance"));
    if (defender.bulkyObject) mods.push(defenceModifier("bulky-object"));

    let retreat = false;
    if (d === "dodge" && defender.retreat) {
      const why = retreatBlocked(kind, defender, posture.canRetreat);
      if (why) out.notes.push(`no retreat: ${why}`);
      else {
        retreat = true;
        mods.push(defenceModifier("retreat", { defence: "dodge" }));
        if (defender.poppedUp)
          out.notes.push("dodging and retreating aborts his pop-up attack (L2883)");
      }
    }

    if (defender.reloading && d === "dodge")
      out.notes.push(
        "the turn of reloading is lost; cocking a crossbow starts over (L1588, L2097)",
      );
    if (m?.defences.spoils)
      out.notes.push(`any defence spoils the ${m.defences.spoils} (${m.lines})`);
    const kept = mods.filter((x) => x.value !== 0);
    return { ...out, allowed: true, modifiers: kept, modifier: modifierTotal(kept), retreat };
  });
}

function retreatBlocked(
  kind: AttackKind,
  d: DefenderContext,
  postureAllows: boolean,
): string | null {
  if (RANGED_KINDS.includes(kind)) return "not against a ranged attack (L2374)";
  if (!postureAllows) return "not while sitting or kneeling (L2378)";
  if (d.stunned) return "not while stunned (L2378)";
  if (d.retreatUsed) return "only once per turn (L2376)";
  if ((kind === "close-combat" || kind === "into-close-combat") && d.held)
    return "held by the foe (L2813)";
  return null;
}

/** Defence rolls per attack after this maneuver: 2 under All-Out Defence (L1682, L2233). */
export function defenceRollsPerAttack(maneuverId?: string): 1 | 2 {
  return maneuverId === undefined ? 1 : maneuver(maneuverId).defences.rolls;
}

/**
 * All-Out Defence's second roll (§6.6, L1682, L2233): a different active defence from the first,
 * among those allowed (so the same attack is never dodged twice).
 */
export function secondDefenceOptions(
  first: ActiveDefence,
  options: readonly DefenceOption[],
): DefenceOption[] {
  return options.filter((o) => o.allowed && o.defence !== first);
}

// ── Passive defence (§6.1, L1824–1828, L2402–2408) ───────────────────────────────────────────

export interface PassiveDefenceInput {
  armourPd?: number;
  /** The shield's PD (on the arm, or slung on the back with `shieldSlung`). */
  shieldPd?: number;
  shieldSlung?: boolean;
  /** Lying down: the shield protects against every attack (L2406). */
  lying?: boolean;
  shieldArmCrippled?: boolean;
}

/**
 * Passive defence against one attack (§6.1): armour PD always (even unconscious or unaware,
 * L1824); shield PD only from the front or shield side (L2406) or against anything while lying,
 * never from behind (sneak attack, L1828); a slung shield gives PD−1 from behind only (L2408);
 * a crippled shield arm −2 (L3675). A judo throw ignores PD (L1894); an attack on the weapon
 * meets no body PD (ruling); a boulder is not deflected (L3435).
 */
export function passiveDefence(
  attack: AttackContext,
  input: PassiveDefenceInput = {},
): { value: number; modifiers: Modifier[] } {
  const kind = readEnum(attack.kind, "attack.kind", ATTACK_KINDS);
  const from =
    attack.fromHex === undefined ? "front" : readEnum(attack.fromHex, "attack.fromHex", FROM_HEXES);
  const armour = int(input.armourPd ?? 0, "armourPd", { min: 0 });
  const shield = int(input.shieldPd ?? 0, "shieldPd", { min: 0 });
  if (kind === "judo-throw" || kind === "weapon" || kind === "dropped-boulder")
    return { value: 0, modifiers: [] };
  const mods: Modifier[] = [];
  if (armour > 0)
    mods.push({ key: "defence.armour-pd", value: armour, source: src("L1716, L1826", "§6.1") });
  let sh = 0;
  if (shield > 0) {
    if (input.shieldSlung) sh = from === "back" ? shield - 1 : 0;
    else if (input.lying || (from !== "back" && from !== "weapon-side")) sh = shield;
    if (sh > 0 && input.shieldArmCrippled && !input.shieldSlung) sh = Math.max(0, sh - 2);
  }
  if (sh > 0)
    mods.push({
      key: input.shieldSlung ? "defence.slung-shield-pd" : "defence.shield-pd",
      value: sh,
      source: src("L1828, L2406, L2408", "§6.1"),
    });
  return { value: modifierTotal(mods), modifiers: mods };
}

// ── Per-turn limits (§6.2, C8; §6.6) ─────────────────────────────────────────────────────────

/**
 * Defences used since the defender's last turn (reset with `newDefenceCounters` when his turn
 * starts, L1568): blocks, parries per weapon id, and whether he retreated.
 */
export interface DefenceCounters {
  readonly blocks: number;
  readonly parries: Readonly<Record<string, number>>;
  readonly retreated: boolean;
}

export function newDefenceCounters(): DefenceCounters {
  return { blocks: 0, parries: {}, retreated: false };
}

export interface UseContext {
  /** All-Out Defence this turn. */
  allOutDefence?: boolean;
  /** The parry is a fencing parry (§6.3): 2 per turn, unlimited under All-Out Defence. */
  fencing?: boolean;
  /** The parrying weapon (or hand) id; parries are counted per weapon (C8). */
  weapon?: string;
  /** The dodge includes a retreat (once per turn, L2376). */
  retreat?: boolean;
}

/**
 * Per-turn limit (C8): Dodge unlimited (L1802, L2372); Block 1, 2 under All-Out Defence
 * (L1808, L2386); Parry 1 per ready weapon, fencer 2 (L1778, L2400); under All-Out Defence 2
 * per weapon (L1820, L2233), fencer unlimited (L1778).
 */
export function defenceLimit(defence: ActiveDefence, ctx: UseContext = {}): number {
  const d = readEnum(defence, "defence", ["dodge", "block", "parry", "none"] as const);
  if (d === "dodge" || d === "none") return Infinity;
  if (d === "block") return ctx.allOutDefence ? 2 : 1;
  if (ctx.fencing) return ctx.allOutDefence ? Infinity : 2;
  return ctx.allOutDefence ? 2 : 1;
}

export function canUse(
  counters: DefenceCounters,
  defence: ActiveDefence,
  ctx: UseContext = {},
): boolean {
  const limit = defenceLimit(defence, ctx);
  if (defence === "dodge") return !(ctx.retreat && counters.retreated);
  if (defence === "block") return counters.blocks < limit;
  if (defence === "parry") return (counters.parries[ctx.weapon ?? "weapon"] ?? 0) < limit;
  return true;
}

/** Records one use (a copy); InputError if the limit is spent. */
export function use(
  counters: DefenceCounters,
  defence: ActiveDefence,
  ctx: UseContext = {},
): DefenceCounters {
  if (!canUse(counters, defence, ctx)) {
    throw new InputError(
      "defence",
      defence,
      `no ${defence}${ctx.retreat ? " with retreat" : ""} left this turn (C8, L2376)`,
    );
  }
  if (defence === "block")
    return { ...counters, parries: { ...counters.parries }, blocks: counters.blocks + 1 };
  if (defence === "parry") {
    const w = ctx.weapon ?? "weapon";
    return { ...counters, parries: { ...counters.parries, [w]: (counters.parries[w] ?? 0) + 1 } };
  }
  if (defence === "dodge" && ctx.retreat)
    return { ...counters, parries: { ...counters.parries }, retreated: true };
  return { ...counters, parries: { ...counters.parries } };
}

// ── Special parries (§6.3, L1774–1782, L1888–1902, L1932–1936) ───────────────────────────────

/**
 * Fencing parry qualification (L1778): Fencing skill with a foil, rapier or saber, no shield
 * bigger than small, encumbrance Light (1) or less.
 */
export function fencingParryQualifies(opts: {
  fencingWeapon: boolean;
  shield?: "none" | "buckler" | "small" | "medium" | "large";
  encumbrance: number;
}): boolean {
  const shield = opts.shield ?? "none";
  return (
    opts.fencingWeapon &&
    (shield === "none" || shield === "buckler" || shield === "small") &&
    int(opts.encumbrance, "encumbrance", { min: 0 }) <= 1
  );
}
