/**
 * What the GURPS Man to Man item sheet shows (weapon with its attack modes and shield stats,
 * missile weapon, armour with its locations grid), as plain data from the item's stored source.
 * The header, tabs and description parts are the system's shared item templates. An item may
 * carry other rulesets' blocks too (a broadsword in both rulesets): they are kept untouched and
 * listed, read-only, for a GM (the generic src/foundry/sheets/other-blocks.ts). Pure.
 */
import { HANDS } from "../../../../../core/hands";
import {
  ARMOUR_LOCATIONS,
  MELEE_SKILL_IDS,
  RANGED_SKILL_IDS,
  SOCIAL_CLASSES,
  WEAPON_QUALITIES,
} from "../../../../../rules/m2m/equipment";
import { SHIELD_SIZES } from "../../../../../rules/m2m/character";
import { DAMAGE_TYPES } from "../../../../../rules/m2m/types";
import { formatWith, type Format, type Localize } from "../../../../sheets/common";
import { otherBlocksContext } from "../../../../sheets/other-blocks";
import {
  ARMOUR_KINDS,
  DAMAGE_BASES,
  M2M_BOUNDS,
  QUALITY_CLASSES,
  RANGED_KINDS,
  REACHES,
  type M2mArmourBlock,
  type M2mItemType,
  type M2mMissileBlock,
  type M2mWeaponBlock,
} from "../../item-data";
import {
  ARMOUR_FLAG_LABEL,
  ARMOUR_KIND_LABEL,
  ARMOUR_LOCATION_LABEL,
  DAMAGE_TYPE_LABEL,
  MODE_BASE_LABEL,
  MODE_FLAG_LABEL,
  QUALITY_CLASS_LABEL,
  QUALITY_LABEL,
  RANGED_KIND_LABEL,
  REACH_LABEL,
  SHIELD_SIZE_LABEL,
  SKILL_LABEL,
  SOCIAL_CLASS_LABEL,
  TEXT,
} from "../labels";
import { GROUP_INPUT, groupSpec } from "./groups";

export type { Format, Localize };

/** Form-only inputs, assembled by ./submit.ts into the list fields they stand for. */
export const FORM_ONLY_PREFIX = "bbb.";
export const REACH_INPUT = `${FORM_ONLY_PREFIX}reach.`;
export const COVERED_INPUT = `${FORM_ONLY_PREFIX}covered.`;

export const ITEM_TAB_IDS = ["details", "description"] as const;
export type ItemTabId = (typeof ITEM_TAB_IDS)[number];
export const ITEM_TAB_LABEL: Readonly<Record<ItemTabId, string>> = Object.freeze({
  details: "BLOWBYBLOW.ItemSheet.Tab.details",
  description: "BLOWBYBLOW.ItemSheet.Tab.description",
});
const TYPE_LABEL: Readonly<Record<M2mItemType, string>> = Object.freeze({
  weapon: "TYPES.Item.weapon",
  missile: "TYPES.Item.missile",
  armour: "TYPES.Item.armour",
});
const HAND_LABEL: Readonly<Record<string, string>> = Object.freeze({
  none: "BLOWBYBLOW.ItemSheet.Hand.none",
  main: "BLOWBYBLOW.ItemSheet.Hand.main",
  off: "BLOWBYBLOW.ItemSheet.Hand.off",
  both: "BLOWBYBLOW.ItemSheet.Hand.both",
});

export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

export interface NumberInput {
  name: string;
  value: number | null;
  min?: number;
  max?: number;
  step: string;
  label: string;
}

export interface TextInput {
  name: string;
  value: string;
  label: string;
}

export interface CheckInput {
  name: string;
  checked: boolean;
  label: string;
}

/** The stored source of an item the sheet shows (`system` with its blocks). */
export interface M2mItemSource {
  type: M2mItemType;
  system: {
    m2m: unknown;
    description?: string;
    quantity?: number;
    weight?: number;
    held?: string;
    carried?: boolean;
    equipped?: boolean;
  } & Record<string, unknown>;
}

