/**
 * The combat tracker, ruleset-generic: the world's ruleset (`worldRuleset()`) decides.
 *
 * - Initiative: `BlowByBlowCombatant` (`CONFIG.Combatant.documentClass`) rolls the ruleset's
 *   `combat.initiative(snapshot)` as a constant formula (HM3: the Initiative EML, no dice,
 *   hm3.md §2), or its `initiativeRoll` under the world's options (HârnMaster Gold's
 *   `initiative`: INI + 1d100, seed 000 lines 149-154, rolled by Foundry's dice), so "Roll
 *   Initiative" in the tracker sets it and the chat log records it. Higher
 *   acts first. Equal values keep the tracker's stable order (ruling R6): Foundry v13 sorts
 *   combatants by initiative (highest first), then by name, then by combatant id
 *   (`Combat#_sortCombatants`); a GM breaks a tie by hand by typing a fraction (57.5) into the
 *   combatant's initiative, which the tracker shows with its decimals.
 * - Tactical advantage per character turn (hm3.md §2): `gainAdvantage(actorUuid)` (GM side)
 *   counts it on the combatant whose turn it is (`system.advantages`, `system.turnKey` =
 *   `<round>.<turn>`): the first in the turn gives the extra action, a second is refused.
 *   `BlowByBlowCombat` (`CONFIG.Combat.documentClass`) resets the count when a turn starts
 *   (`_onStartTurn`, run by one GM client only); a count stored for another turn counts as
 *   none anyway (tracker-logic.ts).
 * - Defeated: when an actor gains a condition the ruleset counts as incapacitating (HM3:
 *   shock, unconscious, dead…) or Foundry's defeated status, the active GM's client marks its
 *   combatants defeated in every combat of the world (hooks `createActiveEffect`,
 *   `updateActiveEffect`, `updateActor`; idempotent: the exchange's apply step may mark them
 *   too).
 * - Conditions: the `renderCombatTracker` hook lists each combatant's system conditions (the
 *   statuses of `CONDITION_EFFECTS`) under its name, icon and localised name, and marks the
 *   current combatant when its turn's tactical advantage is taken.
 */
import type { ExchangeFight, FighterSnapshot } from "../../core/combat";
import { CONDITION_EFFECTS } from "../config";
import { worldOptions } from "./settings";
import { escapeHtml } from "../sheets/common";
import { worldFightingRuleset, worldRuleset, type RulesetTurns } from "../rulesets";
import { fighterSnapshot, type ActorLike } from "./snapshot";
import { clearFights, combatantTurnEvent, passSkippedTurns, seedFights } from "./turn-events";
import {
  advantageDecision,
  advantagesThisTurn,
  combatantConditions,
  conditionsMarkup,
  defeatedUpdates,
  freshTurn,
  sequenceCompare,
  storedSequence,
  turnKey,
  type AdvantageOutcome,
  type CombatantRef,
} from "./tracker-logic";

// ── What the tracker reads of Foundry documents ──────────────────────────────────────────────

/** A Combatant as the tracker reads it. */
export interface CombatantLike {
  id: string | null;
  name?: string;
  defeated: boolean;
  initiative?: number | null;
  actor: ActorLike | null;
  system: unknown;
  flags?: unknown;
  update(changes: Record<string, unknown>): Promise<unknown>;
}

/** A Combat as the tracker reads it. */
export interface CombatLike {
  id: string | null;
  round: number;
  turn: number | null;
  started: boolean;
  combatant?: CombatantLike | null;
  combatants: Iterable<CombatantLike> & { get(id: string): CombatantLike | undefined };
  updateEmbeddedDocuments(name: "Combatant", updates: Record<string, unknown>[]): Promise<unknown>;
}

/** `game` (fvtt-types' ReadyGame: the tracker runs after `ready`). */
const gameLike = () => game;

const localize = (key: string): string => gameLike().i18n?.localize(key) ?? key;

/** Whether this client is the active GM (the one client that writes for everyone). */
function isActiveGM(): boolean {
  return gameLike().users?.activeGM?.isSelf === true;
}

// ── Initiative ────────────────────────────────────────────────────────────────────────────────

/** The initiative value of a fighter under the world's ruleset (0 when it cannot be read). */
export function initiativeOf(snapshot: FighterSnapshot): number {
  const value = worldFightingRuleset().combat.initiative(snapshot);
  return Number.isFinite(value) ? value : 0;
}

