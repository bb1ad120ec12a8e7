/**
 * The GM's side of a maneuver choice (issue 17; docs/architecture.md §6 step 5): at the start of
 * a combatant's turn its owner picks a maneuver (maneuver-action.ts), and the active GM's client
 * applies it here, run as the user who asks (the `blow-by-blow.maneuver` query, queries.ts):
 *
 * - the combat must be started, the combatant the current one, and its turn's start event run
 *   (turn-events.ts), so a maneuver is chosen in its own turn only;
 * - the user must own the combatant's actor now (a GM owns every actor);
 * - the block must still be at the revision the dialog saw (a double click's second request
 *   meets the first's revision and is refused);
 * - a foe the choice names (`choice.foe`, a combatant id: Aim's target, a feint's foe) must be
 *   another combatant of this combat with an actor; the ruleset gets his stable id (the actor's
 *   uuid) in its place;
 * - the ruleset decides the rest (`RulesetTurns.maneuvers.choose`: a second maneuver in a
 *   turn, a stunned fighter, an unknown weapon, an Advanced maneuver in a Basic world…), then
 *   rolls what the maneuver rolls at once (`maneuvers.rolled`: GURPS's feint, a quick contest
 *   of named rolls, each a Foundry Roll), and the new block is written to the actor; a chat
 *   card says what was chosen, with the checks rolled and their outcome.
 *
 * Runs in the combat's turn queue (`serial`), behind its turn events.
 */
import type { FighterSnapshot } from "../../core/combat";
import { InputError } from "../../core/errors";
import { FlowError, rollAsNeeded } from "../../core/flow";
import type { RulesetBlock } from "../../core/ruleset";
import {
  worldRuleset,
  type FoundryRuleset,
  type ManeuverRolled,
  type RulesetFightStore,
  type RulesetTurns,
} from "../rulesets";
import { foundryRoll } from "./dice";
import { maneuverCardHtml, maneuverCardView } from "./maneuver-card";
import { userOwns } from "./permissions";
import { chatMessageClass, CombatError, g, requireGMClient, serial } from "./query-common";
import { worldOptions } from "./settings";
import { fighterSnapshot, type ActorLike, type UserLike } from "./snapshot";
import { turnMarks, type TurnCombatLike, type TurnCombatantLike } from "./turn-events";

type Obj = Record<string, unknown>;

/** What a maneuver request carries (checked here: it comes from another client). */
export interface ManeuverRequest {
  combatId: string;
  combatantId: string;
  /** The block's revision the dialog was opened at. */
  revision: number;
  /** The ruleset's choice (`{maneuver, weapon?, posture?}` for GURPS), checked by the ruleset. */
  choice: unknown;
}

function readRequest(data: Obj): ManeuverRequest {
  const id = (key: string): string => {
    const v = data[key];
    if (typeof v !== "string" || v === "")
      throw new FlowError("badChoice", `Bad ${key}.`, {
        field: key,
        value: String(v),
        reason: "expected an id",
      });
    return v;
  };
  const revision = data.revision;
  if (typeof revision !== "number" || !Number.isInteger(revision) || revision < 0)
    throw new FlowError("badChoice", "Bad revision.", {
      field: "revision",
      value: String(revision),
      reason: "expected a whole number ≥ 0",
    });
  return {
    combatId: id("combatId"),
    combatantId: id("combatantId"),
    revision,
    choice: data.choice ?? null,
  };
}

/** The world's ruleset with turns and a block store, else a refusal naming it. */
function turnsRuleset(): { fr: FoundryRuleset; turns: RulesetTurns; fight: RulesetFightStore } {
  const fr = worldRuleset();
  const fight = fr.fight;
  if (!fr.turns || !fight)
    throw new CombatError("noManeuvers", `${fr.id} has no maneuvers.`, { ruleset: fr.id });
  return { fr, turns: fr.turns, fight };
}

/** The combat and combatant a request names, the combatant's turn running. */
function currentCombatant(request: ManeuverRequest): {
  combat: TurnCombatLike;
  combatant: TurnCombatantLike;
  actor: ActorLike;
} {
  const combats = g().combats as unknown as
    | { get(id: string): (TurnCombatLike & { started: boolean; combatant?: unknown }) | undefined }
    | undefined;
  const combat = combats?.get(request.combatId);
  const combatant = combat?.combatants.get(request.combatantId);
  const name = combatant?.name ?? "?";
  if (!combat || !combatant || !combat.started)
    throw new CombatError("notTheirTurn", "No such combatant in a started combat.", { name });
  const current = combat.combatant as { id?: string | null } | null | undefined;
  if (current?.id !== combatant.id)
    throw new CombatError("notTheirTurn", "It is not this combatant's turn.", { name });
  if (turnMarks(combatant.flags).turnStart !== combat.round)
    throw new CombatError("turnNotStarted", "The turn's start has not been run yet.", { name });
  const actor = combatant.actor;
  if (!actor) throw new CombatError("noActor", "The combatant has no actor.", { side: "", name });
  return { combat, combatant, actor };
}

