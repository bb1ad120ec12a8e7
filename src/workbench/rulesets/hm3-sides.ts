/// <reference types="vite/client" />
/**
 * The HM3 workbench's fighters and log: each side's body diagram, conditions and editable
 * figures (skills, attributes, armour worn), and the exchanges as the real chat card.
 */
import Handlebars from "handlebars";
import exchangeHbs from "../../../templates/chat/exchange.hbs?raw";
import bodyDiagramHbs from "../../../templates/partials/body-diagram.hbs?raw";
import type { ExchangeCard } from "../../core/flow";
import type { WholeRange } from "../../core/bounds";
import { EXCHANGE_TEMPLATE, exchangeCardContext } from "../../foundry/chat/card-context";
import { CARD_KEY } from "../../foundry/chat/card-lines";
import { localizeTree } from "../../foundry/chat/text";
import { checkUpdate, formatProblem, labelFor } from "../../foundry/data/validate";
import { HM3_FOUNDRY } from "../../foundry/rulesets/hm3";
import { bodyDiagram } from "../../foundry/rulesets/hm3/sheets/body-diagram";
import { ASPECT_LABEL } from "../../foundry/rulesets/hm3/sheets/item/labels";
import { BOUNDS } from "../../foundry/rulesets/hm3/rules";
import { escapeHtml, PARTIAL_HELPER, partialHelper } from "../../foundry/sheets/common";
import { HM3_ATTRIBUTES, type Hm3Derived } from "../../rules/hm3";
import type { ActorSource, DuelRecovery, SideKey } from "../../sim/duel";
import { foundryHelpers, RUNTIME_OPTIONS } from "../handlebars";
import { el, format, i18n, K, localize, Refusals, wholeIn } from "../page";
import { edited, fighterOf, fillAttack, newDuel, S, showOver } from "./hm3-fight";
import { fillDefenceAndOdds } from "./hm3-odds";

