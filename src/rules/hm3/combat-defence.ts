/**
 * HârnMaster 3 combat: the defences open to a defender, their targets and the choice the engine
 * takes (seed 003 lines 37-50, 175-181; rulings R2, R26, R32).
 */
import { pairedDefenceView } from "./gold/paired-combat";
import { carriedDefenceCounts } from "./gold/carry";
import { carriedCounterTarget } from "./gold/carry-combat";
import type {
  ChoiceOptionView,
  ChoiceRequest,
  DeclarationBuild,
  FighterSnapshot,
} from "../../core/combat";
import { InputError, readObject } from "../../core/errors";
import { buildTarget, type Target } from "../../core/modifiers";
import type { PendingChoice } from "../../core/ruleset";
import { meleeEml, missileDefenceMl, type CustomModifier, type Velocity } from "./eml";
import { type Hm3Declaration } from "./exchange";
import {
  emlDefenceCounts,
  emlDefenceFields,
  emlDefenceTarget,
  emlWeaponOf,
  ridingMlOf,
  type EmlDefenceContext,
} from "./gold/eml-dialog";
import {
  itemAllowed,
  pairedChoiceFields,
  pairedShownTarget,
  REACTION_NO_HAND_KEY,
} from "./gold/paired-combat";
import { impactDefence, impactDefenceCounts } from "./gold/impact-defence";
import { checkTackleDefence } from "./gold/rolls-parse";
import { EML_MAX, EML_MIN } from "./mechanics";
import { parseDeclaration } from "./parse";
import { goldBlockFields, goldStrikeFields } from "./gold/armour-combat";
import {
  defenceReachKey,
  reachReason,
  readReachRules,
  type ReachRules,
} from "./gold/turns-reach-combat";
import { AIM_ZONES, type AimZone } from "./tables";
import { HM3_COMBAT_KEYS } from "./combat-labels";
import {
  isRecord,
  view,
  itemSystem,
  wqField,
  melee,
  blockers,
  strikers,
  aimsAt,
  modesOf,
  itemised,
  type Hm3View,
  type Melee,
} from "./combat-view";
import { MAX_OPPONENTS, readChoiceRequest } from "./combat-read";

const LIMIT = { min: EML_MIN, max: EML_MAX };

// ── Defences ─────────────────────────────────────────────────────────────────────────────────

/** What the defence functions need of the exchange. */
export interface ExchangeContext {
  decl: Hm3Declaration;
  attackType: "melee" | "missile";
  velocity: Velocity;
  engagingDefender: number;
  /** HârnMaster Gold weapon reach (`rules.reach`); null while it was off. */
  reach: ReachRules | null;
}

function exchangeContext(exchange: DeclarationBuild): ExchangeContext {
  const e = readObject(exchange, "exchange");
  const decl = parseDeclaration(e.declaration);
  const rules = isRecord(e.rules) ? e.rules : {};
  const attackType = decl.attack.type;
  let velocity: Velocity = "low";
  if (attackType === "missile") {
    if (rules.velocity !== "low" && rules.velocity !== "high")
      throw new InputError("rules.velocity", rules.velocity, "expected low or high");
    velocity = rules.velocity;
  }
  const n = rules.engagingDefender ?? 1;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_OPPONENTS)
    throw new InputError(
      "rules.engagingDefender",
      n,
      `expected a whole number 1 to ${MAX_OPPONENTS}`,
    );
  return { decl, attackType, velocity, engagingDefender: n, reach: readReachRules(rules) };
}

/**
 * One exchange read once, for a caller that asks about it several times (src/sim/duel.ts): the
 * declaration parsed (`decl`, which the engine's `start` takes as it is) and the defence
 * options and choices over it, as `choiceOptions` and `buildChoice` give them for `exchange`.
 */
export function readExchange(exchange: DeclarationBuild): {
  context: ExchangeContext;
  options(pending: PendingChoice, chooser: FighterSnapshot): ChoiceOptionView[];
  choice(pending: PendingChoice, chooser: FighterSnapshot, request: ChoiceRequest): unknown;
} {
  const context = exchangeContext(exchange);
  const get = () => context;
  return {
    context,
    options: (pending, chooser) => optionsIn(pending, get, chooser),
    choice: (pending, chooser, request) => buildChoiceIn(pending, get, chooser, request),
  };
}

