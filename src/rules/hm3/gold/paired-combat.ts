/**
 * The paired group in the HM3 Foundry combat flow (src/rules/hm3/combat.ts calls these): the
 * attack dialog's "defender surprised" row puts `attack.defenderSurprised` and the defender's
 * Initiative ML into the declaration; the defence prompt offers only what the Reaction Roll
 * (the pending choice's `data.reaction`) allows, with the targets the engine will roll against
 * (a double strike's −10, a half EML), and the choice names the hand or the hex the roll asks for.
 */
import type {
  AttackRequest,
  CatalogRowInput,
  ChoiceOptionView,
  FighterItem,
} from "../../../core/combat";
import { InputError, readObject } from "../../../core/errors";
import type { Target } from "../../../core/modifiers";
import type { PendingChoice } from "../../../core/ruleset";
import type { Hm3Declaration, Hm3Defence } from "../exchange";
import type { DefenceType } from "../tables";
import { adjustDefence } from "./paired";
import { DOUBLE_STRIKE_ATTACK, withModifier } from "./paired-double";
import type { TangleAttempt } from "./paired-tangle";
import { REACTION_CONTEXTS, defenceManner, type Hand, type ReactionRoll } from "./paired-reaction";

/** The hand an item is held in, as the Reaction Roll reads it: both hands count as secondary (G51). */
export function handOf(item: FighterItem): Hand {
  const s = item.system as Record<string, unknown>;
  return s.held === "off" || s.held === "both" ? "secondary" : "primary";
}

/** Key of a defence whose items the Reaction Roll rules out (no weapon in the hand it names). */
export const REACTION_NO_HAND_KEY = "BLOWBYBLOW.HM3.Gold.Paired.Reaction.noHand";

/** The declared catalog rows of an attack request (untrusted), each `{ id, param? }`. */
export function readCatalogInput(value: unknown, known: readonly string[]): CatalogRowInput[] {
  if (!Array.isArray(value)) throw new InputError("catalog", value, "expected a list of rows");
  return value.map((raw, i) => {
    const o = readObject(raw, `catalog[${i}]`);
    if (typeof o.id !== "string" || !known.includes(o.id))
      throw new InputError(`catalog[${i}].id`, o.id, `expected one of ${known.join(", ")}`);
    const p = o.param;
    if (p !== undefined && typeof p !== "string" && typeof p !== "number")
      throw new InputError(`catalog[${i}].param`, p, "expected a number or a choice id");
    return p === undefined ? { id: o.id } : { id: o.id, param: p };
  });
}

/**
 * Adds the paired rows of the request to the declaration being built: `defenderSurprised`
 * (the row's choice) and the defender's Initiative ML for its Reaction Roll.
 */
export function pairedDeclaration(
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
  attack: Record<string, unknown>,
  defender: Record<string, unknown>,
  defenderInitiative: number,
): void {
  const row = request.catalog?.find((r) => r.id === "defenderSurprised");
  if (!row) return;
  if (options.reactionRoll !== true)
    throw new InputError("catalog.defenderSurprised", row.param, "the reactionRoll option is off");
  const context = row.param ?? "surprise";
  if (!(REACTION_CONTEXTS as readonly unknown[]).includes(context))
    throw new InputError(
      "catalog.defenderSurprised",
      context,
      `expected one of ${REACTION_CONTEXTS.join(", ")}`,
    );
  attack.defenderSurprised = context;
  defender.initiative = defenderInitiative;
}

/**
 * The areas a tangle attempt aims at (the "tangle & strike" row's choice, ruling G39): the EML
 * penalty by the size of the target (seed 000 line 276, +0 to −15: the whole fighter 0, a limb
 * −10, the weapon alone −15) and the tangle penalty's dice by what is entangled (line 278: the
 * whole fighter 5d6, a limb or the weapon 4d6).
 */
export const TANGLE_AREAS: Readonly<Record<string, TangleAttempt>> = Object.freeze({
  body: Object.freeze({ penalty: 0, dice: 5 as const }),
  limb: Object.freeze({ penalty: 10, dice: 4 as const }),
  weapon: Object.freeze({ penalty: 15, dice: 4 as const }),
});

