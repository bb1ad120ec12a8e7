/**
 * The view model of an exchange chat card (templates/chat/exchange.hbs), pure: the header
 * (who attacks whom, with what), the state line, the defence buttons, the attack target with
 * its breakdown, the Apply button, the tactical advantage buttons, and the ruleset's own result
 * partial with its context. Ruleset-generic: it reads the flow's `ExchangeCard` (src/core/flow)
 * and asks the ruleset's card entry (`FoundryRuleset.card`) for the result part.
 *
 * What each viewer sees: the defence buttons only the pending side's owners and the GM, and
 * none while no GM is connected (the card says why); the Apply button only a GM, when the world
 * asks the GM to apply; an advantage button only the advantaged side's owners and the GM.
 * Permission is checked again when a button is clicked (src/foundry/combat/actions.ts).
 *
 * Text is `LangText` (./text.ts), localised by render.ts; names are user text, escaped by the
 * template and never put in a tooltip.
 */
import { notation } from "../../core/dice";
import { replayExchange, type ExchangeCard, type FlowState } from "../../core/flow";
import type { Target } from "../../core/modifiers";
import type { ChoiceOption, Side } from "../../core/ruleset";
import type { CardRuleset, CardViewer, FoundryRuleset } from "../rulesets";
import { CONDITION_EFFECTS } from "../config";
import { isTarget, targetView, type TargetView } from "./target-view";
import { t, type LangText } from "./text";

export const EXCHANGE_TEMPLATE = "systems/blow-by-blow/templates/chat/exchange.hbs";

/** How a resolved exchange's consequences are applied (world setting `blow-by-blow.applyMode`). */
export type CardApplyMode = "auto" | "ask" | "report";

/** What the card needs beside the card and the viewer. */
export interface CardOptions {
  /** The world's apply mode; default "ask". */
  applyMode?: CardApplyMode;
  /**
   * The attacking item's name when the card's context does not keep it (`itemName`): the
   * adapter looks the item up on the attacker (user text).
   */
  weaponName?: string | null;
  /**
   * Whether a GM wrote the message (default true). Past `declared` only a GM's card is shown
   * as it says; a player's card there (forged or rewritten, review B2) shows as unverified.
   */
  authorIsGM?: boolean;
  /**
   * The status line of a resolved card when something other than Foundry's apply mode took
   * the consequences (a localisation key; the workbench: `CARD_KEY.resolvedWorkbench`, its
   * fighters took them). Default: the apply mode's line.
   */
  resolvedKey?: string;
}

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

export interface StatusLine {
  text: LangText;
  /** `wait` (something is pending), `alert` (no GM), `done`. */
  tone: "wait" | "alert" | "done";
}

export interface DefenceButtonView {
  option: string;
  label: LangText;
  /** The option's target, when the ruleset tells it in advance. */
  target: LangText | null;
  disabled: boolean;
  reason: LangText | null;
}

export interface AdvantageView {
  side: Side;
  text: LangText;
  /** The button, for the side's owners and the GM while unclaimed. */
  button: { label: LangText; disabled: boolean; reason: LangText | null } | null;
  /** Said once claimed. */
  taken: LangText | null;
}

export type ExchangeCardView = {
  state: FlowState;
  /** False: the card is not what a GM accepted or does not replay; shown without result or buttons. */
  verified: boolean;
  ruleset: string;
  revision: number;
  attacker: string;
  defender: string;
  /** The attacking item's name (user text), or null. */
  weapon: string | null;
  /** The attack's details (mode, aim…) from the ruleset's result context. */
  summary: (LangText | string)[];
  /** Where the attack's situation was set by hand, against the GM's map. */
  handSet: LangText[];
  /** Consequences the GM's client could not apply (make them by hand). */
  applyFailed: LangText[];
  /** Why the attack waits (or waited) for the GM's approval; buttons for a GM while it waits. */
  approval: { lines: LangText[]; pending: boolean; approve: LangText; refuse: LangText } | null;
  /** The GM's Approve and Refuse buttons are shown (a GM viewer, the card waiting). */
  canApprove: boolean;
  /** The card's dice and whose client rolled each (issue 15). */
  dice: LangText[];
  status: StatusLine[];
  /** The attack target before the result (the result part shows the rolls with theirs). */
  attackTarget: TargetView | null;
  /** Defence buttons for a viewer who may choose; null for everyone else. */
  defence: { prompt: LangText; buttons: DefenceButtonView[]; blocked: LangText | null } | null;
  resultTemplate: string;
  result: Record<string, unknown>;
  apply: { label: LangText; hint: LangText } | null;
  advantages: AdvantageView[];
  versus: LangText;
  weaponLine: LangText | null;
};