export type M2mItemContextInput = M2mItemSource & {
  id?: string | null;
  name: string;
  img: string;
  editable: boolean;
  limited?: boolean;
  /** The viewer is a GM: the other rulesets' blocks are listed. */
  isGM: boolean;
  enrichedDescription?: string;
  activeTab?: string | null;
  localize: Localize;
  format?: Format;
};

interface Tools {
  localize: Localize;
  format: Format;
}

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

function options(
  ids: readonly string[],
  labels: Readonly<Record<string, string>> | null,
  current: string,
  t: Tools,
): Option[] {
  const out = ids.map((id) => ({
    value: id,
    label: labels ? t.localize(labels[id] ?? id) : id,
    selected: id === current,
  }));
  if (!ids.includes(current))
    out.push({
      value: current,
      label: t.format(TEXT.unknownValue, { value: current }),
      selected: true,
    });
  return out;
}

function num(
  name: string,
  value: number | null,
  label: string,
  rule: { min?: number; max?: number; integer?: boolean },
  t: Tools,
): NumberInput {
  const out: NumberInput = {
    name,
    value,
    step: rule.integer ? "1" : "any",
    label: t.localize(label),
  };
  if (rule.min !== undefined) out.min = rule.min;
  if (rule.max !== undefined) out.max = rule.max;
  return out;
}

const check = (name: string, checked: boolean, label: string, t: Tools): CheckInput => ({
  name,
  checked,
  label: t.localize(label),
});

/** An engine id (`ref`, a mode's `technique` and `attack`): "" on a home-made item. */
const textIn = (name: string, value: string, label: string, t: Tools): TextInput => ({
  name,
  value,
  label: t.localize(label),
});

/** The box that switches the nullable group at `path` (`m2m.shield`) on or off (./groups.ts). */
function groupBox(type: M2mItemType, path: string, present: boolean, t: Tools): CheckInput {
  const spec = groupSpec(type, path);
  if (!spec) throw new Error(`Blow by Blow m2m item sheet: no switchable group ${path}`);
  return check(`${GROUP_INPUT}${path}`, present, spec.label, t);
}

/**
 * Which parts the sheet renders: the header alone for a Limited viewer; the other rulesets'
 * blocks (`others`) for a GM only.
 */
export function itemPartsFor(type: M2mItemType, limited: boolean, gm = false): string[] {
  if (limited) return ["header"];
  return ["header", "tabs", type, ...(gm ? ["others"] : []), "description"];
}

// ── Weapon ───────────────────────────────────────────────────────────────────────────────────

