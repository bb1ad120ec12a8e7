/**
 * The INJURY table's special-effect symbols as HârnMaster 3 effects (seed 001 lines 79 and 89,
 * ruling Z10, the project's Z22), behind the world option `specialEffects` (on by default):
 *
 * - □ (M1, S2) on an arm location: a Fumble roll (3d6 against DEX; above it, he drops what that
 *   hand holds); on a leg location: a Stumble roll (3d6 against AGL; above it, he falls prone);
 * - ● (S3, G4) from Edge or Point: bleeding;
 * - ▽ (G5) from Edge: an amputation call for the GM (no automatic effect); a G5 from Edge or
 *   Point also bleeds, as HM3's bleeding takes every G4 or worse from Edge or Point (Z22).
 *
 * One call after the injury and its Shock test is all the exchange needs. Pure; dice are
 * injected and rolls are named (`fumble`, `stumble`, prefixed `counter.` when the defender's
 * counterstrike struck the attacker).
 */
import type { Region } from "../../core/body";
import type { Dice } from "../../core/dice";
import { readNumber } from "../../core/errors";
import type { Effect, Side } from "../../core/ruleset";
import { fumbleRoll, stumbleRoll, type Check } from "../hm3/mechanics";
import type { HmzdSymbol } from "./tables";
import type { HmzdAspect, HmzdOptions, HmzdState } from "./types";

export type { Check } from "../hm3/mechanics";

/** What the special effects need to know of one injury. */
export interface SpecialInput {
  /** The injury's band (tables.ts `injuryBand`): its code and symbol. */
  injury: { code: string; symbol: HmzdSymbol };
  /** The location struck, sided (`left-forearm`) as the strike names it. */
  location: string;
  /** The location's region in the victim's plan (`arm`, `leg`…). */
  region: Region;
  aspect: HmzdAspect;
  /** The victim's Dexterity and Agility. */
  victim: { dex: number; agl: number };
  /** The victim's state after this injury (Z15): a KIA victim makes no rolls (Z22). */
  state: HmzdState;
  /** The victim: `defender` for the attacker's strike, `attacker` for a counterstrike's. */
  to: Side;
  /** The rolls' prefix: `""` for the attacker's strike, `"counter."` for the counterstrike's. */
  prefix: string;
  options: Pick<HmzdOptions, "specialEffects">;
}

/** What the symbol did. */
export interface HmzdSpecial {
  symbol: HmzdSymbol;
  /** The Fumble roll (□ on an arm location); null when none was called for. */
  fumble: Check | null;
  /** The Stumble roll (□ on a leg location); null when none was called for. */
  stumble: Check | null;
  /** ● (or ▽) from Edge or Point. */
  bleeding: boolean;
  /** ▽ from Edge: the GM decides whether the limb is lost (Z10). */
  amputation: boolean;
  /** The conditions for the victim: `disarmed` (failed Fumble), `prone` (failed Stumble), `bleeding`. */
  effects: Effect[];
}

/**
 * The special effects of one injury's symbol (Z10, Z22). Nothing happens, and nothing is
 * rolled, when the world option is off or the victim is KIA.
 */
export function specialEffects(input: SpecialInput, dice: Dice): HmzdSpecial {
  const { injury, region, aspect, to } = input;
  const out: HmzdSpecial = {
    symbol: injury.symbol,
    fumble: null,
    stumble: null,
    bleeding: false,
    amputation: false,
    effects: [],
  };
  if (!input.options.specialEffects || input.state === "KIA") return out;
  if (injury.symbol === "square") {
    if (region === "arm") {
      const dex = readNumber(input.victim.dex, `${to}.dex`, { integer: true, min: 0, max: 50 });
      out.fumble = fumbleRoll(dice, `${input.prefix}fumble`, dex, 0);
      if (out.fumble.failed)
        out.effects.push({
          type: "condition",
          to,
          condition: "disarmed",
          cause: "fumble",
          location: input.location,
          until: "recovered",
        });
    } else if (region === "leg") {
      const agl = readNumber(input.victim.agl, `${to}.agl`, { integer: true, min: 0, max: 50 });
      out.stumble = stumbleRoll(dice, `${input.prefix}stumble`, agl, 0);
      if (out.stumble.failed)
        out.effects.push({
          type: "condition",
          to,
          condition: "prone",
          cause: "stumble",
          until: "recovered",
        });
    }
  }
  const piercing = aspect === "edge" || aspect === "point";
  out.bleeding = piercing && (injury.symbol === "dot" || injury.symbol === "triangle");
  out.amputation = injury.symbol === "triangle" && aspect === "edge";
  if (out.bleeding)
    out.effects.push({
      type: "condition",
      to,
      condition: "bleeding",
      cause: "bleeding",
      location: input.location,
      until: "recovered",
    });
  return out;
}
