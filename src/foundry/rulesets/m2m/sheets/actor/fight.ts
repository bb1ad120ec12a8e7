/**
 * What the m2m actor sheet shows of the fight state block (`system.m2m.fight`, issue 17): the
 * maneuver chosen this turn or last (it governs his defences until his next, L1568, §6.8), his
 * posture, and each weapon not ready (§4.6: unready after a swing, sheathed, on the ground,
 * stuck, broken), named as on the sheet. Null outside a fight. Pure.
 */
import { tacticsNotes } from "../../tactics";
import { m2mManeuverView } from "../../turns";
import type { M2mActorContextInput, Tools } from "./shared";

/** The block as stored (JSON text) or as a prepared object; null when absent or unreadable. */
export function storedBlock(raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export interface FightView {
  maneuver: string;
  posture: string;
  unready: { name: string; why: string }[];
  /** What carries over: All-Out Attack's option, the aim, feints, concentration, what was lost. */
  tactics: string[];
}

export function fightContext(input: M2mActorContextInput, t: Tools): FightView | null {
  const block = storedBlock((input.system.m2m as { fight?: unknown }).fight);
  if (block === null) return null;
  let view;
  try {
    view = m2mManeuverView(block as never);
  } catch {
    // A block the flow refuses: the GM's client reports it when it next reads it.
    return null;
  }
  const name = (id: string) =>
    input.items.find((i) => i.id === id)?.name ??
    input.derived?.weapons.find((w) => w.id === id)?.name ??
    id;
  return {
    maneuver: t.localize(view.maneuverKey ?? "BLOWBYBLOW.Maneuver.none"),
    posture: t.localize(view.postureKey),
    unready: view.unready.map((u) => ({
      name: name(u.id),
      why: t.format(u.key, { turns: u.turns }),
    })),
    tactics: tacticsNotes(block as never).map((n) =>
      t.format(n.key, {
        ...n.data,
        ...(n.data.weapon ? { weapon: name(n.data.weapon) } : {}),
        ...(n.data.option ? { option: t.localize(n.data.option) } : {}),
        ...(n.data.why ? { why: t.localize(n.data.why) } : {}),
      }),
    ),
  };
}
