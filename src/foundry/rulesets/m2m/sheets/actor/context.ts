/**
 * What the GURPS Man to Man actor sheet shows, as plain data: pure functions from the stored
 * `system.m2m` block, the actor's items and the figures the data model derived
 * (`deriveM2mActor`, ../../character-input.ts) to the templates' context. Every figure comes
 * from the derivation or from an engine function (point costs, damage for the wielder's ST,
 * hit-point and fatigue thresholds); nothing is computed here but layout and labels. Creatures
 * use the same sheet. Names are left as text: Handlebars escapes them.
 *
 * By concern: ./shared.ts (input, tabs, helpers), ./attributes.ts, ./skills.ts, ./weapons.ts
 * (ready weapons), ./protection.ts (hit locations, a creature's plan), ./condition.ts (header
 * conditions, trackers, encounter state); this module puts the combat tab and the whole
 * context together.
 */
import { ENCUMBRANCE_LABEL, TEXT } from "../labels";
import { attributesContext } from "./attributes";
import { conditionsOf, encounterContext, trackers } from "./condition";
import { fightContext } from "./fight";
import { bodyPlanContext, locationRows } from "./protection";
import {
  figure,
  formatWith,
  tabsContext,
  type Figure,
  type M2mActorContextInput,
  type TabContext,
  type Tools,
} from "./shared";
import { skillsContext } from "./skills";
import { weaponRows } from "./weapons";

export type { AdvantageContext, AttributeContext } from "./attributes";
export type { ConditionContext, ThresholdRow } from "./condition";
export type { BodyPlanContext, LocationRow } from "./protection";
export type { SkillRow } from "./skills";
export type { ModeRow, WeaponRow } from "./weapons";
export { conditionsOf } from "./condition";
export {
  CRIPPLED_INPUT,
  damageText,
  FORM_ONLY_PREFIX,
  partsFor,
  TAB_IDS,
  TAB_LABEL,
  tabsContext,
  type Figure,
  type Format,
  type Localize,
  type M2mActorContextInput,
  type M2mActorType,
  type M2mSheetItem,
  type M2mTabId,
  type Option,
  type TabContext,
} from "./shared";

// ── Combat ───────────────────────────────────────────────────────────────────────────────────

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
    bodyPlan: bodyPlanContext(input.system.m2m, t),
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
    fight: fightContext(input, t),
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
      conditions: conditionsOf(block, t, input.name),
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
