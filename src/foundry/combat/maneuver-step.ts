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
 * - the ruleset decides the rest (`RulesetTurns.maneuvers.choose`: a second maneuver in a
 *   turn, a stunned fighter, an unknown weapon, an Advanced maneuver in a Basic world…), and
 *   the new block is written to the actor; a chat line says what was chosen.
 *
 * Runs in the combat's turn queue (`serial`), behind its turn events.
 */
import { FlowError } from "../../core/flow";
import type { RulesetBlock } from "../../core/ruleset";
import {
  worldRuleset,
  type FoundryRuleset,
  type RulesetFightStore,
  type RulesetTurns,
} from "../rulesets";
import { escapeHtml } from "../sheets/common";
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
    const { combatant, actor } = currentCombatant(request);
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
    const next = turns.maneuvers.choose(fighter, block, request.choice, worldOptions(fr.id));
    await (actor as ActorLike & { update(c: Obj): Promise<unknown> }).update(fight.write(next));
    await postManeuver(combatant, actor, turns, next);
    return next;
  });
}

/** The chat line saying what a fighter chose (his name is user text: escaped). */
async function postManeuver(
  combatant: TurnCombatantLike,
  actor: ActorLike,
  turns: RulesetTurns,
  block: RulesetBlock,
): Promise<void> {
  const i18n = g().i18n;
  const view = turns.maneuvers.view(block);
  if (!view.maneuverKey) return;
  const text = i18n.format("BLOWBYBLOW.Maneuver.chosen", {
    name: combatant.name ?? actor.name,
    maneuver: i18n.localize(view.maneuverKey),
    posture: i18n.localize(view.postureKey),
  });
  const cls = chatMessageClass();
  await cls.create({
    content: `<p class="bbb-maneuver-chosen">${escapeHtml(text)}</p>`,
    speaker: cls.getSpeaker?.({ actor, token: combatant.token }) ?? { alias: actor.name },
    flags: {
      "blow-by-blow": { maneuver: { combatantId: combatant.id, revision: block.revision } },
    },
  });
}
