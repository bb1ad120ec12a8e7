/**
 * Applying an exchange's effects (`Effect`, src/core/ruleset.ts) to the actors, generically:
 * the adapter never reads a ruleset's own types; what an effect becomes on a document is the
 * ruleset's `CombatRules` (src/core/combat.ts).
 *
 * - injury → an `injury` Item on the victim, made by `combat.injuryItem` (name localised from
 *   its key and data);
 * - condition → the victim's status effect (`toggleStatusEffect(id, {active: true})`; `dead`
 *   as the overlay); a condition the ruleset counts as incapacitating also marks the victim's
 *   combatant in the current combat defeated;
 * - weaponDamaged → the item the side fought with in this exchange (the attack's item, or the
 *   item of that side's latest choice) updated with `combat.weaponDamage`;
 * - tacticalAdvantage → nothing here: the card's button claims it (tracker);
 * - tally → the victim's actor updated with `combat.tally` (read from the actor as it is now:
 *   HârnMaster Gold, an object's damage toward its Damage Factor);
 * - state → the side's ruleset state block written to its actor through the ruleset's fight
 *   store (`FoundryRuleset.fight`: the block and what the sheet shows of it, GURPS HP) when the
 *   actor's block is still at the revision the exchange was based on (`basedOn`); else the
 *   plan lists it as stale and the caller refuses the whole apply (declare again). The side's
 *   status effects then mirror the block's held conditions: each held one set, each the block
 *   held before and holds no more unset (statuses the fight never set are left alone).
 *
 * Every document operation is planned first (`planEffects`, pure) from snapshots of the
 * victims; the caller marks the card applied, then runs them (`runOperations`), so a second
 * click is refused and a planning error changes nothing.
 */
import type { CombatRules, FighterSnapshot } from "../../core/combat";
import type { ExchangeCard } from "../../core/flow";
import type { ConditionId, Effect, Side } from "../../core/ruleset";
import type { RulesetFightStore } from "../rulesets/contract";

type Obj = Record<string, unknown>;

/** One side as the planner sees it. */
export interface SideTarget {
  /** The actor to change (a token's synthetic actor for an unlinked token). */
  actorUuid: string;
  snapshot: FighterSnapshot;
  /** The item the side fought with in this exchange, if any. */
  itemId: string | null;
  /** Its combatant in the current combat, if any. */
  combatantId: string | null;
}

export type Operation =
  | {
      op: "createItem";
      side: Side;
      actorUuid: string;
      data: { type: "injury"; name: string; system: Obj };
    }
  | {
      op: "status";
      side: Side;
      actorUuid: string;
      condition: ConditionId;
      overlay: boolean;
      /** Set (absent: true) or unset. */
      active?: boolean;
    }
  | { op: "updateActor"; side: Side; actorUuid: string; changes: Obj }
  | { op: "defeat"; side: Side; combatantId: string }
  | { op: "updateItem"; side: Side; actorUuid: string; itemId: string; changes: Obj };

export interface Plan {
  operations: Operation[];
  /** Effects that change nothing here, by index, with why (localisation-free, for the log). */
  skipped: { effect: number; reason: string }[];
  /**
   * State effects whose side's block moved on since the exchange was declared (its revision is
   * no longer `basedOn`): the whole apply must be refused.
   */
  stale: { side: Side; basedOn: number; revision: number }[];
}

/** The side struck by an effect. */
const SIDES: readonly Side[] = ["attacker", "defender"];

/**
 * The item each side fought with: the attack's item (`context.request.itemId`) for the
 * attacker; for a side that chose with an item (a Block's shield, a counterstrike's weapon),
 * its latest such choice's item.
 */
export function sideItems(card: ExchangeCard): Record<Side, string | null> {
  const items: Record<Side, string | null> = { attacker: null, defender: null };
  const request = card.context?.request as { itemId?: unknown } | undefined;
  if (typeof request?.itemId === "string") items.attacker = request.itemId;
  for (const choice of card.choices ?? []) {
    const itemId = (choice.request as { itemId?: unknown } | null)?.itemId;
    if (SIDES.includes(choice.by) && typeof itemId === "string" && itemId)
      items[choice.by] = itemId;
  }
  return items;
}

/**
 * Plans the document operations for `effects`. `sides`: each side's target (null: its actor
 * is gone, so its effects are skipped). `localize` formats the injury item's name key.
 */
