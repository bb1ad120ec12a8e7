/**
 * The text of an exchange chat card (templates/chat/exchange.hbs) that is not its header and
 * state: the card's localisation keys, the lines of the consequences the GM's client could not
 * apply, of a declaration waiting for approval, of the hand-set situation and of the dice
 * rolled, and the attack's context as the card keeps it (`readAttackContext`). Pure and
 * ruleset-generic, as ./card-context.ts, which builds the card's view from them.
 *
 * Text is `LangText` (./text.ts), localised by render.ts; names are user text, escaped by the
 * template and never put in a tooltip.
 */
import { notation } from "../../core/dice";
import type { ExchangeCard } from "../../core/flow";
import type { Target } from "../../core/modifiers";
import type { Side } from "../../core/ruleset";
import { CONDITION_EFFECTS } from "../config";
import { isTarget } from "./target-view";
import { t, type LangText } from "./text";

export const CARD_KEY = Object.freeze({
  versus: "BLOWBYBLOW.Card.Header.versus",
  with: "BLOWBYBLOW.Card.Header.with",
  declared: "BLOWBYBLOW.Card.State.declared",
  noGM: "BLOWBYBLOW.Card.State.noGM",
  awaitingDefence: "BLOWBYBLOW.Card.State.awaitingDefence",
  awaitingChoice: "BLOWBYBLOW.Card.State.awaitingChoice",
  resolvedAsk: "BLOWBYBLOW.Card.State.resolvedAsk",
  resolvedAuto: "BLOWBYBLOW.Card.State.resolvedAuto",
  resolvedReport: "BLOWBYBLOW.Card.State.resolvedReport",
  resolvedWorkbench: "BLOWBYBLOW.Card.State.resolvedWorkbench",
  applied: "BLOWBYBLOW.Card.State.applied",
  defencePrompt: "BLOWBYBLOW.Card.Defence.prompt",
  /** The prompt of any other choice (the zone-die winner's spending, the Precision pick). */
  choicePrompt: "BLOWBYBLOW.Card.Defence.choicePrompt",
  defenceTarget: "BLOWBYBLOW.Card.Defence.target",
  defenceNoGM: "BLOWBYBLOW.Card.Defence.noGM",
  apply: "BLOWBYBLOW.Card.Apply.button",
  applyHint: "BLOWBYBLOW.Card.Apply.hint",
  advantageGains: "BLOWBYBLOW.Card.Advantage.gains",
  advantageTake: "BLOWBYBLOW.Card.Advantage.take",
  advantageTaken: "BLOWBYBLOW.Card.Advantage.taken",
  advantageNoGM: "BLOWBYBLOW.Card.Advantage.noGM",
  unverified: "BLOWBYBLOW.Card.State.unverified",
  handEngaging: "BLOWBYBLOW.Card.HandSet.engaging",
  handProne: "BLOWBYBLOW.Card.HandSet.prone",
  handDistance: "BLOWBYBLOW.Card.HandSet.distance",
  failedInjury: "BLOWBYBLOW.Card.ApplyFailed.createItem",
  failedStatus: "BLOWBYBLOW.Card.ApplyFailed.status",
  failedDefeat: "BLOWBYBLOW.Card.ApplyFailed.defeat",
  failedWeapon: "BLOWBYBLOW.Card.ApplyFailed.updateItem",
  approvalWaits: "BLOWBYBLOW.Card.Approval.waits",
  approvalUnmeasured: "BLOWBYBLOW.Card.Approval.unmeasured",
  approvalDeclared: "BLOWBYBLOW.Card.Approval.declared",
  approvalSituation: "BLOWBYBLOW.Card.Approval.situation",
  approvalCustom: "BLOWBYBLOW.Card.Approval.custom",
  approvalBand: "BLOWBYBLOW.Card.Approval.band",
  approvalBandOut: "BLOWBYBLOW.Card.Approval.bandOut",
  approvalApproved: "BLOWBYBLOW.Card.Approval.approved",
  approvalChoiceCustom: "BLOWBYBLOW.Card.Approval.choiceCustom",
  unmeasuredDeclared: "BLOWBYBLOW.Card.Approval.unmeasuredDeclared",
  approve: "BLOWBYBLOW.Card.Approval.approve",
  refuse: "BLOWBYBLOW.Card.Approval.refuse",
  yes: "BLOWBYBLOW.Card.HandSet.yes",
  no: "BLOWBYBLOW.Card.HandSet.no",
  unknown: "BLOWBYBLOW.Card.HandSet.unknown",
  dice: "BLOWBYBLOW.Card.Dice.label",
  dieByGM: "BLOWBYBLOW.Card.Dice.byGM",
  dieByUser: "BLOWBYBLOW.Card.Dice.byUser",
  otherRoll: "BLOWBYBLOW.Card.Dice.otherRoll",
});

