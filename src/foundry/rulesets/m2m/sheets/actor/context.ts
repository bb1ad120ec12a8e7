/**
 * What the GURPS Man to Man actor sheet shows, as plain data: pure functions from the stored
 * `system.m2m` block, the actor's items and the figures the data model derived
 * (`deriveM2mActor`, ../../character-input.ts) to the templates' context. Every figure comes
 * from the derivation or from an engine function (point costs, damage for the wielder's ST,
 * hit-point and fatigue thresholds); nothing is computed here but layout and labels. Creatures
 * use the same sheet. Names are left as text: Handlebars escapes them.
 */
import type { Target } from "../../../../../core/modifiers";
import { attributeCost, ADVANTAGE_IDS, ADVANTAGES } from "../../../../../rules/m2m/character";
import { fatigueThresholds, hitPointThresholds } from "../../../../../rules/m2m/injury";
import { ATTRIBUTES, RACE_IDS } from "../../../../../rules/m2m/races";
import { SKILL_IDS, type SkillId } from "../../../../../rules/m2m/skills";
import { POSITION_IDS } from "../../../../../rules/m2m/maneuvers";
import { HIT_LOCATIONS, type HitLocation } from "../../../../../rules/m2m/types";
import {
  formatWith,
  signed,
  targetTooltip,
  type Format,
  type Localize,
} from "../../../../sheets/common";
import {
  ATTRIBUTE_BASES,
  CRIPPLABLE_LOCATIONS,
  M2M_BOUNDS,
  m2mLabelFor,
  type M2mCharacterBlock,
  type M2mCreatureBlock,
} from "../../character-data";
import type { M2mActorDerived } from "../../character-input";
import { meleeAttack, rangedAttack } from "../../item-convert";
import type { M2mMissileBlock, M2mWeaponBlock } from "../../item-data";
import {
  ATTRIBUTE_ABBR,
  BASIS_LABEL,
  DAMAGE_TYPE_LABEL,
  DIFFICULTY_LABEL,
  ENCUMBRANCE_LABEL,
  LOCATION_LABEL,
  MODE_BASE_LABEL,
  POSITION_LABEL,
  RACE_LABEL,
  SKILL_LABEL,
  TARGET_LABELS,
  TEXT,
} from "../labels";

export type { Format, Localize };

export type M2mActorType = "character" | "creature";

/** The actor's tabs, in order. */
export const TAB_IDS = ["attributes", "skills", "combat", "description"] as const;
export type M2mTabId = (typeof TAB_IDS)[number];
export const TAB_LABEL: Readonly<Record<M2mTabId, string>> = Object.freeze({
  attributes: "BLOWBYBLOW.ActorSheet.Tab.attributes",
  skills: "BLOWBYBLOW.ActorSheet.Tab.skills",
  combat: "BLOWBYBLOW.ActorSheet.Tab.combat",
  description: "BLOWBYBLOW.ActorSheet.Tab.description",
});

/** Form-only inputs (assembled by ./submit.ts into the fields they stand for). */
export const FORM_ONLY_PREFIX = "bbb.";
export const CRIPPLED_INPUT = `${FORM_ONLY_PREFIX}crippled.`;

/** An item of the actor as the sheet reads it (stored source). */
export interface M2mSheetItem {
  id: string;
  name: string;
  img: string;
  type: string;
  system: { m2m?: unknown; quantity?: number; equipped?: boolean; carried?: boolean } & Record<
    string,
    unknown
  >;
}

export interface M2mActorContextInput {
  type: M2mActorType;
  name: string;
  img: string;
  system: { m2m: M2mCharacterBlock | M2mCreatureBlock; description?: string };
  /** What the data model derived, or null (with `derivationError`). */
  derived: M2mActorDerived | null;
  derivationError?: string | null;
  items: readonly M2mSheetItem[];
  editable: boolean;
  limited?: boolean;
  enrichedDescription?: string;
  activeTab?: string | null;
  localize: Localize;
  format?: Format;
}

export interface TabContext {
  id: M2mTabId;
  group: "primary";
  active: boolean;
  cssClass: string;
  label: string;
}

