/**
 * The submit step of the GURPS Man to Man item sheet, as a pure function: flat form data in,
 * checked flat changes out. The reach boxes of a mode become its `reach` list and the
 * locations grid's "covered" boxes add or remove entries of `locations`; every field is then
 * checked by the data layer's `checkUpdate` (injected: `check`), so a bad value is refused
 * naming the field while the rest goes through; the accepted entries of a list of objects
 * (`modes`, `locations`) are written as the whole list, as Foundry updates arrays. A changed
 * group box (./groups.ts) sets its nullable group to its default or to null, checked likewise;
 * the group's own fields in the same form are then left out. Last, the whole block the accepted
 * changes would give is checked with the block's rules that span fields (../../item-validate.ts,
 * `guardBlock`): a change that would break one (the last attack mode of a weapon that is not a
 * shield removed, a suit that no longer covers the body…) refuses every `system.m2m` change of
 * the submission, naming the field and value, and the stored block stays as it is.
 */
import { ARMOUR_LOCATIONS, type ArmourLocation } from "../../../../../rules/m2m/equipment";
import {
  M2M_ARRAYS,
  REACHES,
  type M2mArmourBlock,
  type M2mItemType,
  type M2mWeaponBlock,
  type StoredReach,
} from "../../item-data";
import { COVERED_INPUT, FORM_ONLY_PREFIX, REACH_INPUT } from "./context";
import type { Problem } from "../../../../data/check";
import { labelFor } from "../../../../data/validate";
import { m2mBlockProblems } from "../../item-validate";
import { GROUP_INPUT, groupChanges } from "./groups";

export interface CheckOutcome<P> {
  accepted: Record<string, unknown>;
  problems: readonly P[];
}

export interface ItemSubmitInput<P> {
  type: M2mItemType;
  block: unknown;
  form: Readonly<Record<string, unknown>>;
  check: (flat: Record<string, unknown>) => CheckOutcome<P>;
}

type Obj = Record<string, unknown>;

/** The checked, flat changes of a submitted item form (lists of objects written whole). */
export function itemSubmit<P>(input: ItemSubmitInput<P>): {
  changes: Obj;
  problems: readonly (P | Problem)[];
  /** The whole block the changes gave broke one of its rules: no `system.m2m` change is kept. */
  blockRefused: boolean;
} {
  const flat: Obj = {};
  const reaches = new Map<number, StoredReach[]>();
  const covered: ArmourLocation[] = [];
  let sawCovered = false;
  const boxes = new Map<string, boolean>();
  for (const [key, value] of Object.entries(input.form)) {
    if (key.startsWith(GROUP_INPUT)) boxes.set(key.slice(GROUP_INPUT.length), value === true);
    else if (key.startsWith(REACH_INPUT)) {
      const [i, r] = key.slice(REACH_INPUT.length).split(".") as [string, StoredReach];
      const list = reaches.get(Number(i)) ?? [];
      if (value === true && REACHES.includes(r)) list.push(r);
      reaches.set(Number(i), list);
    } else if (key.startsWith(COVERED_INPUT)) {
      sawCovered = true;
      const l = key.slice(COVERED_INPUT.length) as ArmourLocation;
      if (value === true && ARMOUR_LOCATIONS.includes(l)) covered.push(l);
    } else if (!key.startsWith(FORM_ONLY_PREFIX)) flat[key] = value;
  }
  for (const [i, list] of reaches) flat[`system.m2m.modes.${i}.reach`] = list;
  const groups = groupChanges(input.type, input.block, boxes);
  for (const [field, value] of Object.entries(groups.changes)) {
    for (const key of Object.keys(flat)) if (key.startsWith(`${field}.`)) delete flat[key];
    flat[field] = value;
  }

  const { accepted, problems } = input.check(flat);
  const changes: Obj = {};
  const lists = new Map<string, Obj[]>();
  const block = input.block as Obj;
  for (const [key, value] of Object.entries(accepted)) {
    const m = /^system\.(m2m\.[A-Za-z]+)\.(\d+)\.(.+)$/.exec(key);
    if (!m || !M2M_ARRAYS[input.type].includes(m[1]!)) {
      changes[key] = value;
      continue;
    }
    const listPath = m[1]!;
    const field = listPath.slice("m2m.".length);
    let list = lists.get(listPath);
    if (!list) {
      list = structuredClone((block[field] as Obj[] | undefined) ?? []);
      lists.set(listPath, list);
    }
    const entry = list[Number(m[2])];
    if (!entry) continue;
    setPath(entry, m[3]!, value);
  }
  if (input.type === "armour" && sawCovered) {
    const armour = block as unknown as M2mArmourBlock;
    const current = (lists.get("m2m.locations") ?? structuredClone(armour.locations)) as Obj[];
    const kept = current.filter((e) => covered.includes(e.location as ArmourLocation));
    for (const l of covered)
      if (!kept.some((e) => e.location === l))
        kept.push({ location: l, pd: 0, dr: 0, pdVsImpaling: 0, drVsImpaling: 0 });
    kept.sort(
      (a, b) =>
        ARMOUR_LOCATIONS.indexOf(a.location as ArmourLocation) -
        ARMOUR_LOCATIONS.indexOf(b.location as ArmourLocation),
    );
    if (kept.length !== armour.locations.length || lists.has("m2m.locations"))
      lists.set("m2m.locations", kept);
  }
  for (const [path, list] of lists) changes[`system.${path}`] = list;
  const guarded = guardBlock(input.type, input.block, changes);
  return {
    changes: guarded.changes,
    problems: [...groups.problems, ...problems, ...guarded.problems],
    blockRefused: guarded.problems.length > 0,
  };
}