function weaponContext(b: M2mWeaponBlock, t: Tools) {
  const B = M2M_BOUNDS;
  const p = "system.m2m";
  return {
    ref: textIn(`${p}.ref`, b.ref, "BLOWBYBLOW.M2M.Sheet.Item.ref", t),
    quality: {
      name: `${p}.quality`,
      options: options(WEAPON_QUALITIES, QUALITY_LABEL, b.quality, t),
    },
    qualityClass: {
      name: `${p}.qualityClass`,
      options: options(QUALITY_CLASSES, QUALITY_CLASS_LABEL, b.qualityClass, t),
    },
    breakResistant: check(
      `${p}.breakResistant`,
      b.breakResistant,
      "BLOWBYBLOW.M2M.Sheet.Item.breakResistant",
      t,
    ),
    cost: num(`${p}.cost`, b.cost, "BLOWBYBLOW.M2M.Sheet.Item.cost", B.cost, t),
    weight: num(`${p}.weight`, b.weight, "BLOWBYBLOW.M2M.Sheet.Item.weight", B.weight, t),
    modes: b.modes.map((m, i) => {
      const at = `${p}.modes.${i}`;
      return {
        index: i,
        technique: textIn(`${at}.technique`, m.technique, "BLOWBYBLOW.M2M.Sheet.Item.technique", t),
        attack: textIn(`${at}.attack`, m.attack, "BLOWBYBLOW.M2M.Sheet.Item.attack", t),
        skill: { name: `${at}.skill`, options: options(MELEE_SKILL_IDS, SKILL_LABEL, m.skill, t) },
        base: { name: `${at}.base`, options: options(DAMAGE_BASES, MODE_BASE_LABEL, m.base, t) },
        type: { name: `${at}.type`, options: options(DAMAGE_TYPES, DAMAGE_TYPE_LABEL, m.type, t) },
        mod: num(`${at}.mod`, m.mod, TEXT.mod, B.mod, t),
        mdGroup: groupBox("weapon", `m2m.modes.${i}.md`, m.md !== null, t),
        md: m.md
          ? {
              dice: num(`${at}.md.dice`, m.md.dice, TEXT.md, B.mdDice, t),
              adds: num(`${at}.md.adds`, m.md.adds, TEXT.md, B.mdAdds, t),
            }
          : null,
        reach: REACHES.map((r) => ({
          name: `${REACH_INPUT}${i}.${r}`,
          label: t.localize(REACH_LABEL[r]),
          checked: m.reach.includes(r),
        })),
        minST: num(`${at}.minST`, m.minST, TEXT.minST, B.minST, t),
        hands: num(`${at}.hands`, m.hands, TEXT.hands, B.hands, t),
        readyAfter: num(`${at}.readyAfter`, m.readyAfter, TEXT.readyAfter, B.readyAfter, t),
        flags: (Object.keys(MODE_FLAG_LABEL) as (keyof typeof MODE_FLAG_LABEL)[]).map((f) =>
          check(`${at}.${f}`, m[f], MODE_FLAG_LABEL[f], t),
        ),
      };
    }),
    shieldGroup: groupBox("weapon", "m2m.shield", b.shield !== null, t),
    shield: b.shield
      ? {
          size: {
            name: `${p}.shield.size`,
            options: options(SHIELD_SIZES, SHIELD_SIZE_LABEL, b.shield.size, t),
          },
          pd: num(`${p}.shield.pd`, b.shield.pd, TEXT.pd, B.shieldPd, t),
          dr: num(`${p}.shield.dr`, b.shield.dr, TEXT.dr, B.shieldDr, t),
          hitsGroup: groupBox("weapon", "m2m.shield.hits", b.shield.hits !== null, t),
          hits: b.shield.hits
            ? {
                penetrate: num(
                  `${p}.shield.hits.penetrate`,
                  b.shield.hits.penetrate,
                  "BLOWBYBLOW.M2M.Sheet.Item.hitsPenetrate",
                  B.hits,
                  t,
                ),
                total: num(
                  `${p}.shield.hits.total`,
                  b.shield.hits.total,
                  "BLOWBYBLOW.M2M.Sheet.Item.hitsTotal",
                  B.hits,
                  t,
                ),
              }
            : null,
          spiked: check(
            `${p}.shield.spiked`,
            b.shield.spiked,
            "BLOWBYBLOW.M2M.Sheet.Item.spiked",
            t,
          ),
        }
      : null,
  };
}

// ── Missile weapon ───────────────────────────────────────────────────────────────────────────

