/**
 * The zone-die prompts (./combat.ts): the defence (Z3, Z4), the star spending (Z6) and the
 * Precision pick (Z5): their options and the choice a request builds.
 */
import type {
  ChoiceOptionView,
  ChoiceRequest,
  DeclarationBuild,
  FighterSnapshot,
} from "../../../core/combat";
import { InputError, readObject } from "../../../core/errors";
import { buildTarget, type Target } from "../../../core/modifiers";
import type { PendingChoice } from "../../../core/ruleset";
import { meleeEml, type CustomModifier } from "../../../rules/hm3/eml";
import { type ImpairmentAction } from "../../../rules/hmzd/impairment";
import {
  HMZD_COMBAT_KEYS,
  SPEND_TYPES,
  SpendType,
  Spend,
  MAX_OPPONENTS,
  LIMIT,
  readId,
  readNullableId,
  readCustom,
  itemised,
  weaponJson,
} from "./combat-common";
import {
  isRecord,
  HmzdView,
  view,
  zoneCount,
  Melee,
  melee,
  blockers,
  strikers,
  modesView,
  placements,
  itemAction,
  impaired,
  withImpairment,
} from "./combat-snapshot";

// ── Choices ──────────────────────────────────────────────────────────────────────────────────

/** The legend of the star-spending counts' shared box in the defence dialog (Z6). */
const SPEND_LEGEND = "BLOWBYBLOW.HMZD.Combat.Spend.legend";

export interface ExchangeContext {
  attackType: "melee" | "missile";
  engagingDefender: number;
  /** The zone values of the attacker's plan (a counterstrike's placements). */
  attackerZones: number;
}

export function exchangeContext(exchange: DeclarationBuild): ExchangeContext {
  const e = readObject(exchange, "exchange");
  const decl = readObject(e.declaration, "declaration");
  const attack = readObject(decl.attack, "declaration.attack");
  const attackType = attack.type === "missile" ? "missile" : "melee";
  const rules = isRecord(e.rules) ? e.rules : {};
  const n = rules.engagingDefender ?? 1;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_OPPONENTS)
    throw new InputError(
      "rules.engagingDefender",
      n,
      `expected a whole number 1 to ${MAX_OPPONENTS}`,
    );
  const attacker = isRecord(decl.attacker) ? decl.attacker : {};
  const attackerZones = isRecord(attacker.bodyPlan) ? zoneCount(attacker.bodyPlan) : 10;
  return { attackType, engagingDefender: n, attackerZones };
}

export type DefenceKind = "block" | "counterstrike" | "dodge";

/**
 * A defence's EML (Z30: HM3's, seed 003 lines 175-181): Block from the item's DML,
 * Counterstrike from its AML, Dodge from Dodge ML, less PP ×5, with the defender's outnumbered
 * modifier against melee.
 */
export function defenceAction(kind: DefenceKind, item: Melee | null): ImpairmentAction {
  if (kind === "dodge" || !item) return { kind: "dodge" };
  return itemAction(item.item, kind === "block" && item.shield ? "shield" : "weapon");
}

export function defenceTarget(
  kind: DefenceKind,
  ctx: ExchangeContext,
  v: HmzdView,
  item: Melee | null,
  custom: readonly CustomModifier[],
): Target {
  const base = kind === "dodge" ? v.derived.dodge.ml : kind === "block" ? item!.dml : item!.aml;
  const baseKey = kind === "dodge" ? "ml" : kind === "block" ? "dml" : "aml";
  const t = meleeEml({
    base,
    baseKey,
    physicalPenalty: v.derived.pp,
    ...(ctx.attackType === "melee" ? { opponents: ctx.engagingDefender } : {}),
    custom,
  });
  // Z8: the injuries in the zones the defence uses (the item's hand; Dodge the legs).
  return withImpairment(
    buildTarget(t.baseKey, t.base, t.modifiers, LIMIT),
    impaired(v, defenceAction(kind, item)).mods,
  );
}

/** Whether a G injury forbids the defence with `item` (Z8). */
export const forbids = (v: HmzdView, kind: DefenceKind, item: Melee | null) =>
  impaired(v, defenceAction(kind, item)).forbidden;

/** The number a pending option may be taken at most (Z6), 0 when it says none. */
export function maxOf(o: { max?: number }): number {
  return typeof o.max === "number" && Number.isInteger(o.max) && o.max > 0 ? o.max : 0;
}