type DefenceKind = "block" | "counterstrike" | "dodge";

/**
 * A defence's EML, itemised (seed 003 lines 175-181; hm3.md §2): Block from the item's DML,
 * Counterstrike from its AML, Dodge from Dodge ML, each less PP ×5; against melee the
 * defender's outnumbered modifier (ruling R32) and a counterstrike's aim; against a missile the
 * MISSILE EMLs rule (lines 37-50, ruling R2) as a modifier that brings the ML to full, half or
 * 05, and no outnumbered modifier (line 208-215 lists none).
 */
function defenceTarget(
  kind: DefenceKind,
  ctx: ExchangeContext,
  v: Hm3View,
  item: Melee | null,
  aim: AimZone | null,
  custom: readonly CustomModifier[],
): Target {
  const base =
    kind === "dodge"
      ? v.derived.dodge.ml
      : kind === "block"
        ? item!.derived.dml
        : item!.derived.aml;
  const baseKey = kind === "dodge" ? "ml" : kind === "block" ? "dml" : "aml";
  const pp = v.derived.pp;
  if (ctx.attackType === "melee") {
    return meleeEml({
      base,
      baseKey,
      physicalPenalty: pp,
      opponents: ctx.engagingDefender,
      ...(aim ? { aim } : {}),
      custom,
    });
  }
  const rule = missileDefenceMl(
    kind === "block" ? "block" : "dodge",
    ctx.velocity,
    base,
    kind === "block" && item!.shield,
  );
  const rest = meleeEml({ base, baseKey, physicalPenalty: pp, custom });
  return buildTarget(
    baseKey,
    base,
    [
      {
        key: `missileDefence.${rule.rule}`,
        value: rule.ml - base,
        source: "seed 003 lines 37-50; docs/rulings.md R2",
      },
      ...rest.modifiers,
    ],
    LIMIT,
  );
}

export function choiceOptions(
  pending: PendingChoice,
  exchange: DeclarationBuild,
  chooser: FighterSnapshot,
): ChoiceOptionView[] {
  return optionsIn(pending, () => exchangeContext(exchange), chooser);
}

/**
 * `choiceOptions` over an exchange already read (`context`, asked for only when a defence is
 * pending): a caller that asks several times about one exchange (a duel) reads it once.
 */
function optionsIn(
  pending: PendingChoice,
  context: () => ExchangeContext,
  chooser: FighterSnapshot,
): ChoiceOptionView[] {
  if (pending.kind !== "defence") return [];
  const ctx = context();
  const v = view(chooser, "chooser");
  return pending.options.map((o): ChoiceOptionView => {
    const out: ChoiceOptionView = {
      id: o.id,
      labelKey: o.labelKey,
      items: [],
      target: null,
      aims: [],
    };
    // HârnMaster Gold (gold/paired-combat.ts): the Reaction Roll's hand; the targets the engine
    // rolls against (a double strike's −10, a half EML).
    const shown = (t: Target, m: Melee | null) =>
      pairedShownTarget(ctx.decl, pending, o.id as "block", m?.item ?? null, t);
    const allowed = (m: Melee) => itemAllowed(pending, o.id as "block", m.item);
    // HârnMaster Gold weapon reach (gold/turns-reach-combat.ts): an item out of reach is left
    // out; with none left for that reason, the option names it.
    const reach = (kind: "block" | "counterstrike", ready: Melee[]) => {
      const keys = ready.map((m) =>
        defenceReachKey(kind, v.snapshot, m.item, ctx.attackType, ctx.reach, ctx.decl.options),
      );
      return {
        ready: ready.filter((_, i) => !keys[i]),
        key: keys.every((k) => k) ? (keys[0] ?? null) : null,
      };
    };
    if (o.id === "block") {
      const inReach = reach("block", blockers(v));
      const ready = inReach.ready;
      out.items = ready.filter(allowed).map((m) => ({
        itemId: m.item.id,
        name: m.item.name,
        target: shown(defenceTarget("block", ctx, v, m, null, []), m),
        modes: [],
      }));
      if (out.items.length === 0)
        out.unavailableKey = ready.length
          ? REACTION_NO_HAND_KEY
          : (inReach.key ?? HM3_COMBAT_KEYS.unavailable.nothingToBlock);
    } else if (o.id === "counterstrike") {
      const inReach = reach("counterstrike", strikers(v));
      const ready = inReach.ready;
      out.items = ready.filter(allowed).map((m) => ({
        itemId: m.item.id,
        name: m.item.name,
        // At Mid (no aim modifier); High or Low take −10 when chosen (line 54).
        target: shown(defenceTarget("counterstrike", ctx, v, m, null, []), m),
        modes: modesOf(m.derived),
      }));
      // The counterstrike lands on the attacker: the zones the attacker's plan allows (R16).
      out.aims = aimsAt(ctx.decl.attacker.bodyPlan);
      if (out.items.length === 0)
        out.unavailableKey = ready.length
          ? REACTION_NO_HAND_KEY
          : (inReach.key ?? HM3_COMBAT_KEYS.unavailable.noWeapon);
    } else if (o.id === "dodge") {
      out.target = shown(defenceTarget("dodge", ctx, v, null, null, []), null);
    }
    // The engine's own refusal (what the defender held when the attack was declared) stands.
    if (o.unavailableKey) out.unavailableKey = o.unavailableKey;
    goldDefenceView(out, ctx, v);
    pairedDefenceView(out, pending); // HârnMaster Gold: a dodge into an open hex (G82).
    return out;
  });
}

