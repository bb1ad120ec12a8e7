/**
 * The turn card (issue 17; docs/architecture.md §6 steps 4 and 6): what a combatant's turn
 * start or end did, drawn by the world ruleset's own turn card (`FoundryRuleset.card`'s
 * `turnTemplate` and `turnContext`). The tracker posts it (turn-events.ts) with what the event
 * did in the message's flags (`flags["blow-by-blow"].turn`) and a content drawn for a viewer who
 * neither is the GM nor owns the fighter; each client draws it again for its own user as the
 * message is rendered (`renderChatMessageHTML`), so the GM and the fighter's owners see the
 * targets the others may not.
 */
import type { RollRecord } from "../../core/dice";
import type { TurnCheck, TurnEvent } from "../../core/ruleset";
import type { HeldCondition } from "../../core/turns";
import { resolveUuid, userOwns } from "../combat/permissions";
import { showDefenceTargets } from "../combat/settings";
import type { ActorLike } from "../combat/snapshot";
import type { CardViewer, FoundryRuleset, TurnCardOutcome } from "../rulesets";
import { foundryRuleset } from "../rulesets";
import { handlebarsApi } from "../sheets/common";
import { localizeTree } from "./text";

/** What a turn message keeps of its event (`flags["blow-by-blow"].turn`). */
export interface TurnCardRecord extends TurnCardOutcome {
  ruleset: string;
  combatantId: string | null;
  /** The fighter's actor (its token's synthetic actor for an unlinked token). */
  actorUuid: string | null;
  /** The combatant's name (user text). */
  name: string;
  rolls: RollRecord[];
}

/** The turn record a message's flags hold, or null when it is no turn message. */
export function turnRecordOf(flags: unknown): TurnCardRecord | null {
  const own = (flags as Record<string, unknown> | null | undefined)?.["blow-by-blow"] as
    | Record<string, unknown>
    | undefined;
  const turn = own?.turn as Record<string, unknown> | undefined;
  if (!turn || typeof turn !== "object") return null;
  const event = turn.event as TurnEvent;
  if (event !== "turnStart" && event !== "turnEnd") return null;
  const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
  return {
    ruleset: typeof turn.ruleset === "string" ? turn.ruleset : "",
    event,
    combatantId: typeof turn.combatantId === "string" ? turn.combatantId : null,
    actorUuid: typeof turn.actorUuid === "string" ? turn.actorUuid : null,
    name: typeof turn.name === "string" ? turn.name : "",
    checks: list<TurnCheck>(turn.checks),
    rolls: list<RollRecord>(turn.rolls),
    set: list(turn.set),
    ended: list(turn.ended),
    actionless: turn.actionless === true,
    defeated: turn.defeated === true,
    ...(Array.isArray(turn.held)
      ? { held: list<Record<string, unknown>>(turn.held).filter(isHeld) }
      : {}),
  };
}

/** A held condition as a message's flags keep it (an entry of another shape is left out). */
function isHeld(h: Record<string, unknown>): h is Record<string, unknown> & HeldCondition {
  if (!h || typeof h !== "object" || typeof h.condition !== "string") return false;
  const until = h.until as unknown;
  return (
    typeof until === "string" ||
    (typeof until === "object" &&
      until !== null &&
      typeof (until as { turns?: unknown }).turns === "number")
  );
}

/** Whether the ruleset draws a turn card. */
export function hasTurnCard(fr: FoundryRuleset | undefined): boolean {
  return !!fr?.card?.turnTemplate && !!fr.card.turnContext;
}

/** The viewer of the posted content: not the GM, owning no one. */
export function publicViewer(): CardViewer {
  return {
    userId: "",
    isGM: false,
    owns: { attacker: false, defender: false },
    gmOnline: true,
    showDefenceTargets: showDefenceTargets(),
  };
}

/** The turn card's HTML for `viewer` (null when the ruleset draws none). */
export async function renderTurnCard(
  record: TurnCardRecord,
  viewer: CardViewer,
  owns: boolean,
): Promise<string | null> {
  const fr = foundryRuleset(record.ruleset);
  const card = fr?.card;
  if (!card?.turnTemplate || !card.turnContext) return null;
  const context = card.turnContext(record, record.name, viewer, owns);
  const data = localizeTree(
    context,
    (key) => game.i18n.localize(key),
    (key, d) =>
      game.i18n.format(key, Object.fromEntries(Object.entries(d).map(([k, v]) => [k, String(v)]))),
  ) as Record<string, unknown>;
  return handlebarsApi().renderTemplate(card.turnTemplate, data);
}

/** The turn card drawn again for this client's user into a rendered message. */
export async function renderTurnCardInto(record: TurnCardRecord, html: HTMLElement): Promise<void> {
  const user = game.user;
  const actor = (await resolveUuid(record.actorUuid)) as ActorLike | null;
  const owns = userOwns(user, actor);
  const viewer: CardViewer = {
    ...publicViewer(),
    userId: user.id ?? "",
    isGM: user.isGM,
    gmOnline: game.users.activeGM !== null && game.users.activeGM !== undefined,
  };
  let markup: string | null;
  try {
    markup = await renderTurnCard(record, viewer, owns);
  } catch (err) {
    console.error("Blow by Blow | turn card failed to render", err);
    return;
  }
  if (markup === null) return;
  const content = html.querySelector<HTMLElement>(".message-content") ?? html;
  content.innerHTML = markup;
}
