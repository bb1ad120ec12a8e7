/**
 * Dialog fixtures: Sir Aldric (AML 70 with his broadsword, PP 2) attacking a brigand, as the
 * combat flow would hand them to the attack and defence dialogs; the preview is the real HM3
 * EML builder (src/rules/hm3/eml.ts, seed 003 lines 175-181, 208-215), so its refusals are
 * the rules' own InputErrors. Names carry HTML, as users may type.
 */
import type {
  AttackOption,
  AttackRequest,
  ChoiceOptionView,
  FighterSnapshot,
} from "../../../src/core/combat";
import { InputError } from "../../../src/core/errors";
import type { Target } from "../../../src/core/modifiers";
import { hm3Combat } from "../../../src/rules/hm3/combat";
import { meleeEml, missileEml } from "../../../src/rules/hm3/eml";
import { derive, KNIGHT_ITEMS, KNIGHT_SYSTEM } from "../actor-sheet-fixtures";
import type { RangeBand } from "../../../src/rules/hm3/tables";

export const XSS = "<img src=x onerror=alert(1)>";

/**
 * The actor sheets' knight (sword, shield, longbow; src/rules/hm3 derives his figures) as a
 * fighter snapshot, for the real HM3 rules; `swordName` renames his broadsword and
 * `bowEquipped` readies his longbow (not equipped in the fixture).
 */
export function knightSnapshot(
  name: string,
  opts: { swordName?: string; bowEquipped?: boolean } = {},
): FighterSnapshot {
  return {
    actorType: "character",
    name,
    system: KNIGHT_SYSTEM as unknown as Record<string, unknown>,
    derived: derive(KNIGHT_SYSTEM, KNIGHT_ITEMS),
    items: KNIGHT_ITEMS.map((i) => {
      const system = i.system as unknown as Record<string, unknown>;
      return {
        id: i.id,
        type: i.type,
        name: i.id === "wpSword000000001" ? (opts.swordName ?? i.name) : i.name,
        system:
          i.id === "msLongbow0000001" && opts.bowEquipped ? { ...system, equipped: true } : system,
      };
    }),
    conditions: [],
  };
}

export function fighter(name: string): FighterSnapshot {
  return { actorType: "character", name, system: {}, derived: null, items: [], conditions: [] };
}

const ASPECT = (id: string) => `BLOWBYBLOW.HM3.Combat.Aspect.${id}`;
const BAND = (id: string) => `BLOWBYBLOW.HM3.Combat.Band.${id}`;
export const AIMS = [
  { id: "high", labelKey: "BLOWBYBLOW.HM3.Combat.Aim.high" },
  { id: "mid", labelKey: "BLOWBYBLOW.HM3.Combat.Aim.mid" },
  { id: "low", labelKey: "BLOWBYBLOW.HM3.Combat.Aim.low" },
];

export const SWORD: AttackOption = {
  itemId: "wpSword000000001",
  name: `Broadsword ${XSS}`,
  kind: "melee",
  modes: [
    { id: "blunt", labelKey: ASPECT("blunt"), impact: 3 },
    { id: "edge", labelKey: ASPECT("edge"), impact: 5 },
    { id: "point", labelKey: ASPECT("point"), impact: 3 },
  ],
  aims: AIMS,
  bands: [],
};

export const BOW: AttackOption = {
  itemId: "msLongbow0000001",
  name: "Longbow",
  kind: "missile",
  modes: [{ id: "point", labelKey: ASPECT("point"), impact: 0 }],
  aims: AIMS,
  bands: [
    { id: "short", labelKey: BAND("short"), range: 25, impact: 9 },
    { id: "medium", labelKey: BAND("medium"), range: 50, impact: 8 },
    { id: "long", labelKey: BAND("long"), range: 100, impact: 7 },
    { id: "extreme", labelKey: BAND("extreme"), range: 200, impact: 6 },
  ],
};

export const DAGGER: AttackOption = {
  itemId: "wpDagger00000001",
  name: "Dagger",
  kind: "melee",
  modes: [{ id: "point", labelKey: ASPECT("point"), impact: 5 }],
  aims: AIMS,
  bands: [],
  unavailableKey: "BLOWBYBLOW.HM3.Unavailable.NoWeapon",
};

export const OPTIONS: AttackOption[] = [SWORD, BOW, DAGGER];