export function optionsIn(
  pending: PendingChoice,
  context: () => ExchangeContext,
  chooser: FighterSnapshot,
): ChoiceOptionView[] {
  const bare = (o: PendingChoice["options"][number]): ChoiceOptionView => ({
    id: o.id,
    labelKey: o.labelKey,
    ...(o.labelData ? { labelData: o.labelData } : {}),
    items: [],
    target: null,
    aims: [],
    ...(o.unavailableKey ? { unavailableKey: o.unavailableKey } : {}),
  });
  if (pending.kind === "spendStars") {
    // Z6: each option is one way to spend, with the most it may be taken; the dialog asks how
    // many of each (`counts`), all at once.
    const counts = pending.options
      .filter((o) => !o.unavailableKey)
      .map((o) => ({ id: o.id, labelKey: o.labelKey, max: maxOf(o), legendKey: SPEND_LEGEND }));
    return pending.options.map((o) => ({ ...bare(o), counts }));
  }
  if (pending.kind === "pickZone") return pending.options.map(bare);
  if (pending.kind !== "defence") return [];
  const ctx = context();
  const v = view(chooser, "chooser");
  return pending.options.map((o): ChoiceOptionView => {
    const out = bare(o);
    if (o.id === "block") {
      // Z4: against a missile only a shield blocks.
      const items = blockers(v).filter(
        (m) => (ctx.attackType === "melee" || m.shield) && !forbids(v, "block", m),
      );
      out.items = items.map((m) => ({
        itemId: m.item.id,
        name: m.item.name,
        target: defenceTarget("block", ctx, v, m, []),
        modes: [],
      }));
      if (out.items.length === 0)
        out.unavailableKey =
          ctx.attackType === "missile"
            ? HMZD_COMBAT_KEYS.unavailable.shieldOnly
            : HMZD_COMBAT_KEYS.unavailable.nothingToBlock;
    } else if (o.id === "counterstrike") {
      out.items = strikers(v)
        .filter((m) => !forbids(v, "counterstrike", m))
        .map((m) => ({
          itemId: m.item.id,
          name: m.item.name,
          target: defenceTarget("counterstrike", ctx, v, m, []),
          modes: modesView(m.modes),
        }));
      // The counterstrike's placement on the attacker's plan, for the smallest zone die held.
      const die = Math.min(...strikers(v).map((m) => m.zoneDie), 10);
      out.aims = placements(ctx.attackerZones, die);
      if (out.items.length === 0) out.unavailableKey = HMZD_COMBAT_KEYS.unavailable.noWeapon;
    } else if (o.id === "dodge") {
      out.target = defenceTarget("dodge", ctx, v, null, []);
      if (forbids(v, "dodge", null)) out.unavailableKey = HMZD_COMBAT_KEYS.unavailable.forbidden;
    }
    if (o.unavailableKey) out.unavailableKey = o.unavailableKey;
    return out;
  });
}

export function choiceOptions(
  pending: PendingChoice,
  exchange: DeclarationBuild,
  chooser: FighterSnapshot,
): ChoiceOptionView[] {
  return optionsIn(pending, () => exchangeContext(exchange), chooser);
}

export function readChoiceRequest(value: unknown): ChoiceRequest {
  const o = readObject(value, "request");
  const out: ChoiceRequest = {
    optionId: readId(o.optionId, "optionId"),
    itemId: readNullableId(o.itemId, "itemId"),
    mode: readNullableId(o.mode, "mode"),
    aim: readNullableId(o.aim, "aim"),
    custom: readCustom(o.custom),
  };
  if (o.counts !== undefined && o.counts !== null) {
    const c = readObject(o.counts, "counts");
    const counts: Record<string, number> = {};
    for (const [k, n] of Object.entries(c)) {
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0)
        throw new InputError(
          `counts.${k}`,
          n,
          "expected a whole number of tactical advantages ≥ 0",
        );
      counts[k] = n;
    }
    out.counts = counts;
  }
  return out;
}

/**
 * The spending a `spendStars` request gives (Z6). With `counts`, exactly those; the total may
 * not pass the TAs won (the engine checks it again), and each type its `max`. Without counts
 * (a card button alone), ruling Z31: every TA goes to the button's type, except Action, taken
 * once (Z6), whose remaining TAs go to Impact for a striker and to Setup for a defender who won
 * a Block or Dodge (the CLI's default spending).
 */