export function planEffects(
  effects: readonly Effect[],
  sides: Readonly<Record<Side, SideTarget | null>>,
  combat: CombatRules,
  localize: (key: string, data: Record<string, string>) => string,
  store?: RulesetFightStore,
): Plan {
  const operations: Operation[] = [];
  const skipped: Plan["skipped"] = [];
  const stale: Plan["stale"] = [];
  /** Statuses a block no longer holds: unset at the end unless an effect set them. */
  const unsets: Extract<Operation, { op: "status" }>[] = [];
  const statuses = new Set<string>();
  const defeated = new Set<Side>();
  const incapacitating = new Set<string>(combat.incapacitating);

  effects.forEach((effect, index) => {
    const side = effect.to;
    const target = SIDES.includes(side) ? sides[side] : null;
    if (effect.type === "tacticalAdvantage") {
      skipped.push({ effect: index, reason: "claimed from the card" });
      return;
    }
    if (!target) {
      skipped.push({ effect: index, reason: `the ${String(side)}'s actor is gone` });
      return;
    }
    switch (effect.type) {
      case "injury": {
        const item = combat.injuryItem(effect, target.snapshot);
        if (!item) {
          skipped.push({ effect: index, reason: "the ruleset keeps the wound in its state block" });
          return;
        }
        operations.push({
          op: "createItem",
          side,
          actorUuid: target.actorUuid,
          data: {
            type: "injury",
            name: localize(item.nameKey, item.nameData),
            system: item.system,
          },
        });
        return;
      }
      case "condition": {
        const key = `${side}:${effect.condition}`;
        if (statuses.has(key)) {
          skipped.push({ effect: index, reason: "the same condition is already set" });
        } else {
          statuses.add(key);
          operations.push({
            op: "status",
            side,
            actorUuid: target.actorUuid,
            condition: effect.condition,
            overlay: effect.condition === "dead",
          });
        }
        if (incapacitating.has(effect.condition) && target.combatantId && !defeated.has(side)) {
          defeated.add(side);
          operations.push({ op: "defeat", side, combatantId: target.combatantId });
        }
        return;
      }
      case "weaponDamaged": {
        const item = target.snapshot.items.find((i) => i.id === target.itemId);
        if (!item) {
          skipped.push({ effect: index, reason: `the ${side}'s item is not on the actor` });
          return;
        }
        const changes = combat.weaponDamage(effect, item);
        if (Object.keys(changes).length === 0) {
          skipped.push({ effect: index, reason: "the item does not change" });
          return;
        }
        operations.push({
          op: "updateItem",
          side,
          actorUuid: target.actorUuid,
          itemId: item.id,
          changes,
        });
        return;
      }
      case "tally": {
        // A running total on the victim's actor (an object's damage), added to as it is now.
        const changes = combat.tally?.(effect, target.snapshot) ?? {};
        if (Object.keys(changes).length === 0) {
          skipped.push({ effect: index, reason: "the actor does not change" });
          return;
        }
        operations.push({ op: "updateActor", side, actorUuid: target.actorUuid, changes });
        return;
      }
      case "state": {
        if (!store) {
          skipped.push({ effect: index, reason: "the ruleset keeps no state block" });
          return;
        }
        // No block stored yet: the declaration carried a fresh (seeded) one, revision 0.
        const now = store.read(target.snapshot);
        const revision = now?.revision ?? 0;
        if (revision !== effect.basedOn) {
          stale.push({ side, basedOn: effect.basedOn, revision });
          return;
        }
        operations.push({
          op: "updateActor",
          side,
          actorUuid: target.actorUuid,
          changes: store.write(effect.block),
        });
        const held = new Set<string>(store.conditions(effect.block));
        const before = now ? store.conditions(now) : [];
        const on = new Set(target.snapshot.conditions);
        for (const condition of held) {
          const key = `${side}:${condition}`;
          if (statuses.has(key) || on.has(condition)) continue;
          statuses.add(key);
          operations.push({
            op: "status",
            side,
            actorUuid: target.actorUuid,
            condition: condition as ConditionId,
            overlay: condition === "dead",
          });
        }
        for (const condition of before) {
          if (held.has(condition) || !on.has(condition)) continue;
          unsets.push({
            op: "status",
            side,
            actorUuid: target.actorUuid,
            condition,
            overlay: false,
            active: false,
          });
        }
        return;
      }
    }
  });
  for (const u of unsets) if (!statuses.has(`${u.side}:${u.condition}`)) operations.push(u);
  return { operations, skipped, stale };
}

/** The documents `runOperations` changes, found by the caller. */
export interface OperationTargets {
  actor(uuid: string): Promise<{
    createEmbeddedDocuments?(name: "Item", data: Obj[]): Promise<unknown>;
    update?(changes: Obj): Promise<unknown>;
    toggleStatusEffect?(
      id: string,
      options?: { active?: boolean; overlay?: boolean },
    ): Promise<unknown>;
    items: { get?(id: string): { update?(changes: Obj): Promise<unknown> } | undefined };
  } | null>;
  combatant(id: string): { update(changes: Obj): Promise<unknown> } | null | undefined;
}

/** Runs the planned operations one by one; returns those that failed, with the error. */
export async function runOperations(
  operations: readonly Operation[],
  targets: OperationTargets,
): Promise<{ operation: Operation; error: string }[]> {
  const failed: { operation: Operation; error: string }[] = [];
  for (const operation of operations) {
    try {
      switch (operation.op) {
        case "createItem": {
          const actor = await targets.actor(operation.actorUuid);
          if (!actor?.createEmbeddedDocuments) throw new Error("actor not found");
          await actor.createEmbeddedDocuments("Item", [operation.data]);
          break;
        }
        case "status": {
          const actor = await targets.actor(operation.actorUuid);
          if (!actor?.toggleStatusEffect) throw new Error("actor not found");
          await actor.toggleStatusEffect(operation.condition, {
            active: operation.active ?? true,
            ...(operation.overlay ? { overlay: true } : {}),
          });
          break;
        }
        case "updateActor": {
          const actor = await targets.actor(operation.actorUuid);
          if (!actor?.update) throw new Error("actor not found");
          await actor.update(operation.changes);
          break;
        }
        case "defeat": {
          const combatant = targets.combatant(operation.combatantId);
          if (!combatant) throw new Error("combatant not found");
          await combatant.update({ defeated: true });
          break;
        }
        case "updateItem": {
          const actor = await targets.actor(operation.actorUuid);
          const item = actor?.items.get?.(operation.itemId);
          if (!item?.update) throw new Error("item not found");
          await item.update(operation.changes);
          break;
        }
      }
    } catch (err) {
      failed.push({ operation, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return failed;
}
