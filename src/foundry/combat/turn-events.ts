/**
 * The turn events of a ruleset with turn hooks (`RulesetTurns`, issue 17; docs/architecture.md
 * §2.4a and §6 step 4), run by the active GM's client as Foundry starts and ends a combatant's
 * turn (`BlowByBlowCombat._onStartTurn` / `_onEndTurn`, tracker.ts):
 *
 * - the fighter's state block is read from his actor (the ruleset's `fight` store; a fighter
 *   without one yet gets a fresh block), the core's `runTurnEvent` runs on it with Foundry
 *   Rolls (`rollAsNeeded`: each named roll it asks for is a `Roll`, shown with Dice So Nice),
 *   and the new block is written back;
 * - the conditions the event set and ended are mirrored as status effects;
 * - the ruleset's turn card (its `card.turnTemplate`, chat/turn-card.ts) shows the checks rolled
 *   (GURPS: stun recovery, the HT roll at 0 HP), and says when the fighter may choose no
 *   maneuver or is out of the fight;
 * - a fighter out of the fight is marked defeated (the tracker then moves past him).
 *
 * The blocks live as long as the combat: `seedFights` gives every fighter without one a fresh
 * block as a round starts (the combat's start first), `clearFights` clears them when the combat
 * is deleted.
 *
 * Each event runs once per combatant and round (`flags["blow-by-blow"].turnEvents` keeps the
 * round it ran in): going back a turn and forward again, or a second GM update, rolls nothing
 * twice. A turn's end runs only for a turn whose start ran. Events of one combat run one after
 * another (`serial`).
 */
import { RecordingDice } from "../../core/dice";
import { rollAsNeeded } from "../../core/flow";
import type { ConditionId, RulesetBlock, TurnEvent, TurnOutcome } from "../../core/ruleset";
import { runTurnEvent } from "../../core/turns";
import { CONDITION_EFFECTS } from "../config";
import { worldRuleset, type FoundryRuleset } from "../rulesets";
import { escapeHtml } from "../sheets/common";
import { ensureChatTemplates } from "../chat/render";
import { publicViewer, renderTurnCard, type TurnCardRecord } from "../chat/turn-card";
import { foundryRoll } from "./dice";
import { chatMessageClass, isActiveGM, serial } from "./query-common";
import { fighterSnapshot, type ActorLike } from "./snapshot";

type Obj = Record<string, unknown>;

/** A combatant as the turn events read and write it. */
export interface TurnCombatantLike {
  id: string | null;
  name?: string;
  defeated: boolean;
  flags?: unknown;
  actor: ActorLike | null;
  token?: unknown;
  update(changes: Obj): Promise<unknown>;
}

/** A combat as the turn events read it. */
export interface TurnCombatLike {
  id: string | null;
  round: number;
  combatants: Iterable<TurnCombatantLike> & { get(id: string): TurnCombatantLike | undefined };
}

/** The rounds in which each event last ran for a combatant. */
export interface TurnMarks {
  turnStart?: number;
  turnEnd?: number;
  /** The start of his turn in `turnStart`'s round left him no maneuver (stunned, out). */
  actionless?: boolean;
  /** The last round whose skipped turn's time was passed (`passSkippedTurns`). */
  skipped?: number;
}

/** The marks a combatant's flags hold (`flags["blow-by-blow"].turnEvents`). */
export function turnMarks(flags: unknown): TurnMarks {
  const own = (flags as Obj | null | undefined)?.["blow-by-blow"] as Obj | undefined;
  const marks = own?.turnEvents as Obj | undefined;
  const out: TurnMarks = {};
  if (typeof marks?.turnStart === "number") out.turnStart = marks.turnStart;
  if (typeof marks?.turnEnd === "number") out.turnEnd = marks.turnEnd;
  if (typeof marks?.actionless === "boolean") out.actionless = marks.actionless;
  if (typeof marks?.skipped === "number") out.skipped = marks.skipped;
  return out;
}

/** Whether the event is still to run for a combatant in `round` (once; an end after its start). */
export function turnEventDue(marks: TurnMarks, event: TurnEvent, round: number): boolean {
  if (marks[event] === round) return false;
  return event === "turnStart" || marks.turnStart === round;
}

type WithTurns = FoundryRuleset & Required<Pick<FoundryRuleset, "turns" | "fight">>;

function rulesetWithTurns(): WithTurns | null {
  let fr: FoundryRuleset;
  try {
    fr = worldRuleset();
  } catch {
    return null;
  }
  return fr.turns && fr.fight ? (fr as WithTurns) : null;
}

const i18n = () => game.i18n;

/** Whether an outcome has anything to show: checks rolled, or a fighter who may not act. */
export function turnCardShown(outcome: TurnOutcome): boolean {
  return (
    outcome.checks.length > 0 ||
    (outcome.event === "turnStart" && (outcome.actionless || outcome.defeated))
  );
}

