/**
 * Why an m2m actor's items keep its figures from being derived, as a problem the sheet shows
 * in the player's language (`ProblemError` on `system.items`, ../../data/check.ts): the item by
 * name, its field by label and the value, with a message key of its own. Two sources:
 *
 * - the gear (./gear.ts): two suits worn, two shields ready, a suit worn with Advanced pieces,
 *   an item's value the conversion refuses (an improvised shield without its PD, L1078);
 * - the engine (`deriveCharacter`) refusing what the gear gave it (`engineGearProblem`): the
 *   load (more than the most ST can carry, L1250, L3441), a shield's, suit's or piece's value,
 *   a ready weapon's skill. The engine's field is traced back to the item that gave it.
 *
 * The English `reason` of each stays for a log and the CLI. Pure.
 */
import { InputError } from "../../../core/errors";
import { encumbranceLimits } from "../../../rules/m2m/character";
import { finalAttributes } from "../../../rules/m2m/races";
import { ProblemError, VALIDATION_KEYS } from "../../data/check";
import type { ItemLike } from "../contract";
import { m2mLabelFor, type M2mCharacterBlock, type M2mCreatureBlock } from "./character-data";
import type { M2mGear } from "./character-input";
import { M2M_LABELS } from "./labels";

/** The message keys (lang/en.json `BLOWBYBLOW.M2M.Gear`). */
export const GEAR_KEYS = Object.freeze({
  twoSuits: "BLOWBYBLOW.M2M.Gear.twoSuits",
  twoShields: "BLOWBYBLOW.M2M.Gear.twoShields",
  suitWithPieces: "BLOWBYBLOW.M2M.Gear.suitWithPieces",
  shieldPd: "BLOWBYBLOW.M2M.Gear.shieldPd",
  overloaded: "BLOWBYBLOW.M2M.Gear.overloaded",
  itemValue: "BLOWBYBLOW.M2M.Gear.itemValue",
});

/** The field every gear problem is on: the actor's items. */
const ITEMS_FIELD = "system.items";
const ITEMS_LABEL = m2mLabelFor("items");

type ItemTypeKey = "Item.weapon" | "Item.missile" | "Item.armour";

/** The label key of an item's m2m field (`m2m.shield.pd`), or the block's own label path. */
function itemFieldLabel(type: string, path: string): string {
  const labels = M2M_LABELS[`Item.${type}` as ItemTypeKey] as
    | Readonly<Record<string, string>>
    | undefined;
  return labels?.[path] ?? path;
}

/** A problem on the actor's items with its own message key and placeholders. */
export function gearProblem(
  key: string,
  value: unknown,
  data: Record<string, string | number>,
  reason: string,
): ProblemError {
  return new ProblemError({ field: ITEMS_FIELD, value, key, label: ITEMS_LABEL, data }, reason);
}

/**
 * An item's value that its conversion for the engine refused (`field` the item's own path,
 * `system.m2m.shield.pd`): the improvised shield's PD has its own message, any other value the
 * general one naming item, field and value.
 */
export function itemValueProblem(item: ItemLike, err: InputError): ProblemError {
  const path = err.field.replace(/^system\./, "");
  const data = { item: item.name, itemField: itemFieldLabel(item.type, path) };
  const key =
    path === "m2m.shield.pd" && err.value === null ? GEAR_KEYS.shieldPd : GEAR_KEYS.itemValue;
  return gearProblem(key, err.value, data, `${item.name}: ${err.field}: ${err.reason}`);
}

type Obj = Record<string, unknown>;
const blockOf = (item: ItemLike): Obj | null => {
  const system = item.system as Obj | null;
  const block = system && typeof system === "object" ? system.m2m : null;
  return block !== null && typeof block === "object" ? (block as Obj) : null;
};
const equipped = (item: ItemLike) => (item.system as Obj | null)?.equipped === true;