function missileContext(b: M2mMissileBlock, t: Tools) {
  const B = M2M_BOUNDS;
  const p = "system.m2m";
  // Each range row; ½D may be unknown (null), switched with its box like the other groups.
  const formula = (key: "increment" | "half" | "max", label: string) => {
    const f = b[key];
    return {
      key,
      label: t.localize(label),
      group: key === "half" ? groupBox("missile", "m2m.half", f !== null, t) : null,
      perST: f
        ? num(`${p}.${key}.perST`, f.perST, "BLOWBYBLOW.M2M.Sheet.Item.perST", B.perST, t)
        : null,
      add: f ? num(`${p}.${key}.add`, f.add, "BLOWBYBLOW.M2M.Sheet.Item.add", B.add, t) : null,
    };
  };
  return {
    ref: textIn(`${p}.ref`, b.ref, "BLOWBYBLOW.M2M.Sheet.Item.ref", t),
    skill: { name: `${p}.skill`, options: options(RANGED_SKILL_IDS, SKILL_LABEL, b.skill, t) },
    kind: { name: `${p}.kind`, options: options(RANGED_KINDS, RANGED_KIND_LABEL, b.kind, t) },
    damageGroup: groupBox("missile", "m2m.damage", b.damage !== null, t),
    damage: b.damage
      ? {
          base: {
            name: `${p}.damage.base`,
            options: options(DAMAGE_BASES, MODE_BASE_LABEL, b.damage.base, t),
          },
          type: {
            name: `${p}.damage.type`,
            options: options(DAMAGE_TYPES, DAMAGE_TYPE_LABEL, b.damage.type, t),
          },
          mod: num(`${p}.damage.mod`, b.damage.mod, TEXT.mod, B.mod, t),
          mdGroup: groupBox("missile", "m2m.damage.md", b.damage.md !== null, t),
          md: b.damage.md
            ? {
                dice: num(`${p}.damage.md.dice`, b.damage.md.dice, TEXT.md, B.mdDice, t),
                adds: num(`${p}.damage.md.adds`, b.damage.md.adds, TEXT.md, B.mdAdds, t),
              }
            : null,
        }
      : null,
    pb: num(`${p}.pb`, b.pb, "BLOWBYBLOW.M2M.Sheet.Item.pb", B.pb, t),
    ranges: [
      formula("increment", "BLOWBYBLOW.M2M.Sheet.Item.increment"),
      formula("half", "BLOWBYBLOW.M2M.Sheet.Item.half"),
      formula("max", "BLOWBYBLOW.M2M.Sheet.Item.max"),
    ],
    handsGroup: groupBox("missile", "m2m.hands", b.hands !== null, t),
    hands: b.hands
      ? {
          fire: num(
            `${p}.hands.fire`,
            b.hands.fire,
            "BLOWBYBLOW.M2M.Sheet.Item.handsFire",
            B.hands,
            t,
          ),
          load: num(
            `${p}.hands.load`,
            b.hands.load,
            "BLOWBYBLOW.M2M.Sheet.Item.handsLoad",
            B.hands,
            t,
          ),
        }
      : null,
    usesBowST: check(`${p}.usesBowST`, b.usesBowST, "BLOWBYBLOW.M2M.Sheet.Item.usesBowST", t),
    bowST: num(`${p}.bowST`, b.bowST, "BLOWBYBLOW.M2M.Sheet.Item.bowST", B.bowST, t),
    reloadTurns: num(
      `${p}.reloadTurns`,
      b.reloadTurns,
      "BLOWBYBLOW.M2M.Sheet.Item.reloadTurns",
      B.reloadTurns,
      t,
    ),
    minST: num(`${p}.minST`, b.minST, TEXT.minST, B.minST, t),
    cost: num(`${p}.cost`, b.cost, "BLOWBYBLOW.M2M.Sheet.Item.cost", B.costRequired, t),
    costPerShot: num(
      `${p}.costPerShot`,
      b.costPerShot,
      "BLOWBYBLOW.M2M.Sheet.Item.costPerShot",
      B.cost,
      t,
    ),
    weight: num(`${p}.weight`, b.weight, "BLOWBYBLOW.M2M.Sheet.Item.weight", B.weightRequired, t),
  };
}

// ── Armour ───────────────────────────────────────────────────────────────────────────────────

