/**
 * Render context of the item sheets, built by pure functions from an item's stored data (the
 * `system` shapes of src/foundry/data/source.ts), the owning actor's derived data when the item
 * is embedded, and a localiser. No Foundry globals: the sheet class gathers the inputs, these
 * functions shape them, so the whole context is testable in plain Node and renderable in a
 * browser from prepared data. Every derived value (layer protection, AML/DML, EML) comes from
 * the rules core; nothing here re-implements a rule. The shapes are in ./context-types.ts, the
 * shared helpers in ./context-parts.ts and the per-type builders in ./context-weapons.ts,
 * ./context-armour.ts and ./context-skill.ts; this module assembles them and exports them all.
 */
import { HANDS } from "../../../../../rules/hm3/character-types";
import type { SourceByType } from "../../../../data/source";
import { formatWith } from "../../../../sheets/common";
import { otherBlocksContext } from "../../../../sheets/other-blocks";
import { armourContext, injuryContext } from "./context-armour";
import { options, tabsContext, type Tools } from "./context-parts";
import { skillContext } from "./context-skill";
import type { ItemContextInput, ItemSheetContext, PhysicalContext } from "./context-types";
import { missileContext, weaponContext } from "./context-weapons";
import { FORMAT, HAND_LABEL, PHYSICAL_TYPES, TYPE_LABEL, type ItemType } from "./labels";

export * from "./coverage";
export * from "./context-types";
export {
  INJURY_CODE_INPUT,
  isSbInput,
  locationLabel,
  partsFor,
  SB_SLOTS,
  sbAttributesFromForm,
  signedModifier,
  tabsContext,
} from "./context-parts";

// ── The whole context ────────────────────────────────────────────────────────────────────────

export function itemContext(input: ItemContextInput): ItemSheetContext {
  const localize = input.localize;
  const fmt = input.format ?? formatWith(localize);
  const t: Tools = { localize, format: fmt, owner: input.owner ?? null, id: input.id ?? null };
  const physical = PHYSICAL_TYPES.includes(input.type)
    ? physicalContext(input.system as SourceByType["Item"]["gear"], input.type, t)
    : null;
  const context: ItemSheetContext = {
    item: {
      id: input.id ?? null,
      name: input.name,
      img: input.img,
      type: input.type,
      typeLabel: localize(TYPE_LABEL[input.type]),
    },
    imgAlt: fmt(FORMAT.image, { name: input.name }),
    editable: input.editable,
    limited: input.limited,
    ownerHeading: input.owner ? fmt(FORMAT.ownerHeading, { actor: input.owner.name }) : null,
    physical,
    tabs: tabsContext(input.activeTab ?? "details", localize),
    description: {
      source: input.system.description,
      enriched: input.enrichedDescription ?? input.system.description,
    },
    weapon: null,
    missile: null,
    armour: null,
    skill: null,
    injury: null,
    others: otherBlocksContext({
      type: input.type,
      system: input.system,
      own: "hm3",
      isGM: input.isGM ?? false,
      localize,
    }),
  };
  switch (input.type) {
    case "weapon":
      context.weapon = weaponContext(input.system, t);
      break;
    case "missile":
      context.missile = missileContext(input.system, t);
      break;
    case "armour":
      context.armour = armourContext(input.system, t);
      break;
    case "skill":
      context.skill = skillContext(input.system, t);
      break;
    case "injury":
      context.injury = injuryContext(input.system, t);
      break;
    case "gear":
      break;
  }
  return context;
}

function physicalContext(
  system: SourceByType["Item"]["gear"],
  type: ItemType,
  t: Tools,
): PhysicalContext {
  return {
    quantity: system.quantity,
    weight: system.weight,
    carried: system.carried,
    equipped: system.equipped,
    equippedLabel: t.localize(
      type === "armour" ? "BLOWBYBLOW.ItemSheet.Field.worn" : "BLOWBYBLOW.ItemSheet.Field.equipped",
    ),
    handOptions: options(HANDS, HAND_LABEL, system.held, t.localize, t.format),
  };
}
