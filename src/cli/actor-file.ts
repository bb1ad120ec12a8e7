/**
 * An actor file given to `fight` or `duel`, checked with the data model's own rules before it
 * is derived (issue 15): a value its field refuses (armour quality 100, the rules' -10 to 10)
 * or a field its type does not have is an input error naming the file, the item and the field,
 * where the data model would have clamped or dropped it silently and the derivation would have
 * used it as given. Read as Foundry's cleaning reads an import: a missing field takes its
 * default, "12" is 12 (src/foundry/data/source-check.ts, not strict). What the check accepted is
 * what the derivation reads: the file as the data model would store it (`cleanedSource`), so
 * the two never disagree about a value ("12" passed the check and then failed the derivation).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { InputError } from "../core/errors";
import type { Localizer } from "../foundry/data/validate";
import { cleanedSource, formatSourceProblems, sourceProblems } from "../foundry/data/source-check";
import { englishLocalizer } from "./english";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

let english: Localizer | undefined;

/** The rulesets an actor document may carry a block of, in the order `fight` prefers them. */
export const ACTOR_RULESETS = ["hm3", "m2m", "hmzd"] as const;
export type ActorRuleset = (typeof ACTOR_RULESETS)[number];

/** The rulesets whose block an actor document carries (`system.hm3`, `system.m2m`, `system.hmzd`). */
export function actorRulesets(raw: unknown): ActorRuleset[] {
  if (!isObj(raw) || !isObj(raw.system)) return [];
  const system = raw.system;
  return ACTOR_RULESETS.filter((id) => isObj(system[id]));
}

let template: Obj | undefined;

/** A value as JSON with its keys sorted, to compare two blocks whatever their key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (isObj(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(",")}}`;
  return JSON.stringify(v) ?? "undefined";
}

/** A block of an actor's or item's `system` differs from template.json's default for its type. */
function ownBlock(kind: "Actor" | "Item", type: unknown, system: unknown, id: string): boolean {
  if (!isObj(system) || !isObj(system[id])) return false;
  template ??= JSON.parse(
    readFileSync(fileURLToPath(new URL("../../template.json", import.meta.url)), "utf8"),
  ) as Obj;
  const defaults = ((template[kind] as Obj | undefined)?.[String(type)] ?? {}) as Obj;
  return defaults[id] === undefined || canonical(system[id]) !== canonical(defaults[id]);
}

/**
 * The rulesets an actor document is made for: those whose block it carries with something else
 * than the defaults (template.json: what Foundry fills in for a ruleset the actor was not made
 * for, and the packs write out). hmzd keeps its weapons' figures on the items (zone die and
 * modes, Z12), so an actor is also made for hmzd when one of its items' `system.hmzd` blocks is
 * not the default. An actor with only default blocks is taken as made for all of them.
 */
export function actorMadeFor(raw: unknown): ActorRuleset[] {
  const own = actorOwnRulesets(raw);
  return own.length ? own : actorRulesets(raw);
}

/** The rulesets whose blocks an actor document carries with something else than the defaults. */
export function actorOwnRulesets(raw: unknown): ActorRuleset[] {
  const present = actorRulesets(raw);
  if (!present.length) return present;
  const doc = raw as { type?: unknown; system: Obj; items?: unknown };
  const items = Array.isArray(doc.items) ? (doc.items as unknown[]) : [];
  return present.filter(
    (id) =>
      ownBlock("Actor", doc.type, doc.system, id) ||
      (id === "hmzd" &&
        items.some((item) => isObj(item) && ownBlock("Item", item.type, item.system, id))),
  );
}

/**
 * The ruleset `fight` (or `duel`) plays between two actor documents: `wanted` (`--ruleset`) when
 * both carry its block; otherwise the first of `order` (HârnMaster 3 first) both are made for
 * (`actorMadeFor`). An InputError names the file without it.
 */
export function fightRuleset<R extends ActorRuleset = "hm3" | "m2m">(
  a: unknown,
  b: unknown,
  files: readonly [string, string],
  wanted?: string,
  order: readonly R[] = ["hm3", "m2m"] as unknown as readonly R[],
): R {
  const inOrder = (id: ActorRuleset): id is R => (order as readonly string[]).includes(id);
  const has = [actorMadeFor(a).filter(inOrder), actorMadeFor(b).filter(inOrder)];
  const describe = (i: number) =>
    has[i]!.length ? `an ${has[i]!.join(" and ")} actor` : `no ${order.join(" or ")} block`;
  if (wanted !== undefined && (order as readonly string[]).includes(wanted)) {
    const i = [a, b].findIndex((doc) => !actorRulesets(doc).includes(wanted as R));
    if (i >= 0)
      throw new InputError(
        `${files[i]}: system.${wanted}`,
        undefined,
        `--ruleset ${wanted}: the actor has no ${wanted} block (${describe(i)})`,
      );
    return wanted as R;
  }
  for (const id of order) if (has[0]!.includes(id) && has[1]!.includes(id)) return id;
  // A document with no block at all: the other's ruleset, whose derivation names what is missing.
  if (!has[0]!.length || !has[1]!.length)
    return has[0]![0] ?? has[1]![0] ?? (order.includes("hm3" as R) ? ("hm3" as R) : order[0]!);
  throw new InputError(
    `${files[1]}: system`,
    undefined,
    `${describe(1)}, and ${files[0]} is ${describe(0)}: both fighters must be made for one ruleset (or name it with --ruleset)`,
  );
}

/**
 * Throws an InputError (exit 2, one line) for the first problem of an actor document; the
 * line says how many more there are. Otherwise returns the document as the data model cleans
 * it, for the derivation. A document that is not an actor's shape at all is returned as given,
 * for `fighterFromSource`, which names what is missing.
 */
export function checkActorFile(raw: unknown, file: string): unknown {
  if (!isObj(raw) || (raw.type !== "character" && raw.type !== "creature")) return raw;
  if (!isObj(raw.system) || !actorRulesets(raw).length || !Array.isArray(raw.items)) return raw;
  const problems = sourceProblems(raw, "actors", {
    i18n: (english ??= englishLocalizer()),
    strict: false,
  });
  const first = problems[0];
  if (!first) return cleanedSource(raw, "actors");
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  const error = new InputError(`${file}: ${first.field}`, undefined, first.message);
  error.message = formatSourceProblems(file, [first]).replace(/\s*\n\s*/g, " ") + more;
  throw error;
}