export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

export interface Figure {
  id: string;
  label: string;
  value: string;
  tooltip: string;
}

interface Tools {
  localize: Localize;
  format: Format;
}

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

function options(
  ids: readonly string[],
  labels: Readonly<Record<string, string>>,
  current: string,
  t: Tools,
): Option[] {
  const out = ids.map((id) => ({
    value: id,
    label: t.localize(labels[id] ?? id),
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

const tip = (target: Target, t: Tools) => targetTooltip(target, t.localize, TARGET_LABELS);

function figure(id: string, label: string, target: Target | null, t: Tools): Figure {
  return {
    id,
    label: t.localize(label),
    value: target ? String(target.value) : "—",
    tooltip: target ? tip(target, t) : "",
  };
}

/** A damage expression as the book prints it: `2d+1`, `1d−2`, `3d`. */
export function damageText(e: { dice: number; adds: number }): string {
  return e.adds === 0 ? `${e.dice}d` : `${e.dice}d${signed(e.adds)}`;
}

/** Which parts the sheet renders: the header and description alone for a Limited viewer. */
export function partsFor(limited: boolean): string[] {
  return limited ? ["header", "limited"] : ["header", "tabs", ...TAB_IDS];
}

export function tabsContext(active: string | null | undefined, t: Tools): TabContext[] {
  const current = (TAB_IDS as readonly string[]).includes(active ?? "") ? active : "attributes";
  return TAB_IDS.map((id) => ({
    id,
    group: "primary",
    active: id === current,
    cssClass: id === current ? "active" : "",
    label: t.localize(TAB_LABEL[id]),
  }));
}

// ── Header ───────────────────────────────────────────────────────────────────────────────────

export interface ConditionContext {
  id: string;
  label: string;
  shock: boolean;
}

/** The current conditions of the encounter state (stored by the combat flow), in sheet order. */
export function conditionsOf(block: M2mCharacterBlock, t: Tools): ConditionContext[] {
  const e = block.encounter;
  const out: ConditionContext[] = [];
  const flag = (id: keyof M2mCharacterBlock["encounter"]) =>
    out.push({ id, label: t.localize(m2mLabelFor(`m2m.encounter.${id}`)), shock: false });
  if (e.dead) flag("dead");
  if (e.unconscious) flag("unconscious");
  if (e.stunned) flag("stunned");
  if (e.shock > 0)
    out.push({
      id: "shock",
      label: t.format(TEXT.shockCondition, { value: signed(-e.shock) }),
      shock: true,
    });
  for (const l of e.crippled)
    out.push({
      id: `crippled-${l}`,
      label: t.format(TEXT.crippledCondition, { location: t.localize(LOCATION_LABEL[l]) }),
      shock: false,
    });
  if (e.offBalance) flag("offBalance");
  if (e.position !== "standing")
    out.push({ id: "position", label: t.localize(POSITION_LABEL[e.position]), shock: false });
  return out;
}

// ── Attributes, advantages, points ───────────────────────────────────────────────────────────

export interface AttributeContext {
  id: string;
  abbr: string;
  label: string;
  name: string;
  value: number;
  min: number;
  max: number;
  /** Final score after the race (derived), or "—". */
  final: string;
  /** Point cost of the bought score (the engine's attribute table), or "—". */
  cost: string;
}

export interface AdvantageContext {
  id: string;
  label: string;
  name: string;
  value: number;
  options: Option[];
  cost: string;
  free: boolean;
}

function attributesContext(input: M2mActorContextInput, t: Tools) {
  const block = input.system.m2m;
  const d = input.derived?.character ?? null;
  const list: AttributeContext[] = ATTRIBUTES.map((a) => ({
    id: a,
    abbr: t.localize(ATTRIBUTE_ABBR[a]),
    label: t.localize(m2mLabelFor(`m2m.attributes.${a}`)),
    name: `system.m2m.attributes.${a}`,
    value: block.attributes[a],
    min: M2M_BOUNDS.attribute.min!,
    max: M2M_BOUNDS.attribute.max!,
    final: d ? String(d.attributes[a]) : "—",
    cost: d ? String(attributeCost(d.bought[a])) : "—",
  }));
  const advantages: AdvantageContext[] = ADVANTAGE_IDS.map((id) => {
    const derived = d?.advantages.find((x) => x.id === id);
    const levels = ADVANTAGES[id].costs.length;
    const value = block.advantages[id];
    return {
      id,
      label: t.localize(m2mLabelFor(`m2m.advantages.${id}`)),
      name: `system.m2m.advantages.${id}`,
      value,
      options: Array.from({ length: levels + 1 }, (_, level) => ({
        value: String(level),
        label: level === 0 ? "—" : levels === 1 ? "✓" : String(level),
        selected: level === value,
      })),
      cost: derived ? String(derived.cost) : d ? "0" : "—",
      free: derived?.free ?? false,
    };
  });
  const points = d
    ? [
        ["attributes", TEXT.pointsAttributes, d.points.attributes],
        ["race", TEXT.pointsRace, d.points.race],
        ["advantages", TEXT.pointsAdvantages, d.points.advantages],
        ["skills", TEXT.pointsSkills, d.points.skills],
        ["total", TEXT.pointsTotal, d.points.total],
      ].map(([id, label, value]) => ({
        id: String(id),
        label: t.localize(String(label)),
        value: String(value),
      }))
    : [];
  return {
    list,
    basis: {
      name: "system.m2m.attributeBasis",
      options: options(ATTRIBUTE_BASES, BASIS_LABEL, block.attributeBasis, t),
    },
    race: { name: "system.m2m.race", options: options(RACE_IDS, RACE_LABEL, block.race, t) },
    advantages,
    points,
  };
}

// ── Skills ───────────────────────────────────────────────────────────────────────────────────

export interface SkillRow {
  id: string;
  label: string;
  /** Index in `system.m2m.skills`, or null for a skill listed for a ready weapon only. */
  index: number | null;
  pointsName: string | null;
  points: number;
  difficulty: string;
  /** The level on the sheet and where it comes from ("points" or "default DX−5"). */
  level: string;
  from: string;
  /** The level with the standing modifiers, and their story. */
  effective: string;
  tooltip: string;
}

function skillsContext(input: M2mActorContextInput, t: Tools) {
  const block = input.system.m2m;
  const derived = input.derived?.character.skills ?? {};
  const row = (id: SkillId, index: number | null, points: number): SkillRow => {
    const d = derived[id];
    const from = d
      ? d.from === "points"
        ? t.localize(TEXT.fromPoints)
        : t.format(TEXT.fromDefault, {
            from: t.localize(
              d.from === "DX"
                ? ATTRIBUTE_ABBR.dx
                : d.from === "HT"
                  ? ATTRIBUTE_ABBR.ht
                  : SKILL_LABEL[d.from],
            ),
          })
      : "";
    return {
      id,
      label: t.localize(SKILL_LABEL[id] ?? id),
      index,
      pointsName: index === null ? null : `system.m2m.skills.${index}.points`,
      points,
      difficulty: d ? t.localize(DIFFICULTY_LABEL[d.difficulty]) : "",
      level: d ? String(d.level) : "—",
      from,
      effective: d ? String(d.effective.value) : "—",
      tooltip: d ? tip(d.effective, t) : "",
    };
  };
  const rows = block.skills.map((s, i) => row(s.id, i, s.points));
  const listed = new Set(block.skills.map((s) => s.id));
  const weaponOnly = (Object.keys(derived) as SkillId[])
    .filter((id) => !listed.has(id))
    .map((id) => row(id, null, 0));
  const addOptions = SKILL_IDS.filter((id) => !listed.has(id)).map((id) => ({
    value: id,
    label: t.localize(SKILL_LABEL[id]),
    selected: false,
  }));
  return { rows, weaponOnly, addOptions, empty: rows.length === 0 && weaponOnly.length === 0 };
}

// ── Combat ───────────────────────────────────────────────────────────────────────────────────

export interface ModeRow {
  label: string;
  skill: string;
  level: string;
  levelTooltip: string;
  damage: string;
  type: string;
  reach: string;
}

export interface WeaponRow {
  id: string;
  name: string;
  skill: string;
  level: string;
  levelTooltip: string;
  parry: string;
  parryTooltip: string;
  parryNote: string;
  modes: ModeRow[];
  /** Ranged weapons: ½D and Max for the shooter's ST, yards. */
  ranges: string;
}

function weaponRows(input: M2mActorContextInput, t: Tools): WeaponRow[] {
  const derived = input.derived;
  if (!derived) return [];
  const st = derived.character.attributes.st;
  const skills = derived.character.skills;
  const levelOf = (skill: SkillId) => skills[skill]?.effective ?? null;
  return derived.weapons.map((w) => {
    const item = input.items.find((i) => i.id === w.id);
    const modes: ModeRow[] = [];
    let ranges = "";
    if (item?.type === "weapon") {
      const block = item.system.m2m as M2mWeaponBlock | undefined;
      block?.modes.forEach((m, i) => {
        let damage = "—";
        try {
          damage = damageText(meleeAttack(block, i, st).damage);
        } catch {
          // A quality the table does not price (refused by the item's own check): no damage shown.
        }
        const level = levelOf(m.skill);
        modes.push({
          label: t.localize(MODE_BASE_LABEL[m.base]),
          skill: t.localize(SKILL_LABEL[m.skill]),
          level: level ? String(level.value) : "—",
          levelTooltip: level ? tip(level, t) : "",
          damage,
          type: t.localize(DAMAGE_TYPE_LABEL[m.type]),
          reach: m.reach.join(", "),
        });
      });
    } else if (item?.type === "missile") {
      const block = item.system.m2m as M2mMissileBlock | undefined;
      if (block) {
        const r = rangedAttack(block, st);
        const level = levelOf(block.skill);
        modes.push({
          label: t.localize(MODE_BASE_LABEL.ranged),
          skill: t.localize(SKILL_LABEL[block.skill]),
          level: level ? String(level.value) : "—",
          levelTooltip: level ? tip(level, t) : "",
          damage: r.attack ? damageText(r.attack.damage) : "—",
          type: r.attack ? t.localize(DAMAGE_TYPE_LABEL[r.attack.type]) : "",
          reach: "",
        });
        ranges = t.format(TEXT.ranges, {
          half: r.ranges.halfDamage === null ? "—" : r.ranges.halfDamage,
          max: r.ranges.max,
        });
      }
    }
    return {
      id: w.id,
      name: w.name,
      skill: t.localize(SKILL_LABEL[w.skill]),
      level: w.level ? String(w.level.value) : t.localize(TEXT.noLevel),
      levelTooltip: w.level ? tip(w.level, t) : "",
      parry: w.parry ? String(w.parry.value) : "—",
      parryTooltip: w.parry ? tip(w.parry.target, t) : t.localize(TEXT.noParry),
      parryNote: w.parry?.onlyVsUnarmed ? t.localize(TEXT.parryVsUnarmed) : "",
      modes,
      ranges,
    };
  });
}

export interface ThresholdRow {
  value: number;
  label: string;
  /** The current value is at or past it. */
  reached: boolean;
}

function trackers(input: M2mActorContextInput, t: Tools) {
  const block = input.system.m2m;
  const d = input.derived?.character;
  if (!d) return null;
  const ht = d.attributes.ht;
  const h = hitPointThresholds(ht);
  const hp = block.hp;
  const hpRows: ThresholdRow[] = [
    { value: h.halfMove, label: t.localize(TEXT.halfMove), reached: hp <= h.halfMove },
    {
      value: h.consciousnessRolls,
      label: t.localize(TEXT.consciousnessRolls),
      reached: hp <= h.consciousnessRolls,
    },
    { value: h.unconscious, label: t.localize(TEXT.unconsciousAt), reached: hp <= h.unconscious },
    ...h.death.map((v) => ({ value: v, label: t.localize(TEXT.deathRoll), reached: hp <= v })),
    { value: h.destroyed, label: t.localize(TEXT.destroyed), reached: hp <= h.destroyed },
  ];
  const f = fatigueThresholds(d.attributes.st);
  const fatigue = block.fatigue;
  return {
    hp: {
      name: "system.m2m.hp",
      value: hp,
      max: d.hitPoints,
      min: M2M_BOUNDS.hp.min!,
      label: t.format(TEXT.hpOf, { max: d.hitPoints }),
      rows: hpRows,
    },
    fatigue: {
      name: "system.m2m.fatigue",
      value: fatigue,
      min: M2M_BOUNDS.fatigue.min!,
      max: M2M_BOUNDS.fatigue.max!,
      rows: [
        { value: f.halfMove, label: t.localize(TEXT.halfMove), reached: fatigue >= f.halfMove },
        { value: f.collapsed, label: t.localize(TEXT.collapse), reached: fatigue >= f.collapsed },
      ],
    },
  };
}

function encounterContext(block: M2mCharacterBlock, t: Tools) {
  const e = block.encounter;
  const label = (f: string) => t.localize(m2mLabelFor(`m2m.encounter.${f}`));
  const check = (f: "stunned" | "unconscious" | "dead" | "offBalance" | "footBraced") => ({
    id: f,
    name: `system.m2m.encounter.${f}`,
    label: label(f),
    checked: e[f],
  });
  return {
    shock: { name: "system.m2m.encounter.shock", value: e.shock, label: label("shock") },
    deathChecks: {
      name: "system.m2m.encounter.deathChecks",
      value: e.deathChecks,
      label: label("deathChecks"),
    },
    position: {
      name: "system.m2m.encounter.position",
      label: label("position"),
      options: options(POSITION_IDS, POSITION_LABEL, e.position, t),
    },
    flags: [
      check("stunned"),
      check("unconscious"),
      check("dead"),
      check("offBalance"),
      check("footBraced"),
    ],
    crippledLabel: label("crippled"),
    crippled: CRIPPLABLE_LOCATIONS.map((l) => ({
      id: l,
      name: `${CRIPPLED_INPUT}${l}`,
      label: t.localize(LOCATION_LABEL[l]),
      checked: e.crippled.includes(l),
    })),
  };
}

export interface LocationRow {
  id: HitLocation;
  label: string;
  pd: string;
  pdTooltip: string;
  dr: string;
  drTooltip: string;
  /** "vs impaling: PD x, DR y" where it differs from the row's figures, else "". */
  vsImpaling: string;
  /** "from behind: PD x, DR y" where a front-only piece counts (breastplate, L4838), else "". */
  fromBehind: string;
  /** The worn pieces protecting there, by item name. */
  pieces: string[];
}

/**
 * PD and DR on every hit location, in the engine's order, as the derivation gives them
 * (`character.locations`); the pieces by the names of the items that gave them (a Basic suit
 * is the engine's `armour`: the worn suit's name).
 */
function locationRows(input: M2mActorContextInput, t: Tools): LocationRow[] {
  const locations = input.derived?.character.locations;
  if (!locations) return [];
  const suit = input.items.find(
    (i) =>
      i.type === "armour" &&
      i.system.equipped === true &&
      (i.system.m2m as { kind?: string } | undefined)?.kind === "suit",
  );
  const pieceName = (id: string) =>
    input.items.find((i) => i.id === id)?.name ?? (id === "armour" && suit ? suit.name : id);
  const pair = (key: string, pd: Target, dr: Target) =>
    t.format(key, { pd: pd.value, dr: dr.value });
  return HIT_LOCATIONS.map((id) => {
    const l = locations[id];
    const differs = l.pdVsImpaling.value !== l.pd.value || l.drVsImpaling.value !== l.dr.value;
    const behind = l.fromBehind;
    return {
      id,
      label: t.localize(LOCATION_LABEL[id]),
      pd: String(l.pd.value),
      pdTooltip: tip(l.pd, t),
      dr: String(l.dr.value),
      drTooltip: tip(l.dr, t),
      vsImpaling: differs ? pair(TEXT.locationVsImpaling, l.pdVsImpaling, l.drVsImpaling) : "",
      fromBehind: behind ? pair(TEXT.locationFromBehind, behind.pd, behind.dr) : "",
      pieces: l.pieces.map(pieceName),
    };
  });
}

function combatContext(input: M2mActorContextInput, t: Tools) {
  const d = input.derived?.character ?? null;
  const defences: Figure[] = d
    ? [
        figure("dodge", TEXT.dodge, d.dodge, t),
        figure("block", TEXT.block, d.block, t),
        figure("move", TEXT.move, d.move, t),
        figure("speed", TEXT.speed, d.speed, t),
      ]
    : [];
  const protection: Figure[] = d
    ? [
        figure("pd", TEXT.pd, d.pd, t),
        figure("dr", TEXT.dr, d.dr, t),
        {
          ...figure("pd-imp", TEXT.pd, d.pdVsImpaling, t),
          label: t.format(TEXT.vsImpaling, { figure: t.localize(TEXT.pd) }),
        },
        {
          ...figure("dr-imp", TEXT.dr, d.drVsImpaling, t),
          label: t.format(TEXT.vsImpaling, { figure: t.localize(TEXT.dr) }),
        },
      ]
    : [];
  return {
    weapons: weaponRows(input, t),
    defences,
    protection,
    locations: locationRows(input, t),
    noPieces: t.localize(TEXT.noPieces),
    noBlock: d !== null && d.block === null ? t.localize(TEXT.noBlock) : "",
    bareHands: d
      ? t.format(TEXT.bareHands, {
          vsUnarmed: d.bareHandsParry.vsUnarmed,
          vsWeapon: d.bareHandsParry.vsWeapon,
        })
      : "",
    encumbrance: d
      ? t.format(TEXT.load, {
          level: t.localize(ENCUMBRANCE_LABEL[d.encumbrance.id]),
          load: d.encumbrance.load,
        })
      : "",
    trackers: trackers(input, t),
    encounter: encounterContext(input.system.m2m, t),
  };
}

// ── The whole context ────────────────────────────────────────────────────────────────────────

export function m2mActorContext(input: M2mActorContextInput) {
  const t: Tools = { localize: input.localize, format: input.format ?? formatWith(input.localize) };
  const block = input.system.m2m;
  const d = input.derived?.character ?? null;
  const stats: Figure[] = d
    ? [
        {
          id: "hp",
          label: t.localize(TEXT.hp),
          value: `${block.hp}/${d.hitPoints}`,
          tooltip: "",
        },
        {
          id: "fatigue",
          label: t.localize(TEXT.fatigue),
          value: String(block.fatigue),
          tooltip: "",
        },
        figure("move", TEXT.move, d.move, t),
        figure("dodge", TEXT.dodge, d.dodge, t),
        {
          id: "points",
          label: t.localize(TEXT.pointsTotal),
          value: String(d.points.total),
          tooltip: "",
        },
      ]
    : [];
  const limited = input.limited ?? false;
  const description = {
    name: "system.description",
    value: input.system.description ?? "",
    enriched: input.enrichedDescription ?? input.system.description ?? "",
  };
  return {
    header: {
      name: input.name,
      img: input.img,
      imageLabel: t.format("BLOWBYBLOW.ActorSheet.Header.image", { name: input.name }),
      typeLabel: t.localize(input.type === "creature" ? TEXT.creatureSheet : TEXT.characterSheet),
      conditions: conditionsOf(block, t),
      stats,
      error: input.derived
        ? null
        : input.derivationError
          ? t.format("BLOWBYBLOW.ActorSheet.Warning.derivationFailed", {
              error: input.derivationError,
            })
          : t.localize(TEXT.derivationMissing),
    },
    warnings: [] as string[],
    editable: input.editable,
    limited,
    tabs: tabsContext(input.activeTab, t),
    attributes: attributesContext(input, t),
    skills: skillsContext(input, t),
    combat: combatContext(input, t),
    description,
  };
}

export type M2mActorSheetContext = ReturnType<typeof m2mActorContext>;

/** The tab of a part (its section's `data-tab`), for `_preparePartContext`. */
export function partTab(context: M2mActorSheetContext, partId: string): TabContext | null {
  return context.tabs.find((tab) => tab.id === partId) ?? null;
}
