/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Counterstriking, darkness, dodging,
 * feint, mounted combat against adjacent foot, strike recovery (seed 000 lines 59-61, 71-127,
 * 177-185, 338-344; docs/rulings.md G30-G39). The types below are what this group adds to the HM3
 * exchange's declaration and result (src/rules/hm3/exchange.ts extends them through ./types.ts);
 * `EML_CATALOG` are its attack-dialog rows, each shown only while its option is on
 * (`CatalogRowOption.option`). The rules themselves are in ./eml-rules.ts (engine) and
 * ./eml-dialog.ts (the Foundry dialogs).
 */
import type { CatalogRowOption } from "../../../core/combat";
import type { Level } from "../tables";

export const MOONS = ["full", "half", "new"] as const;
export type Moon = (typeof MOONS)[number];
export const SKIES = ["clear", "cloudy", "overcast"] as const;
export type Sky = (typeof SKIES)[number];

/** Outdoors at night (seed 000 lines 73-81): the moon's phase and the sky. */
export interface Darkness {
  moon: Moon;
  sky: Sky;
}

/** A weapon's Attack and Defence columns (HM3's weapon data: the Gold Class ×5). */
export interface WeaponClasses {
  attack: number;
  defence: number;
}

/** A mounted fighter (seed 000 lines 181-185; ruling G37). */
export interface Mounted {
  /** Team Initiative: the rider's Riding ML (ruling G37). */
  teamInitiative: number;
  /** The weapon's ML (the skill's, before the weapon's attack column). */
  ml: number;
}

/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export interface EmlAttack {
  /** Feint (000:115-125): EML points sacrificed; the defender defends at −half (G33). */
  feint?: number;
  /** Darkness (000:71-83): fighting outdoors at night; absent: in the light. */
  darkness?: Darkness;
  /** Dodging (000:97): the attacker dodged in the foe's last turn (without a DTA): EML −20. */
  dodged?: boolean;
  /** Strike recovery (000:340): the same weapon struck just before: Attack = min(A, D). */
  recovering?: boolean;
  /** The weapon's Attack and Defence columns, for strike recovery and thrusting in darkness. */
  weaponClass?: WeaponClasses;
  /** The weapon's skill (Flail, Net and Whip cannot feint, 000:125). */
  weaponSkill?: string;
  /** Mounted attacker against adjacent foot (000:181-185). */
  mounted?: Mounted;
}

/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export interface EmlDefence {
  /** Feinting counterstrike (000:127): EML points the counterstriker sacrifices. */
  feint?: number;
  /** A counterstrike after the defender's own Dodge (000:97): EML −20. */
  dodged?: boolean;
  /** A counterstrike with a weapon that struck just before (000:340). */
  recovering?: boolean;
  /** The counterstriking weapon's Attack and Defence columns. */
  weaponClass?: WeaponClasses;
  /** The counterstriking weapon's skill (feinting counterstrikes, 000:125-127). */
  weaponSkill?: string;
  /** A mounted defender: Block with a weapon at Defence −5, Counterstrike as a mounted attack. */
  mounted?: Mounted & { shield?: boolean };
}

/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export type EmlFighter = Record<never, never>;
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export type EmlStrike = Record<never, never>;

/** The unhorsing roll an AF or AS of a mounted attacker calls for (000:185; ruling G38). */
export interface Unhorsing {
  /** The matrix result it replaces (AF or AS). */
  code: "AF" | "AS";
  /** d100 against the Team Initiative (clamped 5..95). */
  roll: number;
  target: number;
  level: Level;
  /** MF or CF: the rider falls (prone). */
  unhorsed: boolean;
}

/** Fields this group adds to the exchange result (`Hm3Result`). */
export interface EmlResult {
  unhorsing?: Unhorsing;
}

/** The nine darkness cells (`sky.moon`), in the dialog's order, with their labels. */
export const DARKNESS_CHOICES: readonly { id: string; labelKey: string }[] = Object.freeze(
  [
    { id: "clear.full", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Darkness.clear.full" },
    { id: "clear.half", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Darkness.clear.half" },
    { id: "clear.new", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Darkness.clear.new" },
    { id: "cloudy.full", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Darkness.cloudy.full" },
    { id: "cloudy.half", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Darkness.cloudy.half" },
    { id: "cloudy.new", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Darkness.cloudy.new" },
    { id: "overcast.full", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Darkness.overcast.full" },
    { id: "overcast.half", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Darkness.overcast.half" },
    { id: "overcast.new", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Darkness.overcast.new" },
  ].map((c) => Object.freeze(c)),
);

/** The attack dialog's rows for this group's decisions. */
export const EML_CATALOG: readonly CatalogRowOption[] = Object.freeze([
  Object.freeze({
    id: "gold.feint",
    labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Catalog.feint",
    option: "feint",
    param: Object.freeze({ kind: "number", min: 1, max: 90, default: 10 }),
  }),
  Object.freeze({
    id: "gold.darkness",
    labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Catalog.darkness",
    option: "darkness",
    param: Object.freeze({
      kind: "choice",
      choices: DARKNESS_CHOICES as { id: string; labelKey: string }[],
    }),
  }),
  Object.freeze({
    id: "gold.dodged",
    labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Catalog.dodged",
    option: "dodging",
    param: null,
  }),
  Object.freeze({
    id: "gold.recovering",
    labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Catalog.recovering",
    option: "strikeRecovery",
    param: null,
  }),
  Object.freeze({
    id: "gold.mounted",
    labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Catalog.mounted",
    option: "mountedCombat",
    param: null,
  }),
] satisfies CatalogRowOption[]);

/** Labels of this group's modifier keys (merged into combat.ts `HM3_MODIFIER_LABELS`). */
export const EML_MODIFIER_LABELS: Readonly<Record<string, string>> = Object.freeze({
  "gold.feint": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.feint",
  "gold.feinted": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.feinted",
  "gold.counterFeinted": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.counterFeinted",
  "gold.darkness": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.darkness",
  "gold.darknessThrusting": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.darknessThrusting",
  "gold.dodged": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.dodged",
  "gold.strikeRecovery": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.strikeRecovery",
  "gold.mounted": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.mounted",
  "gold.mountedAttackClass": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.mountedAttackClass",
  "gold.mountedDefenceClass": "BLOWBYBLOW.HM3.Gold.Eml.Modifier.mountedDefenceClass",
});
