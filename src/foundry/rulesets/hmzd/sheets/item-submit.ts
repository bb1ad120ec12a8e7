/**
 * The zone-die item sheet's edits of `system.hmzd`, pure: a weapon's or missile's zone die and
 * attack modes (Z12: name, impact die, base, aspect), added and removed whole, and an injury's
 * fields (§4). Each submitted field is checked by the data layer's `checkUpdate` (injected:
 * `check`), so a bad value is refused naming the field and the value while the rest goes
 * through; the accepted fields of a mode are written as the whole `modes` list, as Foundry
 * updates arrays. Last, the block the changes give is checked with the block's own rules
 * (../validate.ts: dice are dice, modes named once, an injury's level one its severity has):
 * a change that breaks one is refused, naming the field and value, and the stored block stays.
 */
import type { Problem } from "../../../data/check";
import { labelFor } from "../../../data/validate";
import { SEVERITY_LEVELS } from "../rules";
import type { HmzdModeSource, HmzdWeaponBlock } from "../source";
import { hmzdBlockProblems } from "../validate";

type Obj = Record<string, unknown>;

/** The item types whose `system.hmzd` block the sheet edits. */
export const HMZD_ITEM_TYPES = ["weapon", "missile", "injury"] as const;
export type HmzdItemType = (typeof HMZD_ITEM_TYPES)[number];

export const isHmzdItemType = (type: unknown): type is HmzdItemType =>
  (HMZD_ITEM_TYPES as readonly unknown[]).includes(type);

export const HMZD_PREFIX = "system.hmzd.";

export interface CheckOutcome<P> {
  accepted: Obj;
  problems: readonly P[];
}

export interface HmzdSubmitInput<P> {
  type: HmzdItemType;
  /** The stored `system.hmzd` block. */
  block: unknown;
  /** The form's `system.hmzd.*` fields (flat). */
  form: Readonly<Obj>;
  /** The input whose change submitted the form; null for a whole-form submit. */
  changed?: string | null;
  check: (flat: Obj) => CheckOutcome<P>;
}

/** The form's `system.hmzd.*` fields, taken out of `flat` (which keeps the others). */
export function takeHmzdFields(flat: Obj): Obj {
  const out: Obj = {};
  for (const key of Object.keys(flat))
    if (key.startsWith(HMZD_PREFIX)) {
      out[key] = flat[key];
      delete flat[key];
    }
  return out;
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

/** The block the flat `system.hmzd.*` changes give, applied to a copy of `block`. */
export function blockAfter(block: unknown, changes: Readonly<Obj>): Obj {
  const out = structuredClone((block ?? {}) as Obj);
  for (const [key, value] of Object.entries(changes))
    if (key.startsWith(HMZD_PREFIX)) setPath(out, key.slice(HMZD_PREFIX.length), value);
  return out;
}

/** The block's own problems (../validate.ts) the changes bring, as the sheet reports them. */
export function newBlockProblems(type: HmzdItemType, block: unknown, changes: Obj): Problem[] {
  const typeKey = `Item.${type}` as const;
  const sig = (p: { field: string; key: string }) => `${p.field}\u0000${p.key}`;
  const before = new Set(hmzdBlockProblems(typeKey, (block ?? {}) as Obj).map(sig));
  return hmzdBlockProblems(typeKey, blockAfter(block, changes))
    .filter((p) => !before.has(sig(p)))
    .map((p) => ({
      field: `${HMZD_PREFIX}${p.field}`,
      value: p.value,
      key: p.key,
      label: labelFor(typeKey, `hmzd.${p.field}`) ?? `${HMZD_PREFIX}${p.field}`,
      data: p.params,
    }));
}

/**
 * The checked flat changes of the form's `system.hmzd` fields. An injury whose severity
 * changed takes that severity's first level when its level is not one of it (§4: S → M from
 * S2 gives M1), as the HM3 injury's code does.
 */
export function hmzdItemSubmit<P>(input: HmzdSubmitInput<P>): {
  changes: Obj;
  problems: readonly (P | Problem)[];
} {
  const flat: Obj = { ...input.form };
  if (input.type === "injury" && input.changed === `${HMZD_PREFIX}severity`) {
    const severity = flat[`${HMZD_PREFIX}severity`] as keyof typeof SEVERITY_LEVELS;
    const levels = SEVERITY_LEVELS[severity];
    const level = Number(flat[`${HMZD_PREFIX}level`]);
    if (levels && !levels.includes(level)) flat[`${HMZD_PREFIX}level`] = levels[0];
  }
  const { accepted, problems } = input.check(flat);
  const changes: Obj = {};
  let modes: Obj[] | null = null;
  for (const [key, value] of Object.entries(accepted)) {
    const m = /^system\.hmzd\.modes\.(\d+)\.(.+)$/.exec(key);
    if (!m) {
      changes[key] = value;
      continue;
    }
    modes ??= structuredClone(((input.block as Obj | null)?.modes as Obj[] | undefined) ?? []);
    const entry = modes[Number(m[1])];
    if (entry) setPath(entry, m[2]!, value);
  }
  if (modes) changes[`${HMZD_PREFIX}modes`] = modes;
  const blockProblems = newBlockProblems(input.type, input.block, changes);
  if (blockProblems.length) return { changes: {}, problems: [...problems, ...blockProblems] };
  return { changes, problems };
}

/**
 * A new attack mode (Z12): `name` (the sheet's "Mode N", the first N no mode is called), the
 * first mode's die, base and aspect, else d6+0 blunt.
 */
export function addMode(block: HmzdWeaponBlock, name: (n: number) => string): HmzdModeSource[] {
  const taken = new Set(block.modes.map((m) => m.name.trim().toLowerCase()));
  let n = block.modes.length + 1;
  while (taken.has(name(n).trim().toLowerCase())) n++;
  const first = block.modes[0];
  return [
    ...structuredClone(block.modes),
    {
      name: name(n),
      die: first?.die ?? 6,
      base: first?.base ?? 0,
      aspect: first?.aspect ?? "blunt",
    },
  ];
}

/** The modes without entry `index`, or null when there is none. */
export function removeMode(block: HmzdWeaponBlock, index: number): HmzdModeSource[] | null {
  if (!Number.isInteger(index) || index < 0 || index >= block.modes.length) return null;
  return structuredClone(block.modes.filter((_, i) => i !== index));
}
