/**
 * The Token HUD's Attack button: added to the HUD's left column for users who own the
 * token's actor (a GM owns every actor); a click checks ownership again, closes the HUD and
 * starts an attack from that token (`attack`, ./actions.ts: the dialog, then the card). Below
 * it, the world ruleset's own action buttons (`FoundryRuleset.actionButtons`, HM3 with
 * HârnMaster Gold: Disengage) while the world offers them, checked the same way. The status
 * palette's tooltips say how long each held condition lasts (./hud-held.ts).
 */
import { rulesetAction, worldRuleset, type RulesetActionButton } from "../rulesets";
import { attack } from "./actions";
import { addHeldTooltips } from "./hud-held";
import type { ActorLike } from "./snapshot";

/** The button's class (and the test's handle on it). */
export const HUD_BUTTON_CLASS = "bbb-hud-attack";
const TOOLTIP = "BLOWBYBLOW.Dialog.Hud.attack";
const NOT_OWNER = "BLOWBYBLOW.Dialog.Hud.notOwner";

/** The actor of a token, as the HUD reads it. */
export interface HudActor {
  uuid: string;
  name: string;
  isOwner: boolean;
}

/** The token document the HUD is shown for. */
export interface HudToken {
  uuid: string;
  actor: HudActor | null;
}

/** v13 TokenHUD, as much as the button needs (`document`: the token's TokenDocument). */
export interface TokenHudLike {
  document?: HudToken | null;
  object?: { document?: HudToken | null } | null;
  close?(options?: object): unknown;
}

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

function tokenOf(hud: TokenHudLike): HudToken | null {
  return hud.document ?? hud.object?.document ?? null;
}

/** Whether the current user may attack from the HUD's token (owns its actor, now). */
export function canAttackFrom(token: HudToken | null): token is HudToken & { actor: HudActor } {
  return token?.actor?.isOwner === true;
}

/**
 * The click: ownership is checked again (it may have changed since the HUD was drawn), the
 * HUD closed, the attack started from this token's actor.
 */
export async function onHudAttack(hud: TokenHudLike): Promise<void> {
  const token = tokenOf(hud);
  if (!canAttackFrom(token)) {
    ui.notifications?.warn(localize(NOT_OWNER));
    return;
  }
  await hud.close?.();
  await attack({ actorUuid: token.actor.uuid, tokenUuid: token.uuid });
}

/**
 * Adds the Attack button to the HUD's left column (`.col.left`) when the user owns the
 * token's actor; returns it, or null when none is added.
 */
export function addAttackButton(hud: TokenHudLike, html: HTMLElement): HTMLButtonElement | null {
  if (!canAttackFrom(tokenOf(hud))) return null;
  const column = html.querySelector<HTMLElement>(".col.left");
  if (!column) return null;
  column.querySelector(`.${HUD_BUTTON_CLASS}`)?.remove();
  const label = localize(TOOLTIP);
  const button = html.ownerDocument.createElement("button");
  button.type = "button";
  button.className = `control-icon ${HUD_BUTTON_CLASS}`;
  button.dataset.tooltip = label;
  button.setAttribute("aria-label", label);
  const icon = html.ownerDocument.createElement("i");
  icon.className = "fa-solid fa-sword";
  icon.setAttribute("inert", "");
  button.append(icon);
  button.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    void onHudAttack(hud);
  });
  column.append(button);
  return button;
}

/** The class of the world ruleset's action buttons (`FoundryRuleset.actionButtons`). */
export const HUD_ACTION_CLASS = "bbb-hud-action";

/** The world ruleset's action buttons the world offers now; none when the ruleset is unknown. */
function shownActionButtons(): readonly RulesetActionButton[] {
  try {
    return (worldRuleset().actionButtons ?? []).filter((b) => b.shown());
  } catch {
    return [];
  }
}

/**
 * A ruleset action's click: ownership is checked again, the HUD closed, the action run for the
 * token's actor (`rulesetAction`, which checks again what the world offers).
 */
export async function onHudRulesetAction(hud: TokenHudLike, action: string): Promise<void> {
  const token = tokenOf(hud);
  if (!canAttackFrom(token)) {
    ui.notifications?.warn(localize(NOT_OWNER));
    return;
  }
  await hud.close?.();
  await rulesetAction(action, { actorUuid: token.actor.uuid });
}

/**
 * Adds the world ruleset's action buttons (HM3 with HârnMaster Gold: Disengage) to the HUD's
 * left column, below Attack, for the owners of the token's actor; returns those added.
 */
export function addRulesetButtons(hud: TokenHudLike, html: HTMLElement): HTMLButtonElement[] {
  const column = html.querySelector<HTMLElement>(".col.left");
  if (!column) return [];
  for (const old of column.querySelectorAll?.(`.${HUD_ACTION_CLASS}`) ?? []) old.remove();
  if (!canAttackFrom(tokenOf(hud))) return [];
  return shownActionButtons().map((spec) => {
    const label = localize(spec.labelKey);
    const button = html.ownerDocument.createElement("button");
    button.type = "button";
    button.className = `control-icon ${HUD_ACTION_CLASS}`;
    button.dataset.action = spec.action;
    button.dataset.tooltip = label;
    button.setAttribute("aria-label", label);
    const icon = html.ownerDocument.createElement("i");
    icon.className = spec.icon;
    icon.setAttribute("inert", "");
    button.append(icon);
    button.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      void onHudRulesetAction(hud, spec.action);
    });
    column.append(button);
    return button;
  });
}

/** Hooks the button into every Token HUD render (v13 passes the HUD's HTMLElement). */
export function registerTokenHud(): void {
  Hooks.on("renderTokenHUD", (hud, html) => {
    addAttackButton(hud, html);
    addRulesetButtons(hud, html);
    addHeldTooltips(tokenOf(hud)?.actor as ActorLike | null | undefined, html);
  });
}
