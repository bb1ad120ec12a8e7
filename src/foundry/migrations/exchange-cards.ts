/**
 * Migration 2, "exchange cards": the exchange chat message's `system` became the flow's
 * `ExchangeCard` (src/core/flow.ts). Schema 1 held ruleset, state, revision, the two combatants'
 * UUIDs, and declaration, choices and result as JSON (all null until set); schema 2 adds each
 * combatant's name and the context, rolls, pending prompt, applied record and advantages, and
 * its choices are a list (`[]`, never null).
 *
 * A card of schema 1 (it has `ruleset` and `state`) gets every missing field at its default
 * (names blank: the old card never stored them), and null choices become an empty list. JSON
 * fields are written as Foundry stores them (JSON text). A partial update (no `ruleset` and
 * `state`) is left alone, but for null choices. Fields the migration does not know are kept;
 * current cards are returned unchanged.
 */
import type { TypeKey } from "../data/rules";
import { isPlainObject } from "./plain";

/** Each new field's stored default (JSON text, or null). */
const ADDED: Readonly<Record<string, string | null>> = Object.freeze({
  context: "{}",
  rolls: "[]",
  pending: null,
  applied: null,
  advantages: "{}",
});

export function exchangeCards(
  type: TypeKey,
  system: Record<string, unknown>,
): Record<string, unknown> {
  if (type !== "ChatMessage.exchange") return system;
  const out = { ...system };
  let changed = false;
  if ("choices" in out && (out.choices === null || out.choices === "null")) {
    out.choices = "[]";
    changed = true;
  }
  if ("ruleset" in out && "state" in out) {
    for (const side of ["attacker", "defender"] as const) {
      const ref = out[side];
      if (isPlainObject(ref) && !("name" in ref)) {
        out[side] = { ...ref, name: "" };
        changed = true;
      }
    }
    if (!("choices" in out)) {
      out.choices = "[]";
      changed = true;
    }
    for (const [key, initial] of Object.entries(ADDED)) {
      if (key in out) continue;
      out[key] = initial;
      changed = true;
    }
  }
  return changed ? out : system;
}