/** The tangle attempt the request declares (the "tangle & strike" row), checked; null: none. */
export function declaredTangle(
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
): TangleAttempt | null {
  const row = request.catalog?.find((r) => r.id === "tangle");
  if (!row) return null;
  if (options.pairedWeapons !== true)
    throw new InputError("catalog.tangle", row.param, "the pairedWeapons option is off");
  const p = row.param;
  const area = typeof p === "string" && Object.hasOwn(TANGLE_AREAS, p) ? TANGLE_AREAS[p] : null;
  if (!area)
    throw new InputError(
      "catalog.tangle",
      row.param,
      `expected one of ${Object.keys(TANGLE_AREAS).join(", ")}`,
    );
  if (declaresDoubleStrike(request))
    throw new InputError("catalog.tangle", row.param, "declare either a tangle or a double strike");
  return { penalty: area.penalty, dice: area.dice };
}

/**
 * Adds the "tangle & strike" row to the declaration being built: `attack.tangle` (the area's
 * penalty and dice; the engine adds the EML modifier `gold.tangle`, line 276). The attacking
 * item must be held in the main hand (line 266).
 */
export function pairedTangle(
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
  attack: Record<string, unknown>,
  item: FighterItem,
): void {
  const tangle = declaredTangle(request, options);
  if (!tangle) return;
  if (attack.type !== "melee")
    throw new InputError("catalog.tangle", attack.type, "a tangle is a melee attack (line 270)");
  if (handOf(item) !== "primary")
    throw new InputError(
      "catalog.tangle",
      item.name,
      "the tangle is made with the weapon held in the primary (main) hand (seed 000 line 266)",
    );
  attack.tangle = tangle;
}

/** The Reaction Roll a pending defence carries (`data.reaction`), or null. */
export function pendingReaction(pending: PendingChoice): ReactionRoll | null {
  const r = pending.data?.reaction;
  return r && typeof r === "object" ? (r as ReactionRoll) : null;
}

/** Whether the Reaction Roll lets this item make the defence (its hand, G51). */
export function itemAllowed(pending: PendingChoice, type: DefenceType, item: FighterItem): boolean {
  const reaction = pendingReaction(pending);
  if (!reaction) return true;
  const manner = defenceManner(reaction, type);
  return manner === "primary" || manner === "secondary" ? handOf(item) === manner : true;
}

/**
 * What the choice adds for the Reaction Roll: the item's hand, a dodge into a hex. On MF the
 * dodge is always into an open hex (line 325); on MS only when the defender ticks the open hex
 * (the count `gold.dodgeHex`, line 324, ruling G82).
 */
export function pairedChoiceFields(
  pending: PendingChoice,
  type: DefenceType,
  item: FighterItem | null,
  counts?: Readonly<Record<string, number>>,
): Pick<Hm3Defence, "hand" | "dodgeHex"> {
  const reaction = pendingReaction(pending);
  if (!reaction || reaction.context !== "advantage") return {};
  if (type === "dodge") {
    const manner = defenceManner(reaction, "dodge");
    if (manner === "hexHalf") return { dodgeHex: true };
    return manner === "hexOrHalf" && counts?.[REACTION_HEX_COUNT] === 1 ? { dodgeHex: true } : {};
  }
  return item && (type === "block" || type === "counterstrike") ? { hand: handOf(item) } : {};
}

/** The defence dialog's count for a Dodge into an adjacent open hex (0 or 1, ruling G82). */
export const REACTION_HEX_COUNT = "gold.dodgeHex";
/** Keys of the open-hex dodge in the defence dialog (whole literals, for the lang audit). */
export const REACTION_HEX_KEY = Object.freeze({
  /** The count: into an adjacent open hex at full EML (line 324). */
  count: "BLOWBYBLOW.HM3.Gold.Paired.Carry.dodgeHexCount",
  /** The Dodge option on MF: only into an adjacent open hex, at half EML (line 325). */
  onlyHex: "BLOWBYBLOW.HM3.Gold.Paired.Carry.dodgeHexOnly",
});