/**
 * The initiative formula of a combatant: its ruleset initiative as a constant ("0" without an
 * actor), or, when the ruleset rolls it under the world's optional rules (`initiativeRoll`:
 * HârnMaster Gold's INI + 1d100), that figure plus the die ("49 + 1d100"). A world whose
 * ruleset cannot fight in Foundry yet is refused: the error notice names the ruleset and the
 * roll does not happen.
 */
export function initiativeFormula(actor: ActorLike | null): string {
  if (!actor) return "0";
  try {
    const fr = worldFightingRuleset();
    const snapshot = fighterSnapshot(actor);
    const roll = fr.combat.initiativeRoll?.(snapshot, worldOptions(fr.id));
    if (roll && roll.sides !== null && Number.isFinite(roll.base))
      return `${roll.base} + 1d${roll.sides}`;
    return String(initiativeOf(snapshot));
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    throw err;
  }
}

// ── A ruleset's own order (turn hooks) ──────────────────────────────────────────────────────

/** The world's ruleset, or null when the adapter plays none. */
function worldRulesetOrNull(): ReturnType<typeof worldRuleset> | null {
  try {
    return worldRuleset();
  } catch {
    return null;
  }
}

/** The world's ruleset's turns in the tracker, or null (none, or no ruleset the adapter plays). */
export function worldTurns(): RulesetTurns | null {
  try {
    return worldRuleset().turns ?? null;
  } catch {
    return null;
  }
}

/**
 * The order figures a combatant's update fixes (`preUpdateCombatant`): when its initiative (the
 * ruleset's tie-break die) is set, the ruleset's other figures of its actor as they are now are
 * stored beside it (`flags["blow-by-blow"].sequence`), so the order stays as it was when the
 * combatant rolled (GURPS: fixed before combat, L1602, spec A23); clearing the initiative
 * clears them. Changes `changes` in place; nothing for a ruleset without turns.
 */
export function fixSequence(combatant: CombatantLike, changes: Record<string, unknown>): void {
  const turns = worldTurns();
  if (!turns || !Object.hasOwn(changes, "initiative")) return;
  const actor = combatant.actor;
  const figures =
    typeof changes.initiative === "number" && actor ? turns.figures(fighterSnapshot(actor)) : null;
  const flags = (changes.flags ?? {}) as Record<string, unknown>;
  const own = (flags["blow-by-blow"] ?? {}) as Record<string, unknown>;
  changes.flags = { ...flags, "blow-by-blow": { ...own, sequence: figures } };
}

/** A combatant's order figures: those it fixed when it rolled, with its die (its initiative). */
export function sequenceOf(
  turns: RulesetTurns,
  combatant: { initiative?: number | null; flags?: unknown },
): Record<string, number> | null {
  const stored = storedSequence(combatant.flags);
  if (!stored || typeof combatant.initiative !== "number") return null;
  return { ...stored, [turns.tieBreak.figure]: combatant.initiative };
}

/**
 * Which of two combatants acts first under the world's ruleset's order, or null when the
 * ruleset has none (Foundry's order by initiative then). 0: a tie (Foundry's order decides).
 */
export function compareBySequence(
  a: { initiative?: number | null; flags?: unknown },
  b: { initiative?: number | null; flags?: unknown },
): number | null {
  const turns = worldTurns();
  if (!turns) return null;
  return sequenceCompare(
    (entries) => turns.hooks.order(entries),
    sequenceOf(turns, a),
    sequenceOf(turns, b),
  );
}

// ── Tactical advantage ────────────────────────────────────────────────────────────────────────

/** Resets the per-turn count of a combatant whose turn `key` starts (a no-op when already fresh). */
export async function startCombatantTurn(combatant: CombatantLike, key: string): Promise<void> {
  const system = combatant.system as { advantages?: unknown; turnKey?: unknown } | null;
  if (system?.turnKey === key && Number(system.advantages) === 0) return;
  await combatant.update({ system: freshTurn(key) });
}

// ── Document classes ─────────────────────────────────────────────────────────────────────────

/**
 * The system's Combat and Combatant document classes, made on first use: they extend Foundry's
 * `Combat` and `Combatant`, which exist once Foundry has loaded, so importing this module (the
 * flow's query handlers call `gainAdvantage`) needs neither.
 */
