/**
 * GURPS Man to Man's held conditions in words (issue 17): each condition of a fight block
 * (`M2mFighterState.conditions`, src/rules/m2m/flow.ts) or of the sheet's encounter record (as a
 * fight would start from it, ruling M125) as "Shock −3", "Crippled left arm", "Stunned"…, with
 * how long it lasts (../../chat/held.ts): "Shock −3, until the end of Pierre's next turn".
 * Pure.
 */
import type { RulesetBlock } from "../../../core/ruleset";
import type { HeldCondition } from "../../../core/turns";
import { parseFighterBlock } from "../../../rules/m2m/flow";
import type { HitLocation } from "../../../rules/m2m/types";
import { heldLine, type HeldLine } from "../../chat/held";
import { t, type LangText } from "../../chat/text";
import { CONDITION_EFFECTS } from "../../config";
import { signed } from "../../sheets/common";
import { LOCATION_LABEL, TEXT } from "./sheets/labels";

const CONDITION_NAME: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(CONDITION_EFFECTS.map((e) => [e.id, e.name])),
);

/** What a held condition is: shock with its penalty, a crippled limb, else the condition's name. */
export function m2mHeldLabel(held: HeldCondition): LangText {
  if (held.condition === "shocked" && held.value !== undefined)
    return t(TEXT.shockCondition, { value: signed(-held.value) });
  const location = LOCATION_LABEL[held.location as HitLocation] as string | undefined;
  if (held.condition === "crippled" && location)
    return t(TEXT.crippledCondition, { location: t(location) });
  return t(CONDITION_NAME[held.condition] ?? held.condition);
}

/** Each held condition's line, in the order held, for a bearer named `name`. */
export function m2mHeldLines(held: readonly HeldCondition[], name: string): HeldLine[] {
  return held.map((h) => heldLine(h, name, m2mHeldLabel(h)));
}

/** The held conditions of a block (the fight store's `held`). */
export function m2mBlockHeld(block: RulesetBlock): HeldCondition[] {
  return parseFighterBlock(block, "block").state.conditions;
}