/** Sets and removes the actor's status effects as the event set and ended its conditions. */
async function mirrorStatuses(
  actor: ActorLike,
  outcome: Pick<TurnOutcome, "ended" | "set">,
): Promise<void> {
  if (!actor.toggleStatusEffect) return;
  const known = new Set<string>(CONDITION_EFFECTS.map((e) => e.id));
  const has = new Set(actor.statuses ?? []);
  for (const id of outcome.ended)
    if (known.has(id) && has.has(id)) await actor.toggleStatusEffect(id, { active: false });
  for (const id of outcome.set)
    if (known.has(id) && !has.has(id)) await actor.toggleStatusEffect(id, { active: true });
}

/**
 * Posts the ruleset's turn card (turn-card.ts): drawn for a viewer who owns no one (the GM and
 * the fighter's owners see it drawn again for them as it renders), with what the event did in
 * its flags. A ruleset without a turn card posts none.
 */
async function postTurnCard(
  fr: FoundryRuleset,
  combatant: TurnCombatantLike,
  actor: ActorLike,
  outcome: TurnOutcome,
): Promise<void> {
  const name = combatant.name ?? actor.name;
  const record: TurnCardRecord = {
    ruleset: fr.id,
    event: outcome.event,
    combatantId: combatant.id,
    actorUuid: actor.uuid,
    name,
    checks: outcome.checks,
    rolls: outcome.rolls,
    set: outcome.set,
    ended: outcome.ended,
    actionless: outcome.actionless,
    defeated: outcome.defeated,
  };
  const held = fr.fight?.held?.(outcome.block);
  if (held) record.held = held;
  await ensureChatTemplates();
  const html = await renderTurnCard(record, publicViewer(), false);
  if (html === null) return;
  const cls = chatMessageClass();
  await cls.create({
    content: html,
    speaker: cls.getSpeaker?.({ actor, token: combatant.token }) ?? { alias: name },
    flags: { "blow-by-blow": { turn: record } },
  });
}

/**
 * Runs `event` for `combatant` on the active GM's client, once per round; returns the outcome,
 * or null when nothing ran (another client, a ruleset without turn hooks, no actor, already
 * run). A block the ruleset refuses is reported to the GM and nothing is written.
 */
export async function combatantTurnEvent(
  combat: TurnCombatLike,
  combatant: TurnCombatantLike,
  event: TurnEvent,
): Promise<TurnOutcome | null> {
  const fr = rulesetWithTurns();
  if (!fr || !isActiveGM() || !combatant.id) return null;
  const id = combatant.id;
  return serial(`turns.${combat.id ?? ""}`, async () => {
    const live = combat.combatants.get(id) ?? combatant;
    const marks = turnMarks(live.flags);
    // A turn ends in the round it started in: the last combatant's end runs once the combat
    // has already moved to the next round.
    const round =
      event === "turnEnd" && marks.turnStart !== undefined && marks.turnStart < combat.round
        ? marks.turnStart
        : combat.round;
    if (!turnEventDue(marks, event, round)) return null;
    const actor = live.actor;
    if (!actor) return null;
    let outcome: TurnOutcome;
    try {
      const fighter = fighterSnapshot(actor);
      const block = fr.fight.read(fighter) ?? fr.fight.seed(fighter);
      const hooks = { id: fr.id, turns: fr.turns.hooks };
      ({ value: outcome } = await rollAsNeeded(
        (dice) => runTurnEvent(hooks, block, event, dice),
        foundryRoll,
      ));
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      console.error("Blow by Blow | turn event failed", err);
      ui.notifications?.error(
        i18n().format("BLOWBYBLOW.Turn.failed", {
          name: escapeHtml(actor.name),
          error: escapeHtml(error),
        }),
      );
      return null;
    }
    // Marked first: whatever fails after this, the dice are never rolled again this round.
    await live.update({
      flags: {
        "blow-by-blow": {
          turnEvents: {
            ...marks,
            [event]: round,
            ...(event === "turnStart" ? { actionless: outcome.actionless } : {}),
          },
        },
      },
    });
    await (actor as UpdatableActor).update(fr.fight.write(outcome.block));
    await mirrorStatuses(actor, outcome);
    if (turnCardShown(outcome)) await postTurnCard(fr, live, actor, outcome);
    if (outcome.defeated && !live.defeated) await live.update({ defeated: true });
    return outcome;
  });
}

type UpdatableActor = ActorLike & { update(c: Obj): Promise<unknown> };

/**
 * The end of round `round` (ruling Z36): every combatant whose turn did not end in it (the
 * tracker skipped him as defeated) has that turn's game time passed by the ruleset's
 * `turns.skippedTurn` (hmzd: UNC's re-roll after ten minutes), on the active GM's client, once
 * per combatant and round (`turnEvents.skipped`). The block is written back, the statuses
 * mirrored, a turn card posted for a check rolled, and a fighter no longer out of the fight
 * (UNC recovered to INC) is no longer defeated. Returns the number of combatants passed.
 */