const M2M_PREFIX = "system.m2m";
const isM2mKey = (key: string) => key === M2M_PREFIX || key.startsWith(`${M2M_PREFIX}.`);

/**
 * The block the flat `changes` (`system.m2m.cost`, `system.m2m.modes` written whole,
 * `system.m2m.shield` set to null…) give when applied to a copy of the stored `block`, as
 * Foundry's update would merge them; keys outside `system.m2m` are ignored.
 */
export function blockAfter(block: unknown, changes: Readonly<Obj>): unknown {
  let out: unknown = structuredClone(block);
  for (const [key, value] of Object.entries(changes)) {
    if (!isM2mKey(key)) continue;
    if (key === M2M_PREFIX) {
      out = structuredClone(value);
      continue;
    }
    if (out === null || typeof out !== "object") out = {};
    const parts = key.slice(M2M_PREFIX.length + 1).split(".");
    let node = out as Obj;
    for (const p of parts.slice(0, -1)) {
      if (node[p] === null || typeof node[p] !== "object") node[p] = {};
      node = node[p] as Obj;
    }
    node[parts[parts.length - 1]!] = structuredClone(value);
  }
  return out;
}

/**
 * The problems the whole block after `changes` has and the stored `block` has not (a block's
 * rule broken by this edit), labelled for the sheet's message (`{field}` the field's label).
 * A problem the stored block already had (an item of another ruleset whose m2m block is still
 * its defaults: no attack mode yet) does not stop an edit that leaves it as it is, so such a
 * block can be filled in field by field.
 */
export function newBlockProblems(
  type: M2mItemType,
  block: unknown,
  changes: Readonly<Obj>,
): Problem[] {
  const sig = (p: Problem) => `${p.field}\u0000${p.key}`;
  const before = new Set(m2mBlockProblems(type, block, { strict: false }).map(sig));
  return m2mBlockProblems(type, blockAfter(block, changes), { strict: false })
    .filter((p) => !before.has(sig(p)))
    .map((p) => ({
      ...p,
      label: labelFor(`Item.${type}`, p.field.slice("system.".length)) ?? p.field,
    }));
}

/**
 * `changes` when the whole block they give keeps the block's rules (`newBlockProblems`); else
 * the changes without any `system.m2m` key (the stored block unchanged) and the problems.
 */
export function guardBlock(
  type: M2mItemType,
  block: unknown,
  changes: Readonly<Obj>,
): { changes: Obj; problems: Problem[] } {
  if (!Object.keys(changes).some(isM2mKey)) return { changes: { ...changes }, problems: [] };
  const problems = newBlockProblems(type, block, changes);
  if (problems.length === 0) return { changes: { ...changes }, problems };
  const kept = Object.fromEntries(Object.entries(changes).filter(([k]) => !isM2mKey(k)));
  return { changes: kept, problems };
}

function setPath(target: Obj, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const p of parts.slice(0, -1)) {
    if (node[p] === null || typeof node[p] !== "object") return;
    node = node[p] as Obj;
  }
  node[parts[parts.length - 1]!] = value;
}

/** A new attack mode for a home-made weapon (a one-handed swing, cut, reach 1). */
export function addMode(block: M2mWeaponBlock): M2mWeaponBlock["modes"] {
  return [
    ...structuredClone(block.modes),
    {
      technique: "",
      attack: "",
      skill: block.modes[0]?.skill ?? "broadsword",
      base: "sw",
      type: "cut",
      mod: 0,
      md: null,
      reach: ["1"],
      minST: null,
      hands: 1,
      readyAfter: 0,
      grip: false,
      unreadyOnParry: false,
      fencing: false,
      flail: false,
      polearm: false,
      throwable: false,
      mayStick: false,
    },
  ];
}

/** The modes without entry `index`, or null when there is none. */
export function removeMode(block: M2mWeaponBlock, index: number): M2mWeaponBlock["modes"] | null {
  if (!Number.isInteger(index) || index < 0 || index >= block.modes.length) return null;
  return structuredClone(block.modes.filter((_, i) => i !== index));
}
