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
 * template and never put in a tooltip. The card's keys and its text lines (approval, hand-set
 * situation, dice, what could not be applied) are in ./card-lines.ts.
 */
import { replayExchange, type ExchangeCard, type FlowState } from "../../core/flow";
import type { ChoiceOption, Side } from "../../core/ruleset";
import type { CardRuleset, CardViewer, FoundryRuleset } from "../rulesets";
import {
  applyFailedLines,
  approvalLines,
  CARD_KEY,
  choiceApprovalLines,
  diceLines,
  handSetLines,
  isSide,
  readAttackContext,
  SIDES,
  sideName,
} from "./card-lines";
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
    label: t(String(option.labelKey), option.labelData ? { ...option.labelData } : undefined),
    target: option.target ? t(CARD_KEY.defenceTarget, { value: option.target.value }) : null,
    disabled: unavailable,
    reason: unavailable ? t(option.unavailableKey as string) : null,
  };
}

function defenceView(card: ExchangeCard, viewer: CardViewer): ExchangeCardView["defence"] {
  const pending = card.pending;
  if (card.state !== "awaitingDefence" || !pending || !isSide(pending.by)) return null;
  if (!actsFor(viewer, pending.by)) return null;
  const prompt = t(pending.kind === "defence" ? CARD_KEY.defencePrompt : CARD_KEY.choicePrompt, {
    name: sideName(card, pending.by),
  });
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
