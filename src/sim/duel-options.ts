/**
 * The HM3 optional rules a duel is played with (the CLI's `duel --options`, the workbench's
 * toggles): HârnMaster 3's own (kill roll, amputation, bleeding) and the HârnMaster Gold options
 * of seed 000 (issue 19). Checked as the engine checks a declaration's `options`: known ids,
 * true or false, a Gold sub-rule only with its rule (`checkGoldParents`).
 */
import { InputError } from "../core/errors";
import { GOLD_OPTIONS, checkGoldParents, type GoldOptions } from "../rules/hm3/gold/options";
import { worldDefaults } from "./policy";

/**
 * The rules given (`{id: true|false}`, or a list of the ids to switch on) over the defaults; a
 * bad entry throws an InputError naming `field.<id>`.
 */
export function readHm3Rules(value: unknown, field = "options"): Record<string, boolean> {
  const out = worldDefaults();
  if (value === undefined || value === null) return out;
  const ids = Object.keys(out);
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((id, i) => {
        if (typeof id !== "string")
          throw new InputError(`${field}[${i}]`, id, "expected an option id (text)");
        return [id, true];
      })
    : typeof value === "object"
      ? Object.entries(value)
      : (() => {
          throw new InputError(
            field,
            value,
            "expected an object of option ids to true/false, or a list of the ids to switch on",
          );
        })();
  for (const [id, on] of entries) {
    if (!ids.includes(id))
      throw new InputError(
        `${field}.${id}`,
        on,
        `unknown optional rule (expected ${ids.join(", ")})`,
      );
    if (typeof on !== "boolean")
      throw new InputError(`${field}.${id}`, on, "expected true or false");
    out[id] = on;
  }
  checkGoldParents(out as Partial<GoldOptions>, field);
  return out;
}

/**
 * The Gold options the fast duel (src/sim/hm3-fast-duel.ts) models. None yet: each Gold option
 * may change what a duel carries between exchanges (the turn order, a penalty on the next attack,
 * fatigue, a weapon's state), which the fast duel's few numbers do not hold, so a duel with any
 * Gold option on is played through the flow (the same results, slower). An option joins this
 * list with a test holding the fast duel to the flow's with it on (test/sim/hm3-fast-duel.test.ts).
 */
export const FAST_DUEL_GOLD: ReadonlySet<string> = new Set<string>();

/** Whether the fast duel plays these rules as the flow would: no Gold option it does not model. */
export function fastDuelRules(rules: Readonly<Record<string, boolean>>): boolean {
  return GOLD_OPTIONS.every((o) => rules[o.id] !== true || FAST_DUEL_GOLD.has(o.id));
}
