/**
 * Inputs for the hmzd tests: the seed's worked example (hmzd.md §9) as a `resolve` input, and a
 * runner that answers prompts and scripts rolls.
 */
import { resolveInput } from "../../src/rules/resolve";
import type { HmzdResult } from "../../src/rules/hmzd";

/** The mail habergeon's AV at the shoulder (001:40: B 4, E 9, P 7, F 3). */
export const HABERGEON_SHOULDER = { blunt: 4, edge: 9, point: 7, fire: 3 };

/**
 * hmzd.md §9: broadsword d4 ZD, d10+3E swing, STR 14; Block EML 50; Shock EML 50. The seed's
 * example stops at the stun; the S2's □ on the shoulder (an arm location) then calls a Fumble
 * roll (Z10): 4 + 3 + 2 = 9 against DEX 11 holds on.
 */
export function workedExample(): Record<string, unknown> {
  return {
    ruleset: "hmzd",
    attack: {
      type: "melee",
      eml: 70,
      mode: "swing",
      weapon: { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } },
    },
    defence: { type: "block", eml: 50 },
    attacker: { str: 14, endurance: 12, dex: 12, agl: 12 },
    defender: {
      str: 12,
      endurance: 10,
      dex: 11,
      agl: 11,
      shock: 50,
      armour: { shoulder: HABERGEON_SHOULDER },
    },
    rolls: {
      attack: 34,
      defence: 62,
      zone: 3,
      location: 2,
      impact: 9,
      shock: 100,
      fumble: [4, 3, 2],
    },
    seed: 7,
  };
}

/**
 * The worked example with fields replaced: a shallow merge per top-level object, except
 * `defence`, which is replaced whole.
 */
export function example(over: Record<string, unknown> = {}): Record<string, unknown> {
  const base = workedExample();
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = k === "defence" ? undefined : base[k];
    out[k] =
      v !== null &&
      typeof v === "object" &&
      !Array.isArray(v) &&
      b !== null &&
      typeof b === "object" &&
      !Array.isArray(b)
        ? { ...(b as object), ...(v as object) }
        : v;
  }
  return out;
}

/** Resolves an input and returns the hmzd result. */
export function resolve(input: Record<string, unknown>): HmzdResult {
  return resolveInput(input).result as unknown as HmzdResult;
}