function makeDocumentClasses() {
  /** The system's Combatant document: initiative from the world's ruleset. */
  class BlowByBlowCombatant extends Combatant {
    /** A ruleset with turns rolls its tie-break die; otherwise its initiative, as a constant. */
    protected override _getInitiativeFormula(): string {
      return worldTurns()?.tieBreak.formula ?? initiativeFormula(this.actor);
    }
  }

  /** The system's Combat document: resets the tactical advantage count at each turn's start. */
  class BlowByBlowCombat extends Combat {
    /**
     * v13 calls `_onStartTurn(combatant, context)` with the turn's `{round, turn, skipped}`
     * (review m4); the context is handed on to Foundry's own method as given.
     */
    protected override async _onStartTurn(
      combatant: Combatant.Implementation,
      context: Combat.TurnEventContext,
    ): Promise<void> {
      await super._onStartTurn(combatant, context);
      await startCombatantTurn(
        combatant,
        turnKey(context?.round ?? this.round, context?.turn ?? this.turn ?? 0),
      );
      const outcome = await combatantTurnEvent(this, combatant, "turnStart");
      await worldRulesetOrNull()?.turnEvent?.(this, combatant, "turnStart");
      // Out of the fight at the start of his turn: marked defeated, the turn passes to the next
      // (unless nobody is left standing, where advancing would go round for ever).
      if (
        outcome?.defeated &&
        this.combatant?.id === combatant.id &&
        this.combatants.some((c) => c.id !== combatant.id && !c.isDefeated)
      )
        await this.nextTurn();
    }

    /**
     * A round starts (the combat's start first): every fighter without a state block gets a
     * fresh one (a ruleset with turn hooks, turn-events.ts), before the first turn's events.
     */
    protected override async _onStartRound(context: Combat.RoundEventContext): Promise<void> {
      await super._onStartRound(context);
      await seedFights(this);
      // The ruleset's own round start (HM3: Gold fatigue per minute of combat).
      const fr = worldRulesetOrNull();
      if (fr?.roundStart && isActiveGM())
        await fr.roundStart(this, typeof context?.round === "number" ? context.round : this.round);
    }

    /**
     * A round ends: the fighters whose turn the tracker skipped (defeated) have its game time
     * passed (turn-events.ts, ruling Z36). v13 gives the ended round in the context.
     */
    protected override async _onEndRound(context: Combat.RoundEventContext): Promise<void> {
      await super._onEndRound(context);
      const round = typeof context?.round === "number" ? context.round : this.round - 1;
      await passSkippedTurns(this, round);
    }

    /** The combat ended (deleted): its fighters' state blocks are cleared (turn-events.ts). */
    protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
      super._onDelete(options, userId);
      const others = (game as { combats?: Iterable<Combat.Implementation> }).combats ?? [];
      void clearFights(this, others);
      if (isActiveGM()) void worldRulesetOrNull()?.combatEnded?.(this);
    }

    /** The ending turn's events of a ruleset with turn hooks (turn-events.ts). */
    protected override async _onEndTurn(
      combatant: Combatant.Implementation,
      context: Combat.TurnEventContext,
    ): Promise<void> {
      await super._onEndTurn(combatant, context);
      await combatantTurnEvent(this, combatant, "turnEnd");
      await worldRulesetOrNull()?.turnEvent?.(this, combatant, "turnEnd");
    }

    /**
     * A ruleset with turn hooks orders by its own figures (`compareBySequence`); a tie, and any
     * other ruleset, by Foundry's order (initiative, then name, then id). Called unbound, as
     * Foundry hands it to `Array#sort`.
     */
    protected override _sortCombatants(
      a: Combatant.Implementation,
      b: Combatant.Implementation,
    ): number {
      return compareBySequence(a, b) || super._sortCombatants(a, b);
    }
  }

  return { Combat: BlowByBlowCombat, Combatant: BlowByBlowCombatant };
}

let documentClasses: ReturnType<typeof makeDocumentClasses> | null = null;

/** The system's Combat and Combatant document classes (made once). */
export function trackerDocumentClasses(): ReturnType<typeof makeDocumentClasses> {
  documentClasses ??= makeDocumentClasses();
  return documentClasses;
}

/** The combatant's actor UUID (an unlinked token's synthetic actor), or null. */
const actorUuidOf = (c: CombatantLike): string | null => c.actor?.uuid ?? null;