/** Condition names by id (the token status effects' localisation keys). */
const CONDITION_NAME: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(CONDITION_EFFECTS.map((e) => [e.id, e.name])),
);

/**
 * Lines naming each consequence the GM's client could not apply (review m1), so the GM can make
 * it by hand. An operation or condition this system does not know gives no line.
 */
export function applyFailedLines(card: ExchangeCard, context: CardAttackContext): LangText[] {
  return (context.applyFailed ?? []).flatMap((f) => {
    const name = sideName(card, f.side);
    switch (f.op) {
      case "createItem":
        return [t(CARD_KEY.failedInjury, { name, injury: f.detail })];
      case "status": {
        const condition = CONDITION_NAME[f.detail];
        return condition ? [t(CARD_KEY.failedStatus, { name, condition: t(condition) })] : [];
      }
      case "defeat":
        return [t(CARD_KEY.failedDefeat, { name })];
      case "updateItem":
        return [t(CARD_KEY.failedWeapon, { name })];
      default:
        return [];
    }
  });
}

/** A situation value on the card: a number, yes/no, or "unknown". */
function showSituationValue(v: number | boolean | null): string | LangText {
  return v === null
    ? t(CARD_KEY.unknown)
    : typeof v === "boolean"
      ? t(v ? CARD_KEY.yes : CARD_KEY.no)
      : String(v);
}

/**
 * Lines saying why a player's attack waits (or waited) for the GM's approval (issue 15): the
 * GM's map could not measure (with the situation as declared), the situation was set by hand,
 * the custom modifiers' total against the world's cap, a band that is not the measured
 * distance's; then "approved" once a GM approved it.
 */
export function approvalLines(context: CardAttackContext): LangText[] {
  const a = context.approval;
  if (!a) return [];
  const lines: LangText[] = [];
  for (const reason of a.reasons) {
    if (reason === "unmeasured") {
      lines.push(t(CARD_KEY.approvalUnmeasured));
      const r = context.requested;
      if (r)
        lines.push(
          t(CARD_KEY.approvalDeclared, {
            engaging: showSituationValue(r.engagingDefender),
            prone: showSituationValue(r.defenderProne),
            distance: showSituationValue(r.distance),
          }),
        );
    } else if (reason === "situation") lines.push(t(CARD_KEY.approvalSituation));
    else if (reason === "custom")
      lines.push(
        t(CARD_KEY.approvalCustom, {
          total: a.customTotal > 0 ? `+${a.customTotal}` : String(a.customTotal),
          cap: a.cap,
        }),
      );
    else if (reason === "band" && a.band)
      lines.push(
        a.band.measured
          ? t(CARD_KEY.approvalBand, {
              band: t(a.band.requested),
              measured: t(a.band.measured),
              distance: showSituationValue(a.band.distance),
            })
          : t(CARD_KEY.approvalBandOut, {
              band: t(a.band.requested),
              distance: showSituationValue(a.band.distance),
            }),
      );
  }
  if (!a.pending) lines.push(t(CARD_KEY.approvalApproved, { name: a.approvedBy ?? "" }));
  return lines;
}

/**
 * Lines saying why a player's choice (a defence) waits (or waited) for the GM's approval (issue
 * 15): whose, its custom modifiers' total against the world's cap; then "approved".
 */