function armourContext(b: M2mArmourBlock, t: Tools) {
  const B = M2M_BOUNDS;
  const p = "system.m2m";
  const rows = ARMOUR_LOCATIONS.map((l) => {
    const i = b.locations.findIndex((x) => x.location === l);
    const entry = b.locations[i];
    const at = `${p}.locations.${i}`;
    return {
      id: l,
      label: t.localize(ARMOUR_LOCATION_LABEL[l]),
      covered: { name: `${COVERED_INPUT}${l}`, checked: entry !== undefined },
      cells: entry
        ? [
            num(`${at}.pd`, entry.pd, TEXT.pd, B.pd, t),
            num(`${at}.dr`, entry.dr, TEXT.dr, B.dr, t),
            num(`${at}.pdVsImpaling`, entry.pdVsImpaling, TEXT.pd, B.pd, t),
            num(`${at}.drVsImpaling`, entry.drVsImpaling, TEXT.dr, B.dr, t),
          ]
        : [],
    };
  });
  return {
    ref: textIn(`${p}.ref`, b.ref, "BLOWBYBLOW.M2M.Sheet.Item.ref", t),
    kind: { name: `${p}.kind`, options: options(ARMOUR_KINDS, ARMOUR_KIND_LABEL, b.kind, t) },
    rows,
    flags: (Object.keys(ARMOUR_FLAG_LABEL) as (keyof typeof ARMOUR_FLAG_LABEL)[]).map((f) =>
      check(`${p}.${f}`, b[f], ARMOUR_FLAG_LABEL[f], t),
    ),
    numbers: [
      num(
        `${p}.weaponSkillMod`,
        b.weaponSkillMod,
        "BLOWBYBLOW.M2M.Sheet.Item.weaponSkillMod",
        B.skillMod,
        t,
      ),
      num(
        `${p}.perceptionMod`,
        b.perceptionMod,
        "BLOWBYBLOW.M2M.Sheet.Item.perceptionMod",
        B.perceptionMod,
        t,
      ),
      num(`${p}.punchBonus`, b.punchBonus, "BLOWBYBLOW.M2M.Sheet.Item.punchBonus", B.bonus, t),
      num(`${p}.kickBonus`, b.kickBonus, "BLOWBYBLOW.M2M.Sheet.Item.kickBonus", B.bonus, t),
      num(`${p}.cost`, b.cost, "BLOWBYBLOW.M2M.Sheet.Item.cost", B.cost, t),
      num(`${p}.weight`, b.weight, "BLOWBYBLOW.M2M.Sheet.Item.weight", B.weightRequired, t),
    ],
    costByClassGroup: groupBox("armour", "m2m.costByClass", b.costByClass !== null, t),
    costByClass: b.costByClass
      ? SOCIAL_CLASSES.map((c) =>
          num(`${p}.costByClass.${c}`, b.costByClass![c], SOCIAL_CLASS_LABEL[c], B.classCost, t),
        )
      : null,
  };
}

// ── The whole context ────────────────────────────────────────────────────────────────────────

export function m2mItemContext(input: M2mItemContextInput) {
  const t: Tools = { localize: input.localize, format: input.format ?? formatWith(input.localize) };
  const s = input.system;
  const active = (ITEM_TAB_IDS as readonly string[]).includes(input.activeTab ?? "")
    ? (input.activeTab as ItemTabId)
    : "details";
  const tab = (id: ItemTabId) => ({
    id,
    group: "primary",
    active: id === active,
    cssClass: id === active ? "active" : "",
    label: t.localize(ITEM_TAB_LABEL[id]),
  });
  return {
    item: {
      id: input.id ?? null,
      name: input.name,
      img: input.img,
      type: input.type,
      typeLabel: t.localize(TYPE_LABEL[input.type]),
    },
    imgAlt: t.format("BLOWBYBLOW.ItemSheet.Field.image", { name: input.name }),
    editable: input.editable,
    limited: input.limited ?? false,
    physical: {
      quantity: s.quantity ?? 1,
      weight: s.weight ?? 0,
      carried: s.carried ?? false,
      equipped: s.equipped ?? false,
      equippedLabel: t.localize(
        input.type === "armour"
          ? "BLOWBYBLOW.ItemSheet.Field.worn"
          : "BLOWBYBLOW.ItemSheet.Field.equipped",
      ),
      handOptions: options(HANDS, HAND_LABEL, s.held ?? "none", t),
    },
    tabs: { details: tab("details"), description: tab("description") },
    description: {
      source: s.description ?? "",
      enriched: input.enrichedDescription ?? s.description ?? "",
    },
    weapon: input.type === "weapon" ? weaponContext(s.m2m as M2mWeaponBlock, t) : null,
    missile: input.type === "missile" ? missileContext(s.m2m as M2mMissileBlock, t) : null,
    armour: input.type === "armour" ? armourContext(s.m2m as M2mArmourBlock, t) : null,
    others: otherBlocksContext({
      type: input.type,
      system: s,
      own: "m2m",
      isGM: input.isGM,
      localize: t.localize,
      format: t.format,
    }),
  };
}

export type M2mItemSheetContext = ReturnType<typeof m2mItemContext>;