/**
 * The Dodge option of the defence dialog after a TA's Reaction Roll (seed 000 lines 324-325,
 * ruling G82): on MS it offers the open hex at full EML as a count (max 1; unticked, the dodge
 * is at half EML, the target shown); on MF it is named as the open-hex dodge at half EML. The
 * engine does not read the map: the defender says the hex is open (G52).
 */
export function pairedDefenceView(out: ChoiceOptionView, pending: PendingChoice): void {
  const reaction = pendingReaction(pending);
  if (out.id !== "dodge" || out.unavailableKey || reaction?.context !== "advantage") return;
  const manner = defenceManner(reaction, "dodge");
  if (manner === "hexHalf") out.labelKey = REACTION_HEX_KEY.onlyHex;
  if (manner === "hexOrHalf")
    out.counts = [
      ...(out.counts ?? []),
      { id: REACTION_HEX_COUNT, labelKey: REACTION_HEX_KEY.count, max: 1, toggle: true },
    ];
}

/** The target the prompt shows: what the engine rolls against (−10, half EML). */
export function pairedShownTarget(
  decl: Hm3Declaration,
  pending: PendingChoice,
  type: DefenceType,
  item: FighterItem | null,
  target: Target,
): Target {
  const fields = pairedChoiceFields(pending, type, item);
  const defence: Hm3Defence = { type, target, ...fields };
  return adjustDefence(decl, pendingReaction(pending), defence).target!;
}

/** A resolved attack as combat.ts gives it for an item (its aspect, aim, impact and target). */
export interface OffHandAttack {
  aspect: string;
  aim: string;
  impact: number;
  target: Target;
  wq?: number;
}

/** Whether the request declares a double strike (the "double strike" row). */
export function declaresDoubleStrike(request: AttackRequest): boolean {
  return request.catalog?.some((r) => r.id === "doubleStrike") === true;
}

/**
 * The attack target the dialog shows: with a double strike declared, its −20 (line 255); with a
 * tangle attempt, its area's penalty (line 276).
 */
export function pairedAttackTarget(
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
  target: Target,
): Target {
  const tangle = options.pairedWeapons === true ? declaredTangle(request, options) : null;
  // The tangle attempt's area (line 276), as the engine adds it from `attack.tangle`.
  if (tangle) return withModifier(target, "gold.tangle", -tangle.penalty, "276");
  if (!declaresDoubleStrike(request) || options.pairedWeapons !== true) return target;
  return withModifier(target, "gold.doubleStrike", DOUBLE_STRIKE_ATTACK, "255");
}

/**
 * The double strike's secondary weapon (seed 000 lines 249-262): the first ready item held in
 * the off hand that can strike, other than the attacking one, with its best aspect (the highest
 * impact) at the same aim; `resolve` gives its attack as the dialog would. Adds `attack.double`
 * and returns the off-hand item's id (strike recovery records it, ruling G76); null: no double
 * strike declared.
 */
export function pairedDoubleStrike(
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
  attack: Record<string, unknown>,
  candidates: readonly {
    item: FighterItem;
    impacts: readonly { aspect: string; impact: number }[];
  }[],
  resolve: (itemId: string, mode: string) => OffHandAttack,
): string | null {
  if (!declaresDoubleStrike(request)) return null;
  if (options.pairedWeapons !== true)
    throw new InputError("catalog.doubleStrike", true, "the pairedWeapons option is off");
  if (attack.type !== "melee")
    throw new InputError("catalog.doubleStrike", true, "a double strike is two melee attacks");
  const off = candidates.find(
    (c) => c.item.id !== request.itemId && handOf(c.item) === "secondary" && c.impacts.length > 0,
  );
  if (!off)
    throw new InputError(
      "catalog.doubleStrike",
      true,
      "a double strike needs a second weapon that strikes, held in the off hand",
    );
  const best = [...off.impacts].sort((a, b) => b.impact - a.impact)[0]!;
  const r = resolve(off.item.id, best.aspect);
  attack.double = {
    aspect: r.aspect,
    aim: r.aim,
    impact: r.impact,
    eml: {
      baseKey: r.target.baseKey,
      base: r.target.base,
      modifiers: r.target.modifiers.map((m) => ({ ...m })),
    },
    ...(r.wq !== undefined ? { wq: r.wq } : {}),
  };
  return off.item.id;
}