/** CombatRules.bandFor as HM3 has it: the first band whose range reaches the distance. */
export function bandFor(option: AttackOption, distance: number): string | null {
  return option.bands.find((b) => distance <= b.range)?.id ?? null;
}

/**
 * The attack target as the HM3 rules build it (AML 70 sword, AML 75 bow; PP 2), refusing
 * what they refuse with the same fields (src/rules/hm3/combat.ts): more than 20 hostiles, a
 * custom modifier beyond ±100, no band for a missile. Outnumbered counts against the
 * defender, not in the attacker's EML (ruling R32).
 */
export function preview(request: AttackRequest): Target {
  const option = OPTIONS.find((o) => o.itemId === request.itemId);
  if (!option) throw new Error(`no option ${request.itemId}`);
  const aim = request.aim as "high" | "mid" | "low";
  const n = request.situation.engagingDefender;
  if (n > 20) throw new InputError("situation.engagingDefender", n, "1 to 20");
  if (option.kind === "melee")
    return meleeEml({
      base: 70,
      baseKey: "aml",
      physicalPenalty: 2,
      aim,
      proneOpponent: request.situation.defenderProne,
      custom: request.custom,
    });
  const band =
    request.band ??
    (request.situation.distance === null ? null : bandFor(option, request.situation.distance));
  if (band === null) throw new InputError("band", request.band, "beyond the longest range band");
  return missileEml({
    base: 75,
    baseKey: "aml",
    physicalPenalty: 2,
    aim,
    range: band as RangeBand,
    custom: request.custom,
  });
}

export const SITUATION = { engagingDefender: 2, defenderProne: false, distance: 1 };

export function attackInput(extra: Partial<Record<string, unknown>> = {}) {
  return {
    attacker: fighter(`Sir Aldric ${XSS}`),
    defender: fighter(`Brigand <b>bold</b>`),
    options: OPTIONS,
    situation: { ...SITUATION },
    itemId: null as string | null,
    preview,
    bandFor,
    labels: hm3Combat.labels,
    ...extra,
  };
}

const dml = (base: number, mods: Target["modifiers"]): Target => {
  const raw = base + mods.reduce((t, m) => t + m.value, 0);
  return { baseKey: "dml", base, modifiers: mods, raw, value: Math.min(95, Math.max(5, raw)) };
};

/** The defences a brigand with a shortsword and a round shield may make (PP 1). */
export const DEFENCES: ChoiceOptionView[] = [
  {
    id: "block",
    labelKey: "BLOWBYBLOW.HM3.Defence.block",
    items: [
      {
        itemId: "wpShortsword0001",
        name: `Shortsword ${XSS}`,
        target: dml(55, [{ key: "physicalPenalty", value: -5, source: "seed 003 line 177" }]),
        modes: [],
      },
      {
        itemId: "wpRoundShield001",
        name: "Round shield",
        target: dml(70, [{ key: "physicalPenalty", value: -5, source: "seed 003 line 177" }]),
        modes: [],
      },
    ],
    target: null,
    aims: [],
  },
  {
    id: "counterstrike",
    labelKey: "BLOWBYBLOW.HM3.Defence.counterstrike",
    items: [
      {
        itemId: "wpShortsword0001",
        name: `Shortsword ${XSS}`,
        target: {
          baseKey: "aml",
          base: 60,
          modifiers: [{ key: "physicalPenalty", value: -5, source: "seed 003 line 177" }],
          raw: 55,
          value: 55,
        },
        modes: [
          { id: "edge", labelKey: ASPECT("edge"), impact: 4 },
          { id: "point", labelKey: ASPECT("point"), impact: 3 },
        ],
      },
    ],
    target: null,
    aims: AIMS,
  },
  {
    id: "dodge",
    labelKey: "BLOWBYBLOW.HM3.Defence.dodge",
    items: [],
    target: {
      baseKey: "ml",
      base: 98,
      modifiers: [{ key: "physicalPenalty", value: -5, source: "seed 003 line 177" }],
      raw: 93,
      value: 93,
    },
    aims: [],
  },
  {
    id: "ignore",
    labelKey: "BLOWBYBLOW.HM3.Defence.ignore",
    items: [],
    target: null,
    aims: [],
  },
];

export function defenceInput(optionId: string, options: ChoiceOptionView[] = DEFENCES) {
  return {
    chooser: fighter(`Brigand ${XSS}`),
    options,
    optionId,
    attackerName: `Sir ${XSS}`,
    labels: hm3Combat.labels,
  };
}