export function choiceApprovalLines(context: CardAttackContext): LangText[] {
  const a = context.choiceApproval;
  if (!a) return [];
  const lines: LangText[] = [
    t(CARD_KEY.approvalChoiceCustom, {
      name: a.name,
      total: a.customTotal > 0 ? `+${a.customTotal}` : String(a.customTotal),
      cap: a.cap,
    }),
  ];
  if (!a.pending) lines.push(t(CARD_KEY.approvalApproved, { name: a.approvedBy ?? "" }));
  return lines;
}

/**
 * Lines saying where the attack's situation was set by hand, against the GM's map (review m3):
 * one per value that differs; first, when the GM's map could not measure it and the world takes
 * it as declared (trustUnmeasured, issue 15), the situation as declared.
 */
export function handSetLines(context: CardAttackContext): LangText[] {
  const show = showSituationValue;
  const lines: LangText[] = [];
  // Issue 15, the world's trustUnmeasured: the GM's map could not measure; taken as declared.
  const r = context.unmeasuredDeclared;
  if (r)
    lines.push(
      t(CARD_KEY.unmeasuredDeclared, {
        engaging: show(r.engagingDefender),
        prone: show(r.defenderProne),
        distance: show(r.distance),
      }),
    );
  const m = context.measured;
  if (!m) return lines;
  const pairs: [keyof SituationView, string][] = [
    ["engagingDefender", CARD_KEY.handEngaging],
    ["defenderProne", CARD_KEY.handProne],
    ["distance", CARD_KEY.handDistance],
  ];
  for (const [field, key] of pairs)
    if (m.requested[field] !== m.measured[field])
      lines.push(
        t(key, { requested: show(m.requested[field]), measured: show(m.measured[field]) }),
      );
  return lines;
}

/**
 * The card's dice, one line each, saying whose client rolled it (issue 15, `context.rolledBy`
 * written by the GM's client, queries.ts): "rolled by the GM's client" or "rolled by <user>"
 * (user text, escaped by the template). No lines when the card does not say (a card made before
 * the GM's client recorded it, or the workbench's).
 */
export function diceLines(
  card: ExchangeCard,
  rollLabels: Readonly<Record<string, string>>,
): LangText[] {
  const raw = card.context.rolledBy;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return [];
  const by = raw as Record<string, unknown>;
  return card.rolls.flatMap((r) => {
    const who = Object.hasOwn(by, r.name) ? (by[r.name] as { by?: unknown; name?: unknown }) : null;
    const label = Object.hasOwn(rollLabels, r.name) ? rollLabels[r.name]! : CARD_KEY.otherRoll;
    const data = { roll: t(label), dice: notation(r.count, r.sides), values: r.values.join(", ") };
    if (who?.by === "gm") return [t(CARD_KEY.dieByGM, data)];
    if (who?.by === "user" && typeof who.name === "string")
      return [t(CARD_KEY.dieByUser, { ...data, name: who.name })];
    return [];
  });
}

/**
 * What the card reads of `card.context` (written by the attack action): all optional, each
 * checked before use.
 */
export interface CardAttackContext {
  /** The attacking item's name (user text). */
  itemName?: string;
  /** The attack target, itemised (`CombatRules.attackTarget`). */
  target?: Target;
  /** Strikes (indexes into the ruleset's result) the GM marked as a severed limb (ruling R30). */
  amputated?: number[];
  /**
   * The situation the GM's canvas measured, kept when the attack request's differs from it
   * (queries.ts, review m3), with the request's.
   */
  measured?: { measured: SituationView; requested: SituationView };
  /** Consequences the GM's client could not apply (steps.ts `FailedNote`, review m1). */
  applyFailed?: { op: string; side: Side; detail: string }[];
  /** Why a player's attack waits (or waited) for the GM's approval (src/core/approval.ts `Approval`). */
  approval?: ApprovalView;
  /**
   * Why a player's choice waits (or waited) for the GM's approval (combat/query-common.ts
   * `ChoiceApproval`), with the chooser's name.
   */
  choiceApproval?: ApprovalView & { name: string };
  /**
   * The attack request's situation, taken as declared where the GM's map could not measure it
   * (the world's trustUnmeasured; `context.unmeasured` is "declared").
   */
  unmeasuredDeclared?: SituationView;
  /** The attack request's situation (for a situation the GM's map could not measure). */
  requested?: SituationView;
}

