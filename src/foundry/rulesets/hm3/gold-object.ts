/**
 * HârnMaster Gold "Brute force & ignorance" (seed 000 lines 41-57) on the HM3 actor sheet: the
 * actor's `system.hm3.object` block (ruling G70), editable while the `bruteForce` option is on
 * (shown read-only while it is off and the actor is an object; hidden otherwise), and the block
 * rules beyond its fields (another object needs its AP and DF: nothing to roll them from).
 */
import {
  NO_OBJECT,
  OBJECT_KINDS,
  type ObjectKind,
  type StoredObject,
} from "../../../rules/hm3/gold/paired-object-combat";
import type { BlockProblem } from "../contract";

/** Lang keys of the section (whole literals, for the lang audit). */
export const OBJECT_SHEET_KEY = Object.freeze({
  title: "BLOWBYBLOW.HM3.Gold.Object.Sheet.title",
  hint: "BLOWBYBLOW.HM3.Gold.Object.Sheet.hint",
  off: "BLOWBYBLOW.HM3.Gold.Object.Sheet.off",
  destroyed: "BLOWBYBLOW.HM3.Gold.Object.Sheet.destroyed",
  dfRolled: "BLOWBYBLOW.HM3.Gold.Object.Sheet.dfRolled",
  needs: "BLOWBYBLOW.HM3.Gold.Object.needs",
  kind: Object.freeze({
    none: "BLOWBYBLOW.HM3.Gold.Object.Kind.none",
    plain: "BLOWBYBLOW.HM3.Gold.Object.Kind.plain",
    ironBound: "BLOWBYBLOW.HM3.Gold.Object.Kind.ironBound",
    other: "BLOWBYBLOW.HM3.Gold.Object.Kind.other",
  } satisfies Record<ObjectKind, string>),
  field: Object.freeze({
    blunt: "BLOWBYBLOW.HM3.Actor.FIELDS.hm3.object.blunt.label",
    edge: "BLOWBYBLOW.HM3.Actor.FIELDS.hm3.object.edge.label",
    df: "BLOWBYBLOW.HM3.Actor.FIELDS.hm3.object.df.label",
    damage: "BLOWBYBLOW.HM3.Actor.FIELDS.hm3.object.damage.label",
    thickness: "BLOWBYBLOW.HM3.Actor.FIELDS.hm3.object.thickness.label",
  }),
});

/** The world's `bruteForce` option (false outside Foundry or before the settings exist). */
export function bruteForceOn(): boolean {
  try {
    const settings = (
      globalThis as { game?: { settings?: { get(ns: string, key: string): unknown } } }
    ).game?.settings;
    return settings?.get("blow-by-blow", "hm3.bruteForce") === true;
  } catch {
    return false;
  }
}

/** A number input of the section. */
export interface ObjectNumberField {
  id: "blunt" | "edge" | "df" | "damage" | "thickness";
  name: string;
  label: string;
  value: number | null;
  placeholder: string;
}

/** The section's render context. */
export interface ObjectContext {
  /** The inputs may be changed: the sheet is editable and the option is on. */
  editable: boolean;
  /** A note that the option is off (the block is kept but plays no part). */
  offNote: string | null;
  kind: { name: string; value: ObjectKind; choices: Record<string, string> };
  /** The figures this kind uses (a door's thickness only while it has no DF). */
  fields: ObjectNumberField[];
  /** The damage exceeds DF (line 51). */
  destroyed: boolean;
  /** What the block lacks (another object's AP and DF), localised. */
  problems: string[];
}

const DOOR_AP: Readonly<Record<"plain" | "ironBound", { blunt: number; edge: number }>> =
  Object.freeze({ plain: { blunt: 15, edge: 13 }, ironBound: { blunt: 16, edge: 16 } });

/**
 * The section of an actor sheet; null (hidden) while the option is off and the actor is no
 * object. `block`: the stored block (absent in sources made before it: no object).
 */
export function objectContext(
  block: StoredObject | undefined,
  sheetEditable: boolean,
  optionOn: boolean,
  localize: (key: string) => string,
  format: (key: string, data: Record<string, string>) => string,
): ObjectContext | null {
  const o: StoredObject = block ?? NO_OBJECT;
  if (!optionOn && o.kind === "none") return null;
  const door = o.kind === "plain" || o.kind === "ironBound" ? DOOR_AP[o.kind] : null;
  const field = (
    id: ObjectNumberField["id"],
    value: number | null,
    placeholder = "",
  ): ObjectNumberField => ({
    id,
    name: `system.hm3.object.${id}`,
    label: localize(OBJECT_SHEET_KEY.field[id]),
    value,
    placeholder,
  });
  const fields: ObjectNumberField[] = [];
  if (o.kind !== "none") {
    fields.push(
      field("blunt", o.blunt, door ? String(door.blunt) : ""),
      field("edge", o.edge, door ? String(door.edge) : ""),
      field("df", o.df, door ? localize(OBJECT_SHEET_KEY.dfRolled) : ""),
      field("damage", o.damage),
    );
    if (door) fields.push(field("thickness", o.thickness));
  }
  return {
    editable: sheetEditable && optionOn,
    offNote: optionOn ? null : localize(OBJECT_SHEET_KEY.off),
    kind: {
      name: "system.hm3.object.kind",
      value: o.kind,
      choices: Object.fromEntries(OBJECT_KINDS.map((k) => [k, localize(OBJECT_SHEET_KEY.kind[k])])),
    },
    fields,
    destroyed: o.df !== null && o.damage > o.df,
    problems: objectProblems(o).map((p) =>
      format(p.key, { ...p.params, field: `system.hm3.${p.field}`, value: String(p.value) }),
    ),
  };
}

/** The block's rules beyond its fields: another object has no table to take AP or DF from. */
export function objectProblems(o: Partial<StoredObject>): BlockProblem[] {
  if (o.kind !== "other") return [];
  const out: BlockProblem[] = [];
  for (const id of ["blunt", "edge", "df"] as const)
    if (o[id] === null || o[id] === undefined)
      out.push({ field: `object.${id}`, value: null, key: OBJECT_SHEET_KEY.needs, params: {} });
  return out;
}

/** `hm3BlockProblems`' part for an actor's object block (paths inside the block). */
export function objectBlockProblems(type: string, block: Record<string, unknown>): BlockProblem[] {
  if (type !== "Actor.character" && type !== "Actor.creature") return [];
  const o = block.object;
  return o !== null && typeof o === "object" ? objectProblems(o as Partial<StoredObject>) : [];
}