export function spendOf(pending: PendingChoice, request: ChoiceRequest): Spend {
  const open = pending.options.filter((o) => !o.unavailableKey);
  const ids = open.map((o) => o.id);
  const tas =
    typeof pending.data?.tacticalAdvantages === "number" ? pending.data.tacticalAdvantages : 0;
  const spend: Spend = { impact: 0, precision: 0, action: 0, setup: 0 };
  if (request.counts) {
    for (const [k, n] of Object.entries(request.counts)) {
      if (n === 0) continue;
      const o = open.find((x) => x.id === k);
      if (!o || !(SPEND_TYPES as readonly string[]).includes(k))
        throw new InputError(`counts.${k}`, n, `expected one of ${ids.join(", ")}`);
      const max = maxOf(o);
      if (n > max) throw new InputError(`counts.${k}`, n, `at most ${max}`);
      spend[k as SpendType] = n;
    }
    const total = SPEND_TYPES.reduce((t, k) => t + spend[k], 0);
    if (tas > 0 && total > tas)
      throw new InputError("counts", total, `the winner has ${tas} tactical advantages to spend`);
    return spend;
  }
  const chosen = request.optionId as SpendType;
  if (chosen === "action") {
    spend.action = 1;
    const rest = Math.max(0, tas - 1);
    const striker = ids.includes("impact");
    const to: SpendType = striker ? "impact" : "setup";
    if (ids.includes(to)) spend[to] = rest;
  } else {
    spend[chosen] = tas;
  }
  return spend;
}

export function buildChoice(
  pending: PendingChoice,
  exchange: DeclarationBuild,
  chooser: FighterSnapshot,
  raw: ChoiceRequest,
): unknown {
  let ctx: ExchangeContext | null = null;
  const context = () => (ctx ??= exchangeContext(exchange));
  const request = readChoiceRequest(raw);
  const views = optionsIn(pending, context, chooser);
  const option = views.find((o) => o.id === request.optionId);
  if (!option)
    throw new InputError(
      "optionId",
      request.optionId,
      `expected one of ${views.map((o) => o.id).join(", ") || "nothing (no choice is pending)"}`,
    );
  if (option.unavailableKey && !request.counts)
    throw new InputError("optionId", request.optionId, "this option cannot be chosen now");
  if (pending.kind === "spendStars") return spendOf(pending, request);
  if (pending.kind === "pickZone") {
    const pick = pending.options.findIndex((o) => o.id === option.id);
    return { index: pick };
  }
  if (option.id === "ignore") {
    if (request.custom.length > 0)
      throw new InputError("custom", request.custom, "Ignore rolls nothing: it takes no modifiers");
    return { type: "ignore" };
  }
  const v = view(chooser, "chooser");
  if (option.id === "dodge")
    return {
      type: "dodge",
      eml: itemised(defenceTarget("dodge", context(), v, null, request.custom)),
    };
  if (!option.items.some((i) => i.itemId === request.itemId))
    throw new InputError(
      "itemId",
      request.itemId,
      `expected one of ${option.items.map((i) => i.itemId).join(", ")}`,
    );
  const item = melee(v).find((m) => m.item.id === request.itemId)!;
  if (option.id === "block")
    return {
      type: "block",
      eml: itemised(defenceTarget("block", context(), v, item, request.custom)),
      // Z4: against a missile only a shield blocks.
      ...(context().attackType === "missile" ? { shield: item.shield } : {}),
    };
  const index = item.modes.findIndex((_, i) => String(i) === request.mode);
  if (index < 0)
    throw new InputError(
      "mode",
      request.mode,
      `expected one of ${item.modes.map((_, i) => String(i)).join(", ")}`,
    );
  const aims = placements(context().attackerZones, item.zoneDie);
  if (!aims.some((z) => z.id === request.aim))
    throw new InputError(
      "aim",
      request.aim,
      `expected a placement the zone die keeps on the attacker's plan: ${aims.map((z) => z.id).join(", ")} (hmzd.md §2)`,
    );
  const mode = item.modes[index]!;
  return {
    type: "counterstrike",
    eml: itemised(defenceTarget("counterstrike", context(), v, item, request.custom)),
    weapon: weaponJson(item.zoneDie, mode),
    ...(mode.name ? { mode: mode.name } : {}),
    placement: Number(request.aim),
  };
}
