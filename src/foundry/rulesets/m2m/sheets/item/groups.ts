/**
 * The nullable groups of an m2m item block that the item sheet switches on and off with a
 * checkbox: a weapon mode's maximum damage (`md`, L976), a weapon's shield stats (`shield`,
 * L1071–1076) and their hits (`shield.hits`, null: "varies", L3179–3181), a missile weapon's
 * damage (`damage`, null for the oil flask, L3044–3062), its maximum damage (`damage.md`), its
 * half-damage range (`half`, ½D) and its hands to fire and to load (`hands`), and armour's
 * cost by social class (`costByClass`). The checkbox is a form-only input
 * (`bbb.group.<path>`); ./submit.ts turns a changed box into the group's default (on) or null
 * (off), which then goes through the data layer's check like any other edit. Pure.
 */
import { getShield, SOCIAL_CLASSES } from "../../../../../rules/m2m/equipment";
import type { Problem } from "../../../../data/check";
import { labelFor } from "../../../../data/validate";
import type { M2mItemType, M2mShieldStats } from "../../item-data";
import { M2M_VALIDATION_KEYS } from "../../item-validate";

export const GROUP_INPUT = "bbb.group.";

/** A switchable group: its path pattern under `system` (`*`: a mode's index) and label. */
export interface GroupSpec {
  type: M2mItemType;
  pattern: string;
  label: string;
}

export const SWITCHABLE_GROUPS: readonly GroupSpec[] = Object.freeze([
  { type: "weapon", pattern: "m2m.modes.*.md", label: "BLOWBYBLOW.M2M.Sheet.Item.Group.md" },
  { type: "weapon", pattern: "m2m.shield", label: "BLOWBYBLOW.M2M.Sheet.Item.Group.shield" },
  { type: "weapon", pattern: "m2m.shield.hits", label: "BLOWBYBLOW.M2M.Sheet.Item.Group.hits" },
  { type: "missile", pattern: "m2m.damage", label: "BLOWBYBLOW.M2M.Sheet.Item.Group.damage" },
  { type: "missile", pattern: "m2m.damage.md", label: "BLOWBYBLOW.M2M.Sheet.Item.Group.md" },
  { type: "missile", pattern: "m2m.half", label: "BLOWBYBLOW.M2M.Sheet.Item.Group.half" },
  { type: "missile", pattern: "m2m.hands", label: "BLOWBYBLOW.M2M.Sheet.Item.Group.hands" },
  {
    type: "armour",
    pattern: "m2m.costByClass",
    label: "BLOWBYBLOW.M2M.Sheet.Item.Group.costByClass",
  },
]);

type Obj = Record<string, unknown>;

const patternOf = (path: string) =>
  path
    .split(".")
    .map((p) => (/^\d+$/.test(p) ? "*" : p))
    .join(".");

/** The spec of a group path (`m2m.modes.2.md`) of `type`, if it is switchable. */
export function groupSpec(type: M2mItemType, path: string): GroupSpec | undefined {
  const p = patternOf(path);
  return SWITCHABLE_GROUPS.find((g) => g.type === type && g.pattern === p);
}

/** A shield's stats as the shield table gives them for `size` (medium when it has none). */
function tableShield(size: string): M2mShieldStats {
  const known = ["buckler", "small", "medium", "large"].includes(size) ? size : "medium";
  const s = getShield(known);
  return {
    size: s.id as M2mShieldStats["size"],
    pd: s.pd,
    dr: s.dr,
    hits: s.hits ? { penetrate: s.hits.penetrate, total: s.hits.total } : null,
    spiked: false,
  };
}

/**
 * The value a group takes when switched on: a maximum damage of 1d (the schema's default); a
 * medium shield's stats from the table (PD 3, DR 3, hits 7/40, L1075); the hits of the table's
 * shield of the same size (a medium's for an improvised one); thrust impaling damage +0 (a
 * bow's, L4380); a half-damage range equal to the Max range (to be lowered); two hands to fire
 * and to load (a bow's); a cost by social class of the item's cost for every class. Each passes
 * the block's validation (test/foundry/rulesets/m2m).
 */
export function groupDefault(spec: GroupSpec, block: Obj): unknown {
  switch (spec.pattern) {
    case "m2m.modes.*.md":
    case "m2m.damage.md":
      return { dice: 1, adds: 0 };
    case "m2m.shield":
      return tableShield("medium");
    case "m2m.shield.hits": {
      const size = String((block.shield as Obj | null)?.size ?? "medium");
      return tableShield(size).hits;
    }
    case "m2m.damage":
      return { base: "thr", type: "imp", mod: 0, md: null };
    case "m2m.half":
      return structuredClone(block.max ?? { perST: 0, add: 0 });
    case "m2m.hands":
      return { fire: 2, load: 2 };
    case "m2m.costByClass": {
      const cost = typeof block.cost === "number" ? block.cost : 0;
      return Object.fromEntries(SOCIAL_CLASSES.map((c) => [c, cost]));
    }
    default:
      throw new Error(`Blow by Blow m2m item sheet: no default for group ${spec.pattern}`);
  }
}

function valueAt(block: Obj, path: string): unknown {
  let node: unknown = block;
  for (const p of path.split(".").slice(1)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Obj)[p];
  }
  return node;
}

/**
 * The flat changes the group boxes of a submitted form ask for (`system.<path>`: default or
 * null), given the stored block; a box that matches the stored state asks for nothing. A box
 * inside a group switched off, or an unknown one, is ignored. Switching off the shield of a
 * weapon without attack modes is refused (it would be of no use, the block's own rule).
 */
export function groupChanges(
  type: M2mItemType,
  block: unknown,
  boxes: ReadonlyMap<string, boolean>,
): { changes: Record<string, unknown>; problems: Problem[] } {
  const changes: Record<string, unknown> = {};
  const problems: Problem[] = [];
  const off: string[] = [];
  const paths = [...boxes.keys()].sort((a, b) => a.length - b.length);
  for (const path of paths) {
    const spec = groupSpec(type, path);
    if (!spec || off.some((o) => path.startsWith(`${o}.`))) continue;
    const current = valueAt(block as Obj, path);
    if (current === undefined) continue;
    const on = boxes.get(path) === true;
    if (on === (current !== null)) continue;
    if (on) changes[`system.${path}`] = groupDefault(spec, block as Obj);
    else if (spec.pattern === "m2m.shield" && ((block as Obj).modes as unknown[]).length === 0) {
      const field = `system.${path}`;
      // The value refused is the one asked for: no shield stats.
      problems.push({
        field,
        value: null,
        key: M2M_VALIDATION_KEYS.noUse,
        label: labelFor(`Item.${type}`, path) ?? field,
        data: {},
      });
      off.push(path);
    } else {
      changes[`system.${path}`] = null;
      off.push(path);
    }
  }
  return { changes, problems };
}

/** Sets every group box of `form` back to the stored state of `block` (after a refusal). */
export function restoreGroupBoxes(form: ParentNode, block: unknown): void {
  for (const box of form.querySelectorAll<HTMLInputElement>(`input[name^="${GROUP_INPUT}"]`)) {
    const value = valueAt(block as Obj, box.name.slice(GROUP_INPUT.length));
    if (value !== undefined) box.checked = value !== null;
  }
}
