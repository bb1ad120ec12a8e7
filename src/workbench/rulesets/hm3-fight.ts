/// <reference types="vite/client" />
/**
 * The HM3 fight of the workbench: the sample fighters (the HM3 sample fighters pack), the
 * fighters as edited on the page, the duel, its end, the attack chosen and the dice.
 */
import type { AttackRequest } from "../../core/combat";
import { SeededDice } from "../../core/dice";
import { SEED_RANGE } from "../../core/bounds";
import { CUSTOM_LIMIT } from "../../rules/hm3/eml";
import { escapeHtml } from "../../foundry/sheets/common";
import { hm3Combat } from "../../rules/hm3";
import { bestAttack, worldDefaults } from "../../sim/policy";
import { createDuel, type ActorSource, type Duel, type SideKey } from "../../sim/duel";
import { el, format, K, localize, wholeIn } from "../page";
import { attackCatalog } from "./hm3-decisions";

export const fighterFiles = import.meta.glob("../../../packs/_source/hm3-sample-fighters/*.json", {
  import: "default",
  eager: true,
}) as Record<string, ActorSource>;

/** The page's state of the HM3 fight: the duel, the fighters picked, the dice. */
export const S: {
  duel: Duel | null;
  fighterA: number;
  fighterB: number;
  dice: SeededDice | null;
  diceSeed: number;
  /** The HM3 optional rules the page plays (its HârnMaster Gold toggles, hm3-options.ts). */
  options: Record<string, boolean>;
} = {
  duel: null,
  fighterA: 0,
  fighterB: 3,
  dice: null,
  diceSeed: NaN,
  options: worldDefaults(),
};

export const FIGHTERS: ActorSource[] = Object.keys(fighterFiles)
  .sort()
  .map((k) => fighterFiles[k]!);

/** Each side's fighter with the figures edited on the page (null: the pack's fighter). */
export const edited: Record<SideKey, ActorSource | null> = { a: null, b: null };

export function fighterOf(side: SideKey): ActorSource {
  return edited[side] ?? FIGHTERS[side === "a" ? S.fighterA : S.fighterB]!;
}

/**
 * A side's fighter as it fights on the page: two fighters of the same name are told apart
 * ("Brigand (1)", "Brigand (2)") everywhere they are named (odds, panels, cards, duels).
 */
export function named(side: SideKey): ActorSource {
  const actor = fighterOf(side);
  if (actor.name !== fighterOf(side === "a" ? "b" : "a").name) return actor;
  return { ...actor, name: format(K.sameName, { name: actor.name, n: side === "a" ? 1 : 2 }) };
}

export function newDuel(): Duel {
  S.duel = createDuel({ actor: named("a") }, { actor: named("b") }, { options: S.options });
  el("wb-log").innerHTML = "";
  el("wb-stats").innerHTML = "";
  showOver();
  return S.duel;
}

/**
 * The end of the fight, where the turn controls are: said at the top, and Roll and Next turn
 * disabled until a new fight.
 */
export function showOver(): void {
  const d = S.duel!;
  const over = el<HTMLParagraphElement>("wb-over");
  for (const id of ["wb-roll", "wb-step"]) el<HTMLButtonElement>(id).disabled = d.done;
  over.hidden = !d.done;
  if (!d.done) {
    over.textContent = "";
    over.dataset.winner = "";
    return;
  }
  const r = d.result();
  const who = r.winner ? d.sides[r.winner].name : null;
  over.dataset.winner = r.winner ?? "";
  over.textContent = `${localize(K.over)} ${who ? format(K.winner, { name: who }) : localize(K.noWinner)}`;
}

/** The attack options of the attacker now, as select options (item × aspect). */
export function fillAttack(): void {
  const d = S.duel ?? newDuel();
  const a = d.snapshot("a");
  const b = d.snapshot("b");
  const best = bestAttack(a, b);
  const opts = hm3Combat.attackOptions(a, b).filter((o) => !o.unavailableKey);
  el<HTMLSelectElement>("wb-attack").innerHTML = opts
    .flatMap((o) =>
      o.modes.map((m) => {
        const value = `${o.itemId}|${m.id}`;
        const selected = o.itemId === best.itemId && m.id === best.mode ? " selected" : "";
        return `<option value="${escapeHtml(value)}"${selected}>${escapeHtml(o.name)} — ${escapeHtml(localize(m.labelKey))} (${m.impact})</option>`;
      }),
    )
    .join("");
  const option = opts[0];
  el<HTMLSelectElement>("wb-aim").innerHTML = (option?.aims ?? [])
    .map(
      (x) =>
        `<option value="${escapeHtml(x.id)}"${x.id === "mid" ? " selected" : ""}>${escapeHtml(localize(x.labelKey))}</option>`,
    )
    .join("");
}

/**
 * The user's attack request (validated: a bad modifier is refused by name), with the HârnMaster
 * Gold rows declared on the page (hm3-decisions.ts; the ruleset checks them).
 */
export function attackRequest(): AttackRequest {
  const [itemId, mode] = el<HTMLSelectElement>("wb-attack").value.split("|");
  const mod = wholeIn(el<HTMLInputElement>("wb-mod"), localize(K.modifier), {
    min: -CUSTOM_LIMIT,
    max: CUSTOM_LIMIT,
  });
  const d = S.duel!;
  const base = bestAttack(d.snapshot("a"), d.snapshot("b"));
  const catalog = attackCatalog();
  return {
    ...base,
    itemId: itemId ?? base.itemId,
    mode: mode ?? base.mode,
    aim: el<HTMLSelectElement>("wb-aim").value || "mid",
    custom: mod ? [{ label: localize(K.modifier), value: mod }] : [],
    ...(catalog.length ? { catalog } : {}),
  };
}

export function seed(): number {
  return wholeIn(el<HTMLInputElement>("wb-seed"), localize(K.seed), SEED_RANGE);
}

/**
 * The fight's dice: one stream from the seed, started again when the seed changes. The seed
 * field is read every time, so a refused seed stops the roll.
 */
export function diceNow(): SeededDice {
  const now = seed();
  if (!S.dice || now !== S.diceSeed) {
    S.dice = new SeededDice(now);
    S.diceSeed = now;
  }
  return S.dice;
}