export const hm3Partials = import.meta.glob("../../../templates/chat/hm3/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

export const hb = Handlebars.create();
hb.registerHelper(foundryHelpers(i18n));
hb.registerHelper(PARTIAL_HELPER, partialHelper(hb));
for (const [path, source] of Object.entries(hm3Partials))
  hb.registerPartial(path.replace("../../../", "systems/blow-by-blow/"), hb.compile(source));
hb.registerPartial(EXCHANGE_TEMPLATE, hb.compile(exchangeHbs));

export const cardTemplate = hb.compile(exchangeHbs);

export const diagramTemplate = hb.compile(bodyDiagramHbs);

export const CONDITION_KEY: Readonly<Record<string, string>> = Object.freeze({
  shock: "BLOWBYBLOW.Condition.shock",
  unconscious: "BLOWBYBLOW.Condition.unconscious",
  stunned: "BLOWBYBLOW.Condition.stunned",
  prone: "BLOWBYBLOW.Condition.prone",
  disarmed: "BLOWBYBLOW.Condition.disarmed",
  dead: "BLOWBYBLOW.Condition.dead",
  bleeding: "BLOWBYBLOW.Condition.bleeding",
  crippled: "BLOWBYBLOW.Condition.crippled",
  amputated: "BLOWBYBLOW.Condition.amputated",
});

/** The card as the GM sees it in Foundry, rendered with the real template. */
export function cardHtml(card: ExchangeCard): string {
  const viewer = {
    userId: "workbench",
    isGM: true,
    owns: { attacker: true, defender: true },
    gmOnline: true,
    showDefenceTargets: true,
  };
  const view = exchangeCardContext(card, viewer, HM3_FOUNDRY, {
    applyMode: "report",
    authorIsGM: true,
    resolvedKey: CARD_KEY.resolvedWorkbench,
  });
  return cardTemplate(localizeTree(view, localize, format) as object, RUNTIME_OPTIONS);
}

/** Each fighter's body diagram, injuries and conditions as they are now. */
export function showSides(): void {
  const d = S.duel!;
  for (const side of ["a", "b"] as SideKey[]) {
    const s = d.snapshot(side);
    const derived = s.derived as Hm3Derived;
    const body = bodyDiagram({
      plan: derived.plan,
      armour: derived.armour,
      injuries: derived.injuries,
      injuryNotes: injuryNotes(d.sides[side].actor),
      localize,
    });
    const conditions = d.sides[side].conditions;
    const names = conditions.map((c) => localize(CONDITION_KEY[c] ?? c));
    const actor = fighterOf(side);
    const skills = actor.items.filter((i) => i.type === "skill");
    const rows = skills
      .map(
        (i) =>
          `<label>${escapeHtml(i.name)} <input type="text" inputmode="numeric" name="ml:${escapeHtml(i._id)}" value="${escapeHtml(String((i.system.hm3 as { ml?: unknown }).ml ?? ""))}" /></label>`,
      )
      .join("");
    const type = actorType(actor);
    const attributes = (actor.system.hm3 as { attributes?: Record<string, unknown> }).attributes;
    const attrRows = HM3_ATTRIBUTES.map(
      (k) =>
        `<label>${escapeHtml(localize(labelFor(type, `hm3.attributes.${k}`) ?? k))} <input type="text" inputmode="numeric" name="attr:${k}" value="${escapeHtml(String(attributes?.[k] ?? ""))}" /></label>`,
    ).join("");
    const armourRows = actor.items
      .filter((i) => i.type === "armour")
      .map((i) => {
        const worn = (i.system as { equipped?: unknown }).equipped === true;
        const quality = (i.system.hm3 as { quality?: unknown }).quality ?? 0;
        return `<div class="bbb-wb-piece" data-item="${escapeHtml(i._id)}"><label><input type="checkbox" name="worn:${escapeHtml(i._id)}"${worn ? " checked" : ""} /> ${escapeHtml(i.name)}</label> <label>${escapeHtml(localize(K.quality))} <input type="text" inputmode="numeric" name="quality:${escapeHtml(i._id)}" value="${escapeHtml(String(quality))}" /></label></div>`;
      })
      .join("");
    el(`wb-side-${side}`).innerHTML = `
      <h2>${escapeHtml(s.name)}</h2>
      <p class="bbb-wb-conditions" data-conditions="${escapeHtml(conditions.join(" "))}">${escapeHtml(localize(K.conditions))}: ${escapeHtml(names.length ? names.join(", ") : localize(K.noConditions))}</p>
      <form class="bbb-wb-edit" data-side="${side}">
        <fieldset data-group="skills"><legend>${escapeHtml(localize(K.skills))}</legend>${rows}</fieldset>
        <fieldset data-group="attributes"><legend>${escapeHtml(localize(K.attributes))}</legend>${attrRows}</fieldset>
        <fieldset data-group="armour"><legend>${escapeHtml(localize(K.armour))}</legend>${armourRows}</fieldset>
        <button type="submit">${escapeHtml(localize(K.applyFigures))}</button>
      </form>
      ${diagramTemplate({ body }, RUNTIME_OPTIONS)}`;
  }
}

/** The injuries of a fighter per sided location, as the sheet's side table lists them (`S2 Edge`). */
export function injuryNotes(actor: ActorSource): Record<string, string[]> {
  const notes: Record<string, string[]> = {};
  for (const item of actor.items) {
    if (item.type !== "injury") continue;
    const b = item.system.hm3 as {
      location: string;
      severity: string;
      level: number;
      aspect: string;
    };
    const aspect = (ASPECT_LABEL as Readonly<Record<string, string>>)[b.aspect];
    (notes[b.location] ??= []).push(
      `${b.severity}${b.level} ${aspect ? localize(aspect) : b.aspect}`,
    );
  }
  return notes;
}

/** The data-model type of a pack actor, for the sheet's own validation (`checkUpdate`). */
export function actorType(actor: ActorSource): "Actor.character" | "Actor.creature" {
  return actor.type === "creature" ? "Actor.creature" : "Actor.character";
}

/**
 * A side's edited figures: skill levels (a whole number 0 to 150), attributes and the armour
 * worn (each piece worn or not, and its quality), the latter two checked by the actor sheet's
 * own validation (`checkUpdate`, its messages naming the field and the value). Every value is
 * checked first: if any is refused, every refusal is shown and nothing changes; otherwise the
 * fight restarts with the new figures.
 */
export function applyFigures(form: HTMLFormElement): void {
  const side = form.dataset.side as SideKey;
  const actor = structuredClone(fighterOf(side));
  const problems: { field: HTMLElement; message: string }[] = [];
  const refused = (input: HTMLInputElement, result: ReturnType<typeof checkUpdate>) => {
    for (const p of result.problems)
      problems.push({ field: input, message: formatProblem(p, i18n) });
    return result.problems.length === 0 ? result.accepted : null;
  };
  const attributes = (actor.system.hm3 as { attributes: Record<string, unknown> }).attributes;
  for (const input of form.querySelectorAll<HTMLInputElement>("input[name]")) {
    const [kind, id] = input.name.split(":") as [string, string];
    const text = input.value.trim();
    if (kind === "ml") {
      const item = actor.items.find((i) => i._id === id);
      if (!item) continue;
      try {
        (item.system.hm3 as { ml: number }).ml = wholeIn(input, item.name, BOUNDS.ml as WholeRange);
      } catch (e) {
        if (!(e instanceof Refusals)) throw e;
        problems.push(...e.list);
      }
    } else if (kind === "attr") {
      const path = `system.hm3.attributes.${id}`;
      const ok = refused(input, checkUpdate(actorType(actor), { [path]: text }));
      if (ok) attributes[id] = ok[path];
    } else if (kind === "worn" || kind === "quality") {
      const item = actor.items.find((i) => i._id === id);
      if (!item) continue;
      const path = kind === "worn" ? "system.equipped" : "system.hm3.quality";
      const ok = refused(
        input,
        checkUpdate("Item.armour", { [path]: kind === "worn" ? input.checked : text }),
      );
      if (!ok) continue;
      if (kind === "worn") (item.system as { equipped: unknown }).equipped = ok[path];
      else (item.system.hm3 as { quality: unknown }).quality = ok[path];
    }
  }
  if (problems.length) throw new Refusals(problems);
  edited[side] = actor;
  S.dice = null;
  newDuel();
  fillAttack();
  fillDefenceAndOdds();
  showSides();
}

export function logCard(card: ExchangeCard): void {
  const li = document.createElement("li");
  li.className = "chat-message message";
  li.innerHTML = `<div class="message-content">${cardHtml(card)}</div>`;
  el("wb-log").prepend(li);
}

/** A turn spent getting up or picking up what was dropped, as a line of the log. */
export function logRecovery(turn: DuelRecovery): void {
  const name = S.duel!.sides[turn.side].name;
  const items = turn.items.join(", ");
  const key = !items ? K.getsUp : turn.conditions.includes("prone") ? K.recovers : K.picksUp;
  const li = document.createElement("li");
  li.className = "chat-message message bbb-wb-recovery";
  li.dataset.side = turn.side;
  li.dataset.conditions = turn.conditions.join(" ");
  li.textContent = format(key, { name, items, round: turn.round });
  el("wb-log").prepend(li);
}

export function afterExchange(): void {
  const d = S.duel!;
  showSides();
  showOver();
  if (!d.done) {
    fillAttack();
    fillDefenceAndOdds();
  }
}