/** The card's approval as the card reads it (each value checked). */
export interface ApprovalView {
  pending: boolean;
  reasons: ("unmeasured" | "situation" | "custom" | "band")[];
  cap: number;
  customTotal: number;
  band: { requested: string; measured: string | null; distance: number | null } | null;
  approvedBy: string | null;
}

const APPROVAL_REASONS = ["unmeasured", "situation", "custom", "band"] as const;
const BAND_KEY = /^BLOWBYBLOW\./;

function approvalView(raw: unknown): ApprovalView | null {
  if (raw === null || typeof raw !== "object") return null;
  const o = raw as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  const reasons = Array.isArray(o.reasons)
    ? APPROVAL_REASONS.filter((r) => (o.reasons as unknown[]).includes(r))
    : [];
  const b = (o.band ?? null) as Record<string, unknown> | null;
  const key = (v: unknown) => (typeof v === "string" && BAND_KEY.test(v) ? v : null);
  const band =
    b && typeof b === "object" && key(b.requested)
      ? {
          requested: key(b.requested)!,
          measured: key(b.measured),
          distance:
            typeof b.distance === "number" && Number.isFinite(b.distance) ? b.distance : null,
        }
      : null;
  return {
    // Anything but an explicit false waits: a damaged record never lets the exchange go on.
    pending: o.pending !== false,
    reasons,
    cap: num(o.cap),
    customTotal: num(o.customTotal),
    band,
    approvedBy: typeof o.approvedBy === "string" ? o.approvedBy : null,
  };
}

/** The situation as the card reads it (each value checked). */
export interface SituationView {
  engagingDefender: number | null;
  defenderProne: boolean | null;
  distance: number | null;
}

function situationView(raw: unknown): SituationView {
  const o = (raw !== null && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  return {
    engagingDefender: num(o.engagingDefender),
    defenderProne: typeof o.defenderProne === "boolean" ? o.defenderProne : null,
    distance: num(o.distance),
  };
}

/** The card's context as far as the card reads it (bad values dropped). */
export function readAttackContext(card: ExchangeCard): CardAttackContext {
  const c: Record<string, unknown> =
    card.context !== null && typeof card.context === "object" ? card.context : {};
  const out: CardAttackContext = {};
  if (typeof c.itemName === "string" && c.itemName !== "") out.itemName = c.itemName;
  if (isTarget(c.target)) out.target = c.target;
  if (c.measured !== null && typeof c.measured === "object") {
    const request = c.request as { situation?: unknown } | undefined;
    out.measured = {
      measured: situationView(c.measured),
      requested: situationView(request?.situation),
    };
  }
  if (c.unmeasured === "declared")
    out.unmeasuredDeclared = situationView(
      (c.request as { situation?: unknown } | undefined)?.situation,
    );
  const approval = approvalView(c.approval);
  if (approval) {
    out.approval = approval;
    out.requested = situationView((c.request as { situation?: unknown } | undefined)?.situation);
  }
  const choiceApproval = approvalView(c.choiceApproval);
  if (choiceApproval) {
    const held = (c.choiceApproval as { held?: { side?: unknown } }).held;
    const side = isSide(held?.side) ? held.side : "defender";
    out.choiceApproval = { ...choiceApproval, name: sideName(card, side) };
  }
  if (Array.isArray(c.applyFailed))
    out.applyFailed = (c.applyFailed as unknown[]).flatMap((n) => {
      const o = (n ?? {}) as Record<string, unknown>;
      if (typeof o.op !== "string" || !isSide(o.side)) return [];
      return [{ op: o.op, side: o.side, detail: typeof o.detail === "string" ? o.detail : "" }];
    });
  if (Array.isArray(c.amputated))
    out.amputated = (c.amputated as unknown[]).filter(
      (n): n is number => typeof n === "number" && Number.isInteger(n),
    );
  return out;
}

export const SIDES: readonly Side[] = ["attacker", "defender"];

export function isSide(value: unknown): value is Side {
  return value === "attacker" || value === "defender";
}

/** A side's name as the card keeps it. */
export function sideName(card: ExchangeCard, side: Side): string {
  return String(card[side]?.name ?? "");
}
