/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Shock, fumble and stumble roll bonuses, penalties and skills; non-lethal attacks (disarm, sweep, tackle); unarmed combat styles (seed 000 lines 156-169, 187-229, 346-366).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `ROLLS_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 *
 * The rules themselves: rolls-efs.ts (E/F/S bonuses and skills), rolls-nonlethal.ts (disarm,
 * sweep, tackle), rolls-unarmed.ts (styles, Kamtóla skill base, technique rolls), rolls-parse.ts
 * (the CLI fields). Rulings G40-G49 (docs/rulings.md).
 */
import type { CatalogRowOption } from "../../../core/combat";
import type { EfsCheck, EfsKind, IpBand, RollSkills } from "./rolls-efs";

export type { EfsCheck, EfsKind, IpBand, RollSkills } from "./rolls-efs";

/** The non-lethal melee attacks of seed 000 lines 187-229. */
export const NON_LETHAL_KINDS = Object.freeze(["disarm", "sweep", "tackle"] as const);
export type NonLethalKind = (typeof NON_LETHAL_KINDS)[number];

/** The unarmed combat styles of seed 000 lines 351-354. */
export const UNARMED_STYLES = Object.freeze([
  "brawling",
  "wrestling",
  "kamtola",
  "sashata",
] as const);
export type UnarmedStyle = (typeof UNARMED_STYLES)[number];
export const UNARMED_MODES = Object.freeze(["strike", "grapple"] as const);
export type UnarmedMode = (typeof UNARMED_MODES)[number];

/** How the disarmed weapon is held (000:201): one hand, both hands (+DEX), strapped (+2×DEX). */
export const GRIPS = Object.freeze(["one", "two", "strapped"] as const);
export type Grip = (typeof GRIPS)[number];

/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export interface RollsAttack {
  /** A non-lethal attack (nonLethalAttacks, 000:187-229). */
  nonLethal?: NonLethalKind;
  /** Sweep: the weapon has a hook or fluke (000:209, −20 more). */
  hooked?: boolean;
  /** Disarm with disarmWeaponMass (000:203): the attacking weapon's weight, lb. */
  weight?: number;
  /** Tackle: d6 of incidental Blunt impact from the ground, 0-2 (000:225, ruling G47). */
  ground?: number;
  /** An unarmed attack's style and mode (unarmedStyles, 000:351-354). */
  unarmed?: { style: UnarmedStyle; mode: UnarmedMode };
  /**
   * A specialised technique that forces a roll (unarmedTechniquePenalties, 000:366): the roll
   * and the martial artist's Skill Index.
   */
  technique?: { roll: EfsKind; si: number };
}
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export type RollsDefence = Record<never, never>;
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export interface RollsFighter {
  /** MLs of the rolls' skills with injuryRollSkills (000:169, ruling G42). */
  rollSkills?: RollSkills;
  /** The weapon in hand's weight, lb (disarmWeaponMass, 000:203). */
  weaponWeight?: number;
  /** How that weapon is held (disarm, 000:201); absent: one hand. */
  grip?: Grip;
  /** Its legs cannot all be grasped (tackle, 000:226; ruling G47). */
  quadruped?: boolean;
}
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export interface RollsStrike {
  /**
   * injuryRollBonus (000:156-167): the wound's Injury Point band (ruling G40) and the d100
   * points its Shock and ♦ rolls took.
   */
  injuryRoll?: { ip: IpBand; points: number };
}

/** What a non-lethal attack did (000:187-229). */
export interface NonLethalOutcome {
  kind: NonLethalKind;
  /** n of the attacker's A★n (or B★n); null: no attacker strike (a miss). */
  strikeDice: number | null;
  /** The Gold modifiers of the roll, in d100 points, itemised. */
  modifiers: { key: string; value: number; source: string }[];
  /** The defender's Fumble (disarm) or Stumble (sweep, tackled quadruped) roll. */
  check: EfsCheck | null;
  /** Tackle on a quadruped: the 5d6 tangle penalty roll. */
  tangle: { values: number[]; total: number } | null;
  /** Disarm failed: the 1d10 landing roll and hex (000:199). */
  landing: { roll: number; hex: "N" | "NE" | "SE" | "S" | "SW" | "NW" | "same" } | null;
  /** sweepBigTargets: the defender is 2+ size classes larger, the sweep has no effect (000:219). */
  bigTarget: boolean;
  defenderDisarmed: boolean;
  defenderProne: boolean;
  attackerProne: boolean;
  /** Tackle: the tackler holds the opponent's legs (000:225-226). */
  hold: boolean;
  /** Who gains a Tactical Advantage from it. */
  tacticalAdvantage: "attacker" | "defender" | null;
  /** The roll succeeded: the defender keeps weapon or footing and the Turn ends. */
  turnEnds: boolean;
}

/** A technique's forced roll (000:366). */
export interface TechniqueOutcome {
  roll: EfsKind;
  si: number;
  /** SI ×5 (CS), ×2 (MS), ×0 (MF), as a negative d100 figure. */
  penalty: number;
  check: EfsCheck;
}

/** Fields this group adds to the exchange result (`Hm3Result`). */
export interface RollsResult {
  nonLethal?: NonLethalOutcome;
  technique?: TechniqueOutcome;
}

/** The attack dialog's rows for this group's decisions (keys written out for the lang audit). */
export const ROLLS_CATALOG: readonly CatalogRowOption[] = Object.freeze([
  Object.freeze({
    id: "gold.disarm",
    labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Row.disarm",
    option: "nonLethalAttacks",
    param: Object.freeze({
      kind: "choice" as const,
      choices: [
        { id: "one", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Grip.one" },
        { id: "two", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Grip.two" },
        { id: "strapped", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Grip.strapped" },
      ],
    }),
  }),
  Object.freeze({
    id: "gold.sweep",
    labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Row.sweep",
    option: "nonLethalAttacks",
    param: Object.freeze({
      kind: "choice" as const,
      choices: [
        { id: "plain", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Hook.plain" },
        { id: "hooked", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Hook.hooked" },
      ],
    }),
  }),
  Object.freeze({
    id: "gold.tackle",
    labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Row.tackle",
    option: "nonLethalAttacks",
    param: Object.freeze({ kind: "number" as const, min: 0, max: 2, default: 0 }),
  }),
  Object.freeze({
    id: "gold.unarmed",
    labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Row.unarmed",
    option: "unarmedStyles",
    param: Object.freeze({
      kind: "choice" as const,
      choices: [
        { id: "strike", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Mode.strike" },
        { id: "grapple", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Mode.grapple" },
      ],
    }),
  }),
  Object.freeze({
    id: "gold.technique",
    labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Row.technique",
    option: "unarmedTechniquePenalties",
    param: Object.freeze({
      kind: "choice" as const,
      choices: [
        { id: "shock", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Roll.shock" },
        { id: "fumble", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Roll.fumble" },
        { id: "stumble", labelKey: "BLOWBYBLOW.HM3.Gold.Rolls.Roll.stumble" },
      ],
    }),
  }),
]);

/** Labels of the attack EML modifiers this group adds (combat.ts `HM3_MODIFIER_LABELS`). */
export const ROLLS_MODIFIER_LABELS: Readonly<Record<string, string>> = Object.freeze({
  "gold.disarm": "BLOWBYBLOW.Modifier.gold.disarm",
  "gold.sweep": "BLOWBYBLOW.Modifier.gold.sweep",
  "gold.tackle": "BLOWBYBLOW.Modifier.gold.tackle",
  "gold.unarmedStyle": "BLOWBYBLOW.Modifier.gold.unarmedStyle",
});