/**
 * The HârnMaster Gold EML options on a defence option (gold/eml-dialog.ts): its counts, and
 * its targets with what the attack imposes (a feint's −half, the darkness).
 */
function goldDefenceView(out: ChoiceOptionView, ctx: ExchangeContext, v: Hm3View): void {
  const counts = [
    ...emlDefenceCounts(out.id, ctx.decl.options),
    // An angry counterstrike (gold/impact-defence.ts).
    ...impactDefenceCounts(
      out.id,
      ctx.decl.options,
      out.items.map((i) => v.derived.weapons[i.itemId]?.ml ?? 0),
    ),
  ];
  if (counts.length) out.counts = counts;
  const gold = (target: Target, itemId: string | null): Target =>
    carriedCounterTarget(
      target,
      v.snapshot,
      out,
      itemId,
      goldDefenceContext(out.id, ctx, v, itemId, null),
    );
  for (const i of out.items) if (i.target) i.target = gold(i.target, i.itemId);
  if (out.target) out.target = gold(out.target, null);
}

function goldDefenceContext(
  type: string,
  ctx: ExchangeContext,
  v: Hm3View,
  itemId: string | null,
  aspect: string | null,
): EmlDefenceContext {
  return {
    decl: ctx.decl,
    type,
    aspect,
    weapon: itemId ? emlWeaponOf(v.snapshot, v.derived, itemId) : null,
    ridingMl: ridingMlOf(v.snapshot, v.derived),
  };
}

/** A defence's Gold fields from the request's counts, and its target with them. */
function goldDefence(
  request: ChoiceRequest,
  option: ChoiceOptionView,
  base: Target,
  gctx: EmlDefenceContext,
): { fields: Record<string, unknown>; eml: ReturnType<typeof itemised> } {
  const fields = emlDefenceFields(request.counts, option.counts ?? [], gctx);
  return { fields, eml: itemised(emlDefenceTarget(base, fields, gctx)) };
}

export function buildChoice(
  pending: PendingChoice,
  exchange: DeclarationBuild,
  chooser: FighterSnapshot,
  raw: ChoiceRequest,
): unknown {
  let ctx: ExchangeContext | null = null;
  return buildChoiceIn(pending, () => (ctx ??= exchangeContext(exchange)), chooser, raw);
}