const SIDES: readonly Side[] = ["attacker", "defender"];

function isSide(value: unknown): value is Side {
  return value === "attacker" || value === "defender";
}

function sideName(card: ExchangeCard, side: Side): string {
  return String(card[side]?.name ?? "");
}

/** Whether the viewer may act for a side (owns its actor, or is a GM). */
function actsFor(viewer: CardViewer, side: Side): boolean {
  return viewer.isGM || viewer.owns[side] === true;
}

function statusLines(
  card: ExchangeCard,
  viewer: CardViewer,
  mode: CardApplyMode,
  resolvedKey?: string,
): StatusLine[] {
  const noGM: StatusLine = { text: t(CARD_KEY.noGM), tone: "alert" };
  switch (card.state) {
    case "declared":
      return [viewer.gmOnline ? { text: t(CARD_KEY.declared), tone: "wait" } : noGM];
    case "awaitingDefence": {
      const by = isSide(card.pending?.by) ? card.pending.by : "defender";
      const key =
        card.pending?.kind === "defence" ? CARD_KEY.awaitingDefence : CARD_KEY.awaitingChoice;
      const lines: StatusLine[] = [{ text: t(key, { name: sideName(card, by) }), tone: "wait" }];
      if (!viewer.gmOnline) lines.push(noGM);
      return lines;
    }
    case "resolved": {
      if (resolvedKey) return [{ text: t(resolvedKey), tone: "done" }];
      const key =
        mode === "auto"
          ? CARD_KEY.resolvedAuto
          : mode === "report"
            ? CARD_KEY.resolvedReport
            : CARD_KEY.resolvedAsk;
      return [{ text: t(key), tone: mode === "report" ? "done" : "wait" }];
    }
    case "applied":
      return [{ text: t(CARD_KEY.applied), tone: "done" }];
    default:
      return [];
  }
}

function defenceButton(option: ChoiceOption): DefenceButtonView {
  const unavailable = typeof option.unavailableKey === "string" && option.unavailableKey !== "";
  return {
    option: String(option.id),
    label: t(String(option.labelKey)),
    target: option.target ? t(CARD_KEY.defenceTarget, { value: option.target.value }) : null,
    disabled: unavailable,
    reason: unavailable ? t(option.unavailableKey as string) : null,
  };
}

function defenceView(card: ExchangeCard, viewer: CardViewer): ExchangeCardView["defence"] {
  const pending = card.pending;
  if (card.state !== "awaitingDefence" || !pending || !isSide(pending.by)) return null;
  if (!actsFor(viewer, pending.by)) return null;
  const prompt = t(CARD_KEY.defencePrompt, { name: sideName(card, pending.by) });
  if (!viewer.gmOnline) return { prompt, buttons: [], blocked: t(CARD_KEY.defenceNoGM) };
  const options = Array.isArray(pending.options) ? pending.options : [];
  return { prompt, buttons: options.map(defenceButton), blocked: null };
}

function advantageViews(card: ExchangeCard, viewer: CardViewer): AdvantageView[] {
  if (card.state !== "resolved" && card.state !== "applied") return [];
  const effects = Array.isArray(card.result?.effects) ? card.result.effects : [];
  const sides = SIDES.filter((side) =>
    effects.some((e) => e?.type === "tacticalAdvantage" && e.to === side),
  );
  const claimed = card.advantages ?? {};
  return sides.map((side) => {
    const name = sideName(card, side);
    const taken = claimed[side] !== undefined;
    const canClaim = !taken && actsFor(viewer, side);
    return {
      side,
      text: t(CARD_KEY.advantageGains, { name }),
      button: canClaim
        ? {
            label: t(CARD_KEY.advantageTake, { name }),
            disabled: !viewer.gmOnline,
            reason: viewer.gmOnline ? null : t(CARD_KEY.advantageNoGM),
          }
        : null,
      taken: taken ? t(CARD_KEY.advantageTaken, { name }) : null,
    };
  });
}

/**
 * The card as its replay gives it (review M1): the pending choice and the result are the
 * replay's (from the declaration, the choices and the rolls), never the stored ones, so stored
 * text that is not what the rules produce never reaches the card. Null when the card does not
 * replay or its state is not what the replay gives.
 */