/** The `armour` input's fields (a Basic suit's) by the suit item's label path. */
const SUIT_FIELDS: Readonly<Record<string, string>> = {
  pd: "m2m.locations.element.pd",
  dr: "m2m.locations.element.dr",
  pdVsImpaling: "m2m.locations.element.pdVsImpaling",
  drVsImpaling: "m2m.locations.element.drVsImpaling",
  fullHelm: "m2m.weaponSkillMod",
};
/** A piece's fields (`armourPieces.N.…`) by its item's label path. */
const PIECE_FIELDS: Readonly<Record<string, string>> = {
  location: "m2m.locations.element.location",
  pd: "m2m.locations.element.pd",
  dr: "m2m.locations.element.dr",
  pdVsImpaling: "m2m.locations.element.pdVsImpaling",
  drVsImpaling: "m2m.locations.element.drVsImpaling",
  chainmail: "m2m.chainmail",
  stacks: "m2m.stacks",
  frontOnly: "m2m.frontOnly",
  fullHelm: "m2m.weaponSkillMod",
};

/** The items the engine's field came from, and the item field's label path. */
function sourceOf(
  field: string,
  value: unknown,
  items: readonly ItemLike[],
  gear: M2mGear,
): { items: ItemLike[]; path: string } | null {
  const [head, ...rest] = field.split(".");
  const last = rest[rest.length - 1] ?? "";
  if (head === "shield") {
    const shields = items.filter((i) => equipped(i) && i.type === "weapon" && blockOf(i)?.shield);
    return { items: shields, path: rest.length ? `m2m.shield.${rest.join(".")}` : "m2m.shield" };
  }
  if (head === "armour") {
    const suits = items.filter(
      (i) => equipped(i) && i.type === "armour" && blockOf(i)?.kind === "suit",
    );
    return { items: suits, path: SUIT_FIELDS[last] ?? "m2m.locations" };
  }
  if (head === "armourPieces") {
    const id = gear.pieces?.[Number(rest[0])]?.id;
    const piece = items.filter((i) => (i.id ?? i.name) === id);
    return { items: piece, path: PIECE_FIELDS[last] ?? "m2m.locations" };
  }
  if (head === "skill" || head === "skills") {
    // An unknown skill (`skill`, its value) or one the engine refuses (`skills.<id>.points`).
    const skill = head === "skills" ? rest[0] : value;
    const ids = new Set(gear.weapons.filter((w) => w.skill === skill).map((w) => w.id));
    return { items: items.filter((i) => ids.has(i.id ?? i.name)), path: "skill" };
  }
  return null;
}

/**
 * The problem of a value the engine refused that came from the items (`err.field` is the
 * engine's: `load`, `shield.size`, `armourPieces.0.covers.1.pd`, `skills.bow.points`…).
 */
export function engineGearProblem(
  err: InputError,
  block: M2mCharacterBlock | M2mCreatureBlock,
  items: readonly ItemLike[],
  gear: M2mGear,
): ProblemError {
  const reason = `${err.field}: ${err.reason}`;
  if (err.field === "load" && typeof err.value === "number") {
    const st =
      block.attributeBasis === "final"
        ? block.attributes.st
        : finalAttributes(block.attributes, block.race).st;
    const limits = encumbranceLimits(st, { race: block.race });
    return gearProblem(
      GEAR_KEYS.overloaded,
      err.value,
      { st, max: limits[limits.length - 1]! },
      reason,
    );
  }
  const source = sourceOf(err.field, err.value, items, gear);
  const named = source?.items ?? [];
  if (source && named.length > 0) {
    const first = named[0]!;
    const path =
      source.path === "skill"
        ? first.type === "missile"
          ? "m2m.skill"
          : "m2m.modes.element.skill"
        : source.path;
    return gearProblem(
      GEAR_KEYS.itemValue,
      err.value,
      { item: named.map((i) => i.name).join(", "), itemField: itemFieldLabel(first.type, path) },
      reason,
    );
  }
  return gearProblem(VALIDATION_KEYS.derivationFailed, err.value, {}, reason);
}