/** The started combat in which the actor fights: the viewed one first, else any. */
export function combatOfActor(actorUuid: string): CombatLike | null {
  const g = gameLike();
  const fights = (c: CombatLike | null | undefined): c is CombatLike =>
    !!c?.started && [...c.combatants].some((x) => actorUuidOf(x) === actorUuid);
  if (fights(g.combat)) return g.combat;
  for (const c of g.combats ?? []) if (fights(c)) return c;
  return null;
}

/**
 * Where an exchange between two actors falls in the tracker (`CombatRules.buildDeclaration`):
 * the round of the started combat the attacker fights in, else the defender's, else 0. The
 * attacker's and the GM's clients read the same combat, so the GM's rebuild agrees (hmzd
 * ruling Z38).
 */
export function exchangeFight(attackerUuid: string, defenderUuid: string): ExchangeFight {
  const combat = combatOfActor(attackerUuid) ?? combatOfActor(defenderUuid);
  const round = combat?.round;
  const fight: ExchangeFight = {
    round: typeof round === "number" && Number.isInteger(round) && round > 0 ? round : 0,
  };
  if (fight.round > 0 && typeof combat?.turn === "number") fight.turn = combat.turn;
  // The marks each side's combatant carries in that combat (`setMark`), for the ruleset.
  const attacker = combat ? marksIn(combat, attackerUuid) : null;
  const defender = combat ? marksIn(combat, defenderUuid) : null;
  if (attacker || defender)
    fight.marks = { ...(attacker ? { attacker } : {}), ...(defender ? { defender } : {}) };
  return fight;
}

/** The actor's combatant in the combat, or null. */
function combatantIn(combat: CombatLike, actorUuid: string): CombatantLike | null {
  return [...combat.combatants].find((c) => actorUuidOf(c) === actorUuid) ?? null;
}

/** The marks (`flags["blow-by-blow"].marks`, null values left out) of the actor's combatant. */
function marksIn(combat: CombatLike, actorUuid: string): Record<string, unknown> | null {
  const flags = (combatantIn(combat, actorUuid)?.flags as Record<string, unknown> | undefined)?.[
    "blow-by-blow"
  ] as { marks?: unknown } | undefined;
  const marks = flags?.marks;
  if (!marks || typeof marks !== "object" || Array.isArray(marks)) return null;
  const kept = Object.entries(marks as Record<string, unknown>).filter(([, v]) => v !== null);
  return kept.length ? Object.fromEntries(kept) : null;
}

/**
 * GM side: sets (or, with null, clears) a ruleset's mark `key` on the actor's combatant in the
 * started combat it fights in (`flags["blow-by-blow"].marks`, kept with the combat, so it
 * survives a reload; `exchangeFight` hands it to the ruleset). False when the actor fights in
 * no started combat (nothing to carry it).
 */
export async function setMark(actorUuid: string, key: string, value: unknown): Promise<boolean> {
  const combat = combatOfActor(actorUuid);
  const own = combat ? combatantIn(combat, actorUuid) : null;
  if (!own) return false;
  await own.update({ flags: { "blow-by-blow": { marks: { [key]: value } } } });
  return true;
}

let advantageQueue: Promise<unknown> = Promise.resolve();

/**
 * An immediate action counted once a round on the fighter's own combatant (`round` scope, hmzd's
 * Action TA, Z6, Z37): `flags["blow-by-blow"].actionRound` keeps the round it was last taken in;
 * a second in the same round is `refused`.
 */
async function actionThisRound(combat: CombatLike, actorUuid: string): Promise<AdvantageOutcome> {
  const own = [...combat.combatants].find((c) => actorUuidOf(c) === actorUuid);
  if (!own) return "extraAction";
  const flags = (own.flags as Record<string, { actionRound?: unknown }> | undefined)?.[
    "blow-by-blow"
  ];
  if (flags?.actionRound === combat.round) return "refused";
  await own.update({ flags: { "blow-by-blow": { actionRound: combat.round } } });
  return "extraAction";
}

/**
 * A tactical advantage gained by the actor `actorUuid` (GM side: the `blow-by-blow.advantage`
 * query's handler calls it). Counted in the character turn of the combat the actor fights in:
 * the first gives `extraAction` and is recorded on the current combatant; a second in the
 * same character turn is `refused` (hm3.md §2: the turn ends instead; advancing it is the
 * GM's). Outside a started combat there is no turn to count in: `extraAction`. Calls are
 * handled one at a time, so two quick claims cannot both get the extra action.
 */
