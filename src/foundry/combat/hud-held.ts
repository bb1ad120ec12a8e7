/**
 * The Token HUD's status tooltips say how long each held condition lasts (issue 17): v13's
 * TokenHUD draws the status palette (`.status-effects`) with one `[data-status-id]` control per
 * status, its tooltip text in `data-tooltip-text` (the status's name). For a fighter in a fight
 * whose ruleset keeps a state block with held conditions (`RulesetFightStore.held`), each active
 * status's tooltip becomes the condition's lines: "Shock −3, until the end of Pierre's next
 * turn", "Crippled left arm, for the encounter". Text only (the tooltip text is not HTML).
 */
import type { RulesetFightStore } from "../rulesets/contract";
import { heldLine } from "../chat/held";
import { localizeText, t, type LangText } from "../chat/text";
import { worldRuleset } from "../rulesets";
import { fighterSnapshot, type ActorLike } from "./snapshot";

/** Each held status's tooltip (status id → text), for a fighter's actor; empty outside a fight. */
export function heldTooltips(
  store: RulesetFightStore | undefined,
  actor: ActorLike,
  localize: (key: string) => string,
  format: (key: string, data: Record<string, string | number>) => string,
): Map<string, string> {
  const out = new Map<string, string>();
  if (!store?.held) return out;
  let block;
  try {
    block = store.read(fighterSnapshot(actor));
  } catch {
    return out; // A block the ruleset refuses: the GM's client reports it when it reads it.
  }
  if (!block) return out;
  const lines = new Map<string, LangText[]>();
  for (const h of store.held(block)) {
    const label = store.heldLabel?.(h) ?? t(h.condition);
    lines.set(h.condition, [
      ...(lines.get(h.condition) ?? []),
      heldLine(h, actor.name, label).text,
    ]);
  }
  for (const [id, texts] of lines)
    out.set(id, texts.map((x) => localizeText(x, localize, format)).join("\n"));
  return out;
}

/** The HUD's element as read here. */
interface StatusControl {
  dataset: Record<string, string | undefined>;
  setAttribute(name: string, value: string): void;
}

/**
 * Sets the tooltip of each status control of the HUD (`html`) whose condition the token's
 * fighter holds; returns how many were set.
 */
export function addHeldTooltips(
  actor: ActorLike | null | undefined,
  html: { querySelectorAll(selector: string): Iterable<StatusControl> },
): number {
  if (!actor) return 0;
  let store: RulesetFightStore | undefined;
  try {
    store = worldRuleset().fight;
  } catch {
    return 0;
  }
  const i18n = game.i18n;
  const tips = heldTooltips(
    store,
    actor,
    (k) => i18n.localize(k),
    (k, d) =>
      i18n.format(k, Object.fromEntries(Object.entries(d).map(([key, v]) => [key, String(v)]))),
  );
  if (tips.size === 0) return 0;
  let set = 0;
  for (const control of html.querySelectorAll(".status-effects [data-status-id]")) {
    const tip = tips.get(control.dataset.statusId ?? "");
    if (!tip) continue;
    control.dataset.tooltipText = tip;
    control.setAttribute("aria-label", tip);
    set++;
  }
  return set;
}
