/**
 * A combatant's maneuver on the owner's client (issue 17; docs/architecture.md §6 step 5): the
 * maneuver dialog opens for the owner when the GM's client has started the combatant's turn
 * (`promptOnTurnStart`, the `updateCombatant` hook: the turn's start mark lands for the current
 * combatant and left him a maneuver), or from `chooseManeuver` (a macro, the sheet). Permission
 * is checked at the click; the choice goes to the active GM's client as the
 * `blow-by-blow.maneuver` query (maneuver-step.ts), with the block's revision as of the click,
 * so a second click on the same state is refused there.
 */
import {
  worldRuleset,
  type FoundryRuleset,
  type RulesetFightStore,
  type RulesetTurns,
} from "../rulesets";
import { askGM } from "./actions";
import { ManeuverDialog } from "./maneuver-dialog";
import { userOwns } from "./permissions";
import { QUERY } from "./queries";
import { escapeData, g } from "./query-common";
import { worldOptions } from "./settings";
import { fighterSnapshot, type ActorLike, type UserLike } from "./snapshot";
import { turnMarks, type TurnCombatLike, type TurnCombatantLike } from "./turn-events";

type Obj = Record<string, unknown>;

function warn(key: string, data: Record<string, string> = {}): void {
  ui.notifications?.warn(g().i18n.format(key, escapeData(data)));
}

function turnsOf(): { fr: FoundryRuleset; turns: RulesetTurns; fight: RulesetFightStore } | null {
  try {
    const fr = worldRuleset();
    const fight = fr.fight;
    return fr.turns && fight ? { fr, turns: fr.turns, fight } : null;
  } catch {
    return null;
  }
}

interface CombatRef {
  combatId: string;
  combatantId: string;
}

function combatantOf(ref: CombatRef): {
  combat: TurnCombatLike;
  combatant: TurnCombatantLike;
} | null {
  const combats = g().combats as unknown as { get(id: string): TurnCombatLike | undefined };
  const combat = combats?.get(ref.combatId);
  const combatant = combat?.combatants.get(ref.combatantId);
  return combat && combatant ? { combat, combatant } : null;
}

/**
 * Sends `choice` for the combatant to the active GM's client, with the block's revision as this
 * client sees it now. Checks at the click that this user owns the actor. True when the GM's
 * client applied it (a refusal is shown as a warning).
 */
export async function sendManeuver(ref: CombatRef, choice: Obj): Promise<boolean> {
  const t = turnsOf();
  const found = combatantOf(ref);
  const actor = found?.combatant.actor ?? null;
  if (!t || !found || !actor) {
    warn("BLOWBYBLOW.Combat.Error.notTheirTurn", { name: found?.combatant.name ?? "?" });
    return false;
  }
  if (!userOwns(g().user, actor)) {
    warn("BLOWBYBLOW.Combat.Error.notOwnerManeuver", { name: actor.name });
    return false;
  }
  const current = (found.combat as { combatant?: { id: string | null } | null }).combatant;
  if (current?.id !== found.combatant.id) {
    warn("BLOWBYBLOW.Combat.Error.notTheirTurn", { name: found.combatant.name ?? actor.name });
    return false;
  }
  const block = t.fight.read(fighterSnapshot(actor));
  if (!block) {
    warn("BLOWBYBLOW.Combat.Error.turnNotStarted", { name: actor.name });
    return false;
  }
  const outcome = await askGM(QUERY.maneuver, { ...ref, revision: block.revision, choice });
  return outcome?.ok === true;
}

/** The other combatants of the combat with an actor, as a maneuver may name them (Aim, Feint). */
export function foesOf(
  combat: TurnCombatLike,
  self: TurnCombatantLike,
): { id: string; name: string }[] {
  const out: { id: string; name: string }[] = [];
  for (const c of combat.combatants as Iterable<TurnCombatantLike>) {
    if (!c.id || c.id === self.id || !c.actor) continue;
    out.push({ id: c.id, name: c.name ?? c.actor.name });
  }
  return out;
}

/**
 * Opens the maneuver dialog for the combatant (its owner only, checked now) and sends the
 * choice. False when refused or cancelled.
 */
export async function chooseManeuver(ref: CombatRef): Promise<boolean> {
  const t = turnsOf();
  const found = combatantOf(ref);
  const actor = found?.combatant.actor ?? null;
  if (!t || !found || !actor) return false;
  if (!userOwns(g().user, actor)) {
    warn("BLOWBYBLOW.Combat.Error.notOwnerManeuver", { name: actor.name });
    return false;
  }
  const fighter = fighterSnapshot(actor);
  const block = t.fight.read(fighter);
  const choice = await ManeuverDialog.prompt({
    name: found.combatant.name ?? actor.name,
    options: t.turns.maneuvers.list(worldOptions(t.fr.id), block),
    weapons: t.turns.maneuvers.weapons(fighter),
    postures: t.turns.maneuvers.postures,
    foes: foesOf(found.combat, found.combatant),
    current: block ? t.turns.maneuvers.view(block) : null,
  });
  if (!choice) return false;
  return sendManeuver(ref, choice);
}

/**
 * Whether `user`'s client prompts for the actor's maneuver: an owner who is a player, or the
 * active GM when no player who owns the actor is connected.
 */
export function promptsFor(
  user: UserLike & { isSelf?: boolean },
  actor: ActorLike,
  users: Iterable<UserLike>,
  activeGMId: string | null,
): boolean {
  if (!user.isGM) return userOwns(user, actor);
  if (user.id !== activeGMId) return false;
  for (const u of users) if (!u.isGM && u.active && userOwns(u, actor)) return false;
  return true;
}

/**
 * The `updateCombatant` hook (every client): when the GM's client marks the current combatant's
 * turn started this round and left him a maneuver, his owner's client opens the dialog.
 */
export function promptOnTurnStart(
  combatant: TurnCombatantLike & { parent?: unknown },
  changes: Obj,
): void {
  const own = (changes.flags as Obj | undefined)?.["blow-by-blow"] as Obj | undefined;
  const t = turnsOf();
  if (!own?.turnEvents || !t) return;
  // A ruleset with no maneuvers (the zone-die routine) asks for none.
  if (t.turns.maneuvers.list(worldOptions(t.fr.id)).length === 0) return;
  const combat = combatant.parent as
    | (TurnCombatLike & { combatant?: { id: string | null } | null; started?: boolean })
    | undefined;
  if (!combat?.started || combat.combatant?.id !== combatant.id || !combatant.id || !combat.id)
    return;
  const marks = turnMarks(combatant.flags);
  if (marks.turnStart !== combat.round || marks.turnEnd === combat.round || marks.actionless)
    return;
  const actor = combatant.actor;
  if (!actor) return;
  const users = g().users;
  if (!promptsFor(g().user, actor, users, users.activeGM?.id ?? null)) return;
  void chooseManeuver({ combatId: combat.id, combatantId: combatant.id }).catch((err: unknown) =>
    console.error("Blow by Blow |", err),
  );
}

/** Registers the maneuver prompt at the start of a turn (call in the `init` hook). */
export function registerManeuverPrompt(): void {
  Hooks.on("updateCombatant", (combatant, changes) => {
    promptOnTurnStart(combatant as unknown as TurnCombatantLike, changes as Obj);
  });
}