/** `buildChoice` over an exchange already read (`context`, asked for when needed). */
function buildChoiceIn(
  pending: PendingChoice,
  context: () => ExchangeContext,
  chooser: FighterSnapshot,
  raw: ChoiceRequest,
): unknown {
  const request = readChoiceRequest(raw);
  const views = optionsIn(pending, context, chooser);
  const option = views.find((o) => o.id === request.optionId);
  if (!option)
    throw new InputError(
      "optionId",
      request.optionId,
      `expected one of ${views.map((o) => o.id).join(", ") || "nothing (no defence is pending)"}`,
    );
  if (request.optionId === "block") checkTackleDefence(context().decl.attack, "block");
  // HârnMaster Gold weapon reach: an item out of reach is refused with the reason (G68, G28).
  if ((option.id === "block" || option.id === "counterstrike") && request.itemId) {
    const c = context();
    const m = melee(view(chooser, "chooser")).find((i) => i.item.id === request.itemId);
    const key = m
      ? defenceReachKey(option.id, chooser, m.item, c.attackType, c.reach, c.decl.options)
      : null;
    if (key)
      throw new InputError("itemId", request.itemId, `cannot ${option.id}: ${reachReason(key)}`);
  }
  if (option.unavailableKey)
    throw new InputError(
      "optionId",
      request.optionId,
      option.id === "block"
        ? "the defender has no ready weapon or shield to block with"
        : "the defender has no ready weapon to counterstrike with",
    );
  if (option.id === "ignore") {
    if (request.custom.length > 0)
      throw new InputError("custom", request.custom, "Ignore rolls nothing: it takes no modifiers");
    return { type: "ignore" };
  }
  const ctx = context();
  const v = view(chooser, "chooser");
  if (option.id === "dodge") {
    const target = defenceTarget("dodge", ctx, v, null, null, request.custom);
    const gold = goldDefence(
      request,
      option,
      target,
      goldDefenceContext("dodge", ctx, v, null, null),
    );
    return {
      type: "dodge",
      eml: gold.eml,
      ...gold.fields,
      ...pairedChoiceFields(pending, "dodge", null, request.counts),
    };
  }
  // Block and Counterstrike are made with one of the listed items.
  if (!option.items.some((i) => i.itemId === request.itemId))
    throw new InputError(
      "itemId",
      request.itemId,
      `expected one of ${option.items.map((i) => i.itemId).join(", ")}`,
    );
  const item = melee(v).find((m) => m.item.id === request.itemId)!;
  if (option.id === "block") {
    const target = defenceTarget("block", ctx, v, item, null, request.custom);
    const gctx = goldDefenceContext("block", ctx, v, item.item.id, null);
    const gold = goldDefence(request, option, target, gctx);
    return {
      type: "block",
      eml: gold.eml,
      ...wqField(item.item),
      ...gold.fields,
      ...pairedChoiceFields(pending, "block", item.item),
      ...goldBlockFields(item.shield, item.derived.impacts, ctx.decl.options),
    };
  }
  const mode = item.derived.impacts.find((i) => i.aspect === request.mode);
  if (!mode)
    throw new InputError(
      "mode",
      request.mode,
      `expected one of ${item.derived.impacts.map((i) => i.aspect).join(", ")}`,
    );
  if (!option.aims.some((z) => z.id === request.aim))
    throw new InputError(
      "aim",
      request.aim,
      request.aim && (AIM_ZONES as readonly string[]).includes(request.aim)
        ? `the attacker cannot be struck in the ${request.aim} zone (ruling R16)`
        : `expected one of ${option.aims.map((z) => z.id).join(", ")}`,
    );
  const aim = request.aim as AimZone;
  const target = defenceTarget("counterstrike", ctx, v, item, aim, request.custom);
  const gctx = goldDefenceContext("counterstrike", ctx, v, item.item.id, mode.aspect);
  // An angry counterstrike: `defence.angry` and its modifier (gold/impact-defence.ts).
  const angry = impactDefence(
    request.counts,
    option.counts ?? [],
    ctx.decl.options,
    item.derived.ml,
    target,
  );
  const carried = carriedDefenceCounts(request.counts, chooser.carried, {
    options: ctx.decl.options,
    optionId: "counterstrike",
    itemId: item.item.id,
  });
  const gold = goldDefence({ ...request, counts: carried }, option, angry.target, gctx);
  return {
    type: "counterstrike",
    eml: gold.eml,
    aspect: mode.aspect,
    aim,
    impact: mode.impact,
    ...wqField(item.item),
    ...gold.fields,
    ...angry.fields,
    ...pairedChoiceFields(pending, "counterstrike", item.item),
    ...goldStrikeFields(
      itemSystem(item.item).hm3,
      item.derived.impacts,
      mode.aspect,
      ctx.decl.options,
    ),
  };
}