export async function gainAdvantage(
  actorUuid: string,
  scope: "turn" | "round" = "turn",
): Promise<AdvantageOutcome> {
  const run = advantageQueue.then(async (): Promise<AdvantageOutcome> => {
    const combat = combatOfActor(actorUuid);
    if (combat && scope === "round") return actionThisRound(combat, actorUuid);
    const current = combat?.combatant;
    if (!combat || !current) return "extraAction";
    const key = turnKey(combat.round, combat.turn ?? 0);
    const decision = advantageDecision(
      current.system as { advantages?: number; turnKey?: string } | null,
      key,
    );
    if (decision.outcome === "extraAction") await current.update({ system: decision.state });
    return decision.outcome;
  });
  advantageQueue = run.catch(() => undefined);
  return run;
}

// ── Defeated ──────────────────────────────────────────────────────────────────────────────────

/** The conditions that mark a combatant defeated: the ruleset's, and Foundry's defeated status. */
export function defeatingConditions(): string[] {
  let conditions: string[] = [];
  try {
    conditions = [...(worldRuleset().combat?.incapacitating ?? [])];
  } catch {
    // A world whose ruleset the adapter cannot play marks nothing but Foundry's own status.
  }
  const special = (CONFIG as { specialStatusEffects?: { DEFEATED?: string } }).specialStatusEffects
    ?.DEFEATED;
  if (special && !conditions.includes(special)) conditions.push(special);
  return conditions;
}

/**
 * Marks the actor's combatants defeated in every combat of the world when its statuses hold a
 * defeating condition (active GM only). Returns the number of combatants changed.
 */
export async function markDefeated(actor: ActorLike | null | undefined): Promise<number> {
  if (!actor || !isActiveGM()) return 0;
  const conditions = defeatingConditions();
  const statuses = [...(actor.statuses ?? [])];
  let changed = 0;
  for (const combat of gameLike().combats ?? []) {
    const refs: CombatantRef[] = [];
    for (const c of combat.combatants)
      if (c.id) refs.push({ id: c.id, defeated: c.defeated, actorUuid: actorUuidOf(c) });
    const updates = defeatedUpdates(refs, actor.uuid, statuses, conditions);
    if (updates.length === 0) continue;
    await combat.updateEmbeddedDocuments("Combatant", updates);
    changed += updates.length;
  }
  return changed;
}

/** The actor an ActiveEffect applies to: its parent actor, or the actor owning its parent item. */
function effectActor(effect: ActiveEffect.Implementation | null): ActorLike | null {
  const parent = effect?.parent ?? null;
  if (parent?.documentName === "Actor") return parent;
  if (parent?.documentName === "Item" && parent.parent?.documentName === "Actor")
    return parent.parent;
  return null;
}

// ── Conditions in the tracker ────────────────────────────────────────────────────────────────

/** The markup the tracker shows under one combatant's name (empty: nothing to show). */
export function combatantMarkup(combat: CombatLike, combatant: CombatantLike): string {
  const key = turnKey(combat.round, combat.turn ?? 0);
  const isCurrent = !!combat.combatant && combat.combatant.id === combatant.id;
  const taken =
    combat.started &&
    isCurrent &&
    advantagesThisTurn(combatant.system as { advantages?: number; turnKey?: string }, key) > 0;
  return conditionsMarkup({
    conditions: combatantConditions(combatant.actor?.statuses ?? [], CONDITION_EFFECTS, localize),
    advantage: taken ? localize("BLOWBYBLOW.Tracker.advantageTaken") : null,
    conditionsLabel: localize("BLOWBYBLOW.Tracker.conditions"),
  });
}

/** An element as the tracker decoration uses it (HTMLElement in Foundry). */
export interface ElementLike {
  dataset: Record<string, string | undefined>;
  querySelector(selector: string): ElementLike | null;
  querySelectorAll(selector: string): Iterable<ElementLike>;
  insertAdjacentHTML(position: "beforeend", html: string): void;
  remove(): void;
  addEventListener?(
    type: "click",
    listener: (event: { preventDefault?(): void; stopPropagation?(): void }) => void,
  ): void;
}