export async function passSkippedTurns(combat: TurnCombatLike, round: number): Promise<number> {
  const fr = rulesetWithTurns();
  const skipped = fr?.turns.skippedTurn;
  if (!fr || !skipped || !isActiveGM() || !(round > 0)) return 0;
  return serial(`turns.${combat.id ?? ""}`, async () => {
    let passed = 0;
    const seen = new Set<string>();
    for (const c of combat.combatants) {
      const id = c.id;
      if (!id) continue;
      const live = combat.combatants.get(id) ?? c;
      const actor = live.actor as UpdatableActor | null;
      const marks = turnMarks(live.flags);
      if (!actor || marks.turnEnd === round || marks.skipped === round) continue;
      // An actor with two combatants passes his time once.
      if (seen.has(actor.uuid)) continue;
      seen.add(actor.uuid);
      let outcome: TurnOutcome;
      try {
        const fighter = fighterSnapshot(actor);
        const block = fr.fight.read(fighter) ?? fr.fight.seed(fighter);
        ({ value: outcome } = await rollAsNeeded((dice) => {
          const recording = new RecordingDice(dice);
          const out = skipped(block, recording);
          return { ...out, rolls: recording.records };
        }, foundryRoll));
      } catch (err) {
        reportFailed(actor, err);
        continue;
      }
      await live.update({
        flags: { "blow-by-blow": { turnEvents: { ...marks, skipped: round } } },
      });
      await actor.update(fr.fight.write(outcome.block));
      await mirrorStatuses(actor, outcome);
      if (turnCardShown(outcome)) await postTurnCard(fr, live, actor, outcome);
      if (!outcome.defeated && live.defeated) await live.update({ defeated: false });
      passed++;
    }
    return passed;
  });
}

/** The distinct actors of a combat's combatants (an unlinked token's synthetic actor apart). */
function combatActors(combat: TurnCombatLike): UpdatableActor[] {
  const seen = new Set<string>();
  const out: UpdatableActor[] = [];
  for (const c of combat.combatants) {
    const actor = c.actor as UpdatableActor | null;
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    out.push(actor);
  }
  return out;
}

/** Reports a fighter whose block could not be seeded or cleared to the GM (nothing written). */
function reportFailed(actor: ActorLike, err: unknown): void {
  const error = err instanceof Error ? err.message : String(err);
  console.error("Blow by Blow | fight block failed", err);
  ui.notifications?.error(
    i18n().format("BLOWBYBLOW.Turn.failed", {
      name: escapeHtml(actor.name),
      error: escapeHtml(error),
    }),
  );
}

/**
 * Seeds the state block of every fighter of the combat who has none yet (the ruleset's
 * `fight.seed`, revision 0: GURPS starts it from the sheet's encounter record), on the active GM's client as a round starts (the combat's start
 * first): a block already stored (a fighter who enters the fight stunned) is kept. Returns the
 * number of blocks written; 0 for a ruleset without turn hooks or on another client.
 */
export async function seedFights(combat: TurnCombatLike): Promise<number> {
  const fr = rulesetWithTurns();
  if (!fr || !isActiveGM()) return 0;
  return serial(`turns.${combat.id ?? ""}`, async () => {
    let written = 0;
    for (const actor of combatActors(combat)) {
      try {
        const fighter = fighterSnapshot(actor);
        if (fr.fight.read(fighter) !== null) continue;
        const block = fr.fight.seed(fighter);
        await actor.update(fr.fight.write(block));
        written++;
        // A fighter who enters the fight stunned or down shows it on his token.
        await mirrorStatuses(actor, { ended: [], set: fr.fight.conditions(block) });
      } catch (err) {
        reportFailed(actor, err);
      }
    }
    return written;
  });
}

/**
 * Clears the state block of every fighter of an ended (deleted) combat (the ruleset's
 * `fight.clear`, which writes back to the sheet what outlasts the fight), on the active GM's client; a fighter still in another combat of the world
 * keeps his. The statuses of conditions that end with the fight (`fight.endingWithFight`:
 * shock, lost balance, a limb crippled for the encounter) are removed; the others stay (a
 * fighter knocked out stays unconscious). Returns the number of actors cleared.
 */
export async function clearFights(
  combat: TurnCombatLike,
  others: Iterable<TurnCombatLike> = [],
): Promise<number> {
  const fr = rulesetWithTurns();
  if (!fr || !isActiveGM()) return 0;
  const elsewhere = new Set<string>();
  for (const other of others) {
    if (other === combat || (other.id !== null && other.id === combat.id)) continue;
    for (const actor of combatActors(other)) elsewhere.add(actor.uuid);
  }
  return serial(`turns.${combat.id ?? ""}`, async () => {
    let cleared = 0;
    for (const actor of combatActors(combat)) {
      if (elsewhere.has(actor.uuid)) continue;
      let stored = true;
      let ending: ConditionId[] = [];
      let block: RulesetBlock | null = null;
      const fighter = fighterSnapshot(actor);
      try {
        block = fr.fight.read(fighter);
        stored = block !== null;
        if (block) ending = fr.fight.endingWithFight(block);
      } catch {
        // A block the ruleset refuses is cleared all the same (its statuses left as they are,
        // nothing written back to the sheet).
      }
      if (!stored) continue;
      try {
        await actor.update(fr.fight.clear(fighter, block));
        cleared++;
        await mirrorStatuses(actor, { ended: ending, set: [] });
      } catch (err) {
        reportFailed(actor, err);
      }
    }
    return cleared;
  });
}
