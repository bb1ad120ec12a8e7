/**
 * HârnMaster Gold Disengage action in Foundry (seed 000 lines 85-91; ruling G67): the engine's
 * input from the fighters' derived figures, and the result as a skill-test chat card
 * (`templates/chat/skill-test.hbs`, the path of the actor sheet's skill tests). Pure: the
 * action (src/foundry/combat/disengage.ts) rolls the named dice and posts the card.
 */
import type { Target } from "../../../core/modifiers";
import type { Hm3Derived } from "../../../rules/hm3/character-types";
import type { DisengageInput, DisengageResult } from "../../../rules/hm3/gold/turns-disengage";
import type { Format, Localize } from "../../sheets/common";
import { testCard, type TestCard } from "./sheets/actor/tests";
import { LEVEL_LABEL } from "./sheets/actor/labels";

export const DISENGAGE_KEYS = Object.freeze({
  title: "BLOWBYBLOW.HM3.Gold.Turns.disengage.title",
  away: "BLOWBYBLOW.HM3.Gold.Turns.disengage.away",
  oneHex: "BLOWBYBLOW.HM3.Gold.Turns.disengage.oneHex",
  foe: "BLOWBYBLOW.HM3.Gold.Turns.disengage.foe",
  foeNoTest: "BLOWBYBLOW.HM3.Gold.Turns.disengage.foeNoTest",
  noFoe: "BLOWBYBLOW.HM3.Gold.Turns.disengage.noFoe",
  stumble: "BLOWBYBLOW.HM3.Gold.Turns.disengage.stumble",
  stumbleFailed: "BLOWBYBLOW.HM3.Gold.Turns.disengage.stumbleFailed",
  stumbleHeld: "BLOWBYBLOW.HM3.Gold.Turns.disengage.stumbleHeld",
  optionOff: "BLOWBYBLOW.HM3.Gold.Turns.disengage.optionOff",
  notGold: "BLOWBYBLOW.HM3.Gold.Turns.disengage.notGold",
});

/** A fighter in a Disengage: its name and derived figures (null: it does not test). */
export interface DisengageSide {
  name: string;
  derived: Hm3Derived | null;
}

/**
 * The engine's input: the disengager's Initiative EML, AGL and PP; each engaged foe's
 * Initiative EML, or null when it does not test (no derived figures, or `tests` false: MF).
 */
export function disengageInput(
  me: { derived: Hm3Derived; agl: number },
  foes: readonly (DisengageSide & { tests?: boolean })[],
): DisengageInput {
  return {
    eml: me.derived.initiative.eml.value,
    agl: me.agl,
    pp: me.derived.pp,
    foes: foes.map((f, i) => ({
      id: String(i),
      eml: f.derived && f.tests !== false ? f.derived.initiative.eml.value : null,
    })),
  };
}

/**
 * The chat card of a Disengage: the disengager's Initiative test (the target itemised in the
 * tooltip), the outcome, each foe's test and a CF's Stumble Roll on the detail line.
 */
export function disengageCard(
  actor: string,
  target: Target,
  result: DisengageResult,
  foes: readonly string[],
  localize: Localize,
  format: Format,
): TestCard {
  const outcome =
    result.outcome === "away"
      ? format(DISENGAGE_KEYS.away, { feet: result.feet, hexes: result.hexes })
      : localize(DISENGAGE_KEYS.oneHex);
  const foeLines = result.foes.map((f, i) => {
    const name = foes[i] ?? f.id;
    return f.roll === null
      ? format(DISENGAGE_KEYS.foeNoTest, { name })
      : format(DISENGAGE_KEYS.foe, {
          name,
          level: localize(LEVEL_LABEL[f.level]),
          roll: f.roll,
          eml: f.eml ?? 0,
        });
  });
  if (foeLines.length === 0) foeLines.push(localize(DISENGAGE_KEYS.noFoe));
  const lines = [outcome, ...foeLines];
  if (result.stumble)
    lines.push(
      format(DISENGAGE_KEYS.stumble, {
        total: result.stumble.total,
        target: result.stumble.target,
        result: localize(
          result.stumble.failed ? DISENGAGE_KEYS.stumbleFailed : DISENGAGE_KEYS.stumbleHeld,
        ),
      }),
    );
  // The engine's clamped EML is the card's (the derived Initiative EML is already 5..95).
  const subject = {
    title: localize(DISENGAGE_KEYS.title),
    detail: lines.join(" · "),
    target: { ...target, value: result.test.eml },
  };
  return testCard(actor, subject, result.test.roll, localize);
}