export function replayedCard(fr: FoundryRuleset, card: ExchangeCard): ExchangeCard | null {
  let replayed;
  try {
    replayed = replayExchange(fr.ruleset, card);
  } catch {
    return null;
  }
  const { pending, result } = replayed;
  switch (card.state) {
    case "declared":
      return { ...card, pending, result: null };
    case "awaitingDefence":
      return pending ? { ...card, pending, result: null } : null;
    case "resolved":
    case "applied":
      return result && !pending ? { ...card, pending: null, result } : null;
    default:
      return null;
  }
}

/** The view of a card that is not what a GM accepted or does not replay: names and a warning. */
function unverifiedView(card: ExchangeCard, fr: CardRuleset): ExchangeCardView {
  return {
    state: card.state,
    verified: false,
    ruleset: String(card.ruleset),
    revision: card.revision,
    attacker: sideName(card, "attacker"),
    defender: sideName(card, "defender"),
    weapon: null,
    summary: [],
    handSet: [],
    applyFailed: [],
    approval: null,
    canApprove: false,
    dice: [],
    status: [{ text: t(CARD_KEY.unverified), tone: "alert" }],
    attackTarget: null,
    defence: null,
    resultTemplate: fr.card.resultTemplate,
    result: {},
    apply: null,
    advantages: [],
    versus: t(CARD_KEY.versus),
    weaponLine: null,
  };
}

/**
 * The card's view model for one viewer, built from the card's replay (`replayedCard`).
 * `options.applyMode` is the world's apply mode (no Apply button in "report");
 * `options.authorIsGM` whether a GM wrote the message.
 */
export function exchangeCardContext(
  stored: ExchangeCard,
  viewer: CardViewer,
  fr: CardRuleset,
  options: CardOptions = {},
): ExchangeCardView {
  const mode = options.applyMode ?? "ask";
  const trusted = stored.state === "declared" || options.authorIsGM !== false;
  const replayed = trusted ? replayedCard(fr, stored) : null;
  if (!replayed) return unverifiedView(stored, fr);
  const card = replayed;
  const context = readAttackContext(card);
  const result = fr.card.resultContext(card, viewer);
  const summary = Array.isArray(result.summary)
    ? (result.summary as unknown[]).filter(
        (s): s is LangText | string =>
          typeof s === "string" || (s !== null && typeof s === "object"),
      )
    : [];
  const resolvedTarget =
    context.target ?? (isTarget(result.attackTarget) ? result.attackTarget : null);
  const beforeResult = card.state === "declared" || card.state === "awaitingDefence";
  const weapon = context.itemName ?? options.weaponName ?? null;
  // Issue 15: while the attack or a held defence waits for the GM's approval, no defence, apply
  // or advantage is offered (the GM's client refuses them too); a GM sees Approve and Refuse.
  const waiting = context.approval?.pending === true || context.choiceApproval?.pending === true;
  const status = statusLines(card, viewer, mode, options.resolvedKey);
  if (waiting) status.unshift({ text: t(CARD_KEY.approvalWaits), tone: "wait" });
  return {
    state: card.state,
    verified: true,
    ruleset: String(card.ruleset),
    revision: card.revision,
    attacker: sideName(card, "attacker"),
    defender: sideName(card, "defender"),
    weapon,
    summary,
    handSet: handSetLines(context),
    applyFailed: applyFailedLines(card, context),
    approval:
      context.approval || context.choiceApproval
        ? {
            lines: [...approvalLines(context), ...choiceApprovalLines(context)],
            pending: waiting,
            approve: t(CARD_KEY.approve),
            refuse: t(CARD_KEY.refuse),
          }
        : null,
    canApprove: waiting && viewer.isGM,
    dice: diceLines(card, fr.rollLabels),
    status,
    attackTarget:
      beforeResult && resolvedTarget ? targetView(resolvedTarget, fr.combat.labels) : null,
    defence: waiting ? null : defenceView(card, viewer),
    resultTemplate: fr.card.resultTemplate,
    result,
    // The GM may apply a resolved card in "ask" mode, and in "auto" mode too when the automatic
    // apply failed and left it resolved (a second apply is refused by the flow: alreadyApplied).
    apply:
      !waiting && viewer.isGM && card.state === "resolved" && mode !== "report"
        ? { label: t(CARD_KEY.apply), hint: t(CARD_KEY.applyHint) }
        : null,
    advantages: waiting ? [] : advantageViews(card, viewer),
    versus: t(CARD_KEY.versus),
    weaponLine: weapon !== null ? t(CARD_KEY.with, { weapon }) : null,
  };
}