/**
 * GM: applies `user`'s maneuver for the combatant a request names (see the module's comment);
 * returns the new block. Every refusal throws (a FlowError, a CombatError or the ruleset's
 * InputError), which the query answers as its outcome.
 */
export async function maneuverStep(user: UserLike, data: Obj): Promise<RulesetBlock> {
  requireGMClient();
  const request = readRequest(data);
  const { turns, fight } = turnsRuleset();
  const fr = worldRuleset();
  return serial(`turns.${request.combatId}`, async () => {
    const { combat, combatant, actor } = currentCombatant(request);
    if (!userOwns(user, actor))
      throw new FlowError("notOwner", "The user does not own the combatant.", {
        side: "",
        userId: user.id ?? "",
      });
    const fighter = fighterSnapshot(actor);
    const block = fight.read(fighter);
    if (!block)
      throw new CombatError("turnNotStarted", "The fighter has no fight state yet.", {
        name: combatant.name ?? actor.name,
      });
    if (block.revision !== request.revision)
      throw new CombatError("staleManeuver", "The fighter's state changed.", {
        name: combatant.name ?? actor.name,
        expected: String(block.revision),
        actual: String(request.revision),
      });
    const { choice, foe } = namedFoe(combat, combatant, request.choice);
    let next = turns.maneuvers.choose(fighter, block, choice, worldOptions(fr.id));
    let rolled: ManeuverRolled | null = null;
    if (turns.maneuvers.rolled) {
      const roll = turns.maneuvers.rolled;
      const after = next;
      ({ value: rolled } = await rollAsNeeded(
        (dice) => roll(fighter, after, choice, foe, dice),
        foundryRoll,
      ));
      if (rolled) next = rolled.block;
    }
    await (actor as ActorLike & { update(c: Obj): Promise<unknown> }).update(fight.write(next));
    await postManeuver(combatant, actor, turns, next, rolled);
    return next;
  });
}

/**
 * The foe a choice names (`foe`: a combatant id), resolved in the combat: the choice with his
 * stable id (his actor's uuid) instead, and his snapshot. Refused (an InputError naming `foe`)
 * for anyone but another combatant of this combat with an actor.
 */
function namedFoe(
  combat: TurnCombatLike,
  self: TurnCombatantLike,
  raw: unknown,
): { choice: unknown; foe: FighterSnapshot | null } {
  const o = raw !== null && typeof raw === "object" ? (raw as Obj) : null;
  const id = o?.foe;
  if (id === undefined || id === null || id === "") return { choice: raw, foe: null };
  const other = typeof id === "string" ? combat.combatants.get(id) : undefined;
  const actor = other?.actor ?? null;
  if (!other || !actor || other.id === self.id)
    throw new InputError("foe", id, "is not another combatant of this fight");
  const foe = fighterSnapshot(actor);
  return { choice: { ...o, foe: foe.uuid ?? foe.name }, foe };
}

/** The chat card saying what a fighter chose and what it rolled (names escaped). */
async function postManeuver(
  combatant: TurnCombatantLike,
  actor: ActorLike,
  turns: RulesetTurns,
  block: RulesetBlock,
  rolled: ManeuverRolled | null,
): Promise<void> {
  const view = turns.maneuvers.view(block);
  if (!view.maneuverKey) return;
  const card = maneuverCardView(
    combatant.name ?? actor.name,
    { maneuverKey: view.maneuverKey, postureKey: view.postureKey },
    rolled,
    g().i18n,
  );
  const cls = chatMessageClass();
  await cls.create({
    content: maneuverCardHtml(card),
    speaker: cls.getSpeaker?.({ actor, token: combatant.token }) ?? { alias: actor.name },
    flags: {
      "blow-by-blow": {
        maneuver: {
          combatantId: combatant.id,
          revision: block.revision,
          ...(rolled ? { rolls: rolled.rolls, checks: rolled.checks } : {}),
        },
      },
    },
  });
}