/**
 * The order figures a combatant fixed when it rolled, as the tracker shows them under its name
 * ("Move 5 · Basic Speed 8.125 · Sequence die 2"), or "" for a ruleset without turns or a
 * combatant that has not rolled. Labels from the lang file; numbers only: nothing to escape
 * but the labels, which are escaped anyway.
 */
export function sequenceMarkup(combatant: { initiative?: number | null; flags?: unknown }): string {
  const turns = worldTurns();
  const figures = turns ? sequenceOf(turns, combatant) : null;
  if (!turns || !figures) return "";
  const parts = Object.entries(figures).map(([id, value]) => {
    const key = turns.figureLabels[id];
    return `${escapeHtml(key ? localize(key) : id)} ${value}`;
  });
  return `<span class="bbb-tracker-sequence">${parts.join(" · ")}</span>`;
}

/** Adds each combatant's conditions to the rendered tracker (`renderCombatTracker`). */
export function decorateTracker(combat: CombatLike | null | undefined, html: ElementLike): void {
  if (!combat) return;
  for (const row of html.querySelectorAll("li.combatant[data-combatant-id]")) {
    const id = row.dataset.combatantId;
    const combatant = id ? combat.combatants.get(id) : undefined;
    if (!combatant) continue;
    row.querySelector(".bbb-tracker-conditions")?.remove();
    row.querySelector(".bbb-tracker-sequence")?.remove();
    for (const old of row.querySelectorAll(".bbb-tracker-carried")) old.remove();
    const ruleset = worldRulesetOrNull()?.tracker;
    const markup =
      sequenceMarkup(combatant as { initiative?: number | null; flags?: unknown }) +
      combatantMarkup(combat, combatant) +
      (ruleset?.markup(combat, combatant, gameLike().user?.isGM === true) ?? "");
    if (markup) (row.querySelector(".token-name") ?? row).insertAdjacentHTML("beforeend", markup);
    // The ruleset's controls (a GM's clear button), handled here: the click is checked by the ruleset.
    for (const control of row.querySelectorAll("[data-bbb-tracker-action]"))
      control.addEventListener?.(
        "click",
        (event: { preventDefault?(): void; stopPropagation?(): void }) => {
          event.preventDefault?.();
          event.stopPropagation?.();
          const action = control.dataset.bbbTrackerAction;
          if (action && ruleset) void ruleset.action(action, combat, combatant);
        },
      );
  }
}

/** Re-renders the tracker when the actor fights in the combat it shows (its conditions changed). */
function refreshTrackerFor(actor: ActorLike | null): void {
  const tracker = (
    globalThis as { ui?: { combat?: { viewed?: CombatLike | null; render(): unknown } } }
  ).ui?.combat;
  const viewed = tracker?.viewed;
  if (!actor || !tracker || !viewed) return;
  if ([...viewed.combatants].some((c) => actorUuidOf(c) === actor.uuid)) void tracker.render();
}

// ── Registration ──────────────────────────────────────────────────────────────────────────────

/**
 * Sets the system's Combat and Combatant document classes and the tracker's hooks (call in the
 * `init` hook).
 */
export function registerTracker(): void {
  // fvtt-types type documentClass as the configured implementation class; ours extend the core ones.
  const classes = trackerDocumentClasses();
  (CONFIG.Combat as { documentClass: unknown }).documentClass = classes.Combat;
  (CONFIG.Combatant as { documentClass: unknown }).documentClass = classes.Combatant;

  const onEffect = (effect: ActiveEffect.Implementation): void => {
    const actor = effectActor(effect);
    refreshTrackerFor(actor);
    void markDefeated(actor).catch((err: unknown) => console.error("Blow by Blow |", err));
  };
  Hooks.on("createActiveEffect", onEffect);
  Hooks.on("updateActiveEffect", onEffect);
  Hooks.on("deleteActiveEffect", (effect) => refreshTrackerFor(effectActor(effect)));
  Hooks.on("updateActor", (actor, changes) => {
    void markDefeated(actor).catch((err: unknown) => console.error("Blow by Blow |", err));
    // What a ruleset carries for the fighter (its flags) is shown under its name.
    if ((changes as { flags?: unknown } | undefined)?.flags) refreshTrackerFor(actor);
  });
  Hooks.on("preUpdateCombatant", (combatant, changes) => {
    fixSequence(combatant, changes as Record<string, unknown>);
  });
  Hooks.on("renderCombatTracker", (app, html) => {
    decorateTracker(app.viewed ?? gameLike().combat, html);
  });
}
