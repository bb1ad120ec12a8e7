/// <reference types="vite/client" />
/**
 * The workbench's GURPS Man to Man fight (issue 17): the two sample fighters as the pack's actor
 * documents (packs/_source/m2m-sample-fighters, by id), snapshot with the m2m derivation as
 * `cli fight` takes them; the attacks (each ready hand weapon's modes, as the duel derives them),
 * the locations to aim at and the defender's defences offered; one exchange built and resolved
 * by `m2mFightExchange` (src/cli/m2m-fight.ts) with the dice of the seed, so the page's result
 * is `cli fight --seed` on the same choices; the exact odds of that exchange (`oddsInput`, what
 * `cli odds` runs on the exchange's input); N duels by `runM2mDuels` in the worker.
 */
import type { FighterSnapshot } from "../../core/combat";
import { DUEL_COUNT_RANGE, SEED_RANGE } from "../../core/bounds";
import { fighterFromSource } from "../../foundry/combat/source-fighter";
import { foundryRuleset } from "../../foundry/rulesets";
import { SAMPLE_FIGHTERS } from "../../foundry/rulesets/m2m/sample-fighters";
import type { M2mWeaponBlock } from "../../foundry/rulesets/m2m/item-data";
import {
  m2mDefenceChoices,
  m2mFightExchange,
  type M2mDefenceChoice,
  type M2mFightFlags,
  type M2mFightOutcome,
} from "../../cli/m2m-fight";
import { aimPenalty } from "../../rules/m2m/location";
import { oddsInput } from "../../rules/m2m/odds";
import { HIT_LOCATIONS, type HitLocation } from "../../rules/m2m/types";
import type { SideKey } from "../../sim/duel";
import {
  M2M_SEVERITIES,
  m2mDuelFighter,
  m2mLocationName,
  type M2mDuelAttack,
  type M2mDuelFighter,
} from "../../sim/m2m-duel";
import { startDuels } from "../duels";
import { el, format, K, localize, wholeIn } from "../page";

type ActorDocument = { _id: string; name: string } & Record<string, unknown>;

const packFiles = import.meta.glob("../../../packs/_source/m2m-sample-fighters/*.json", {
  import: "default",
  eager: true,
}) as Record<string, ActorDocument>;

/** The pack's actor documents by id. */
const DOCUMENTS = new Map(Object.values(packFiles).map((d) => [d._id, d]));

/** A sample fighter's actor document (the pack's), by the sample's id. */
export function actorDocument(id: string): ActorDocument {
  const doc = DOCUMENTS.get(id);
  if (!doc) throw new Error(`no actor ${id} in packs/_source/m2m-sample-fighters`);
  return doc;
}

const M2M = foundryRuleset("m2m")!;

/** The snapshot of a side's fighter: the picked sample's actor document, m2m derivation. */
export function snapshotOf(index: number): FighterSnapshot {
  return fighterFromSource(actorDocument(SAMPLE_FIGHTERS[index]!.id), [], M2M);
}

/** The two fighters picked, their snapshots and the duel's figures. */
export interface M2mSides {
  snap: Record<SideKey, FighterSnapshot>;
  duel: Record<SideKey, M2mDuelFighter>;
}

/**
 * The two picked fighters; two of the same name are told apart ("Rogan the Reaver (1)") as the
 * HM3 page does, in the exchange, the odds and the duels.
 */
export function sides(a: number, b: number): M2mSides {
  const snap = { a: snapshotOf(a), b: snapshotOf(b) };
  if (snap.a.name === snap.b.name)
    for (const [side, n] of [
      ["a", 1],
      ["b", 2],
    ] as const)
      snap[side] = { ...snap[side], name: format(K.sameName, { name: snap[side].name, n }) };
  return { snap, duel: { a: m2mDuelFighter(snap.a), b: m2mDuelFighter(snap.b) } };
}

/** An attack option's value in the attack selector: `<item id>|<technique>:<attack>`. */
export const attackValue = (x: M2mDuelAttack) => `${x.weaponId}|${x.mode}`;

/** The attack the selector names (the first, the duel's best, when it names none). */
export function chosenAttack(s: M2mSides, value: string): M2mDuelAttack {
  const attacks = s.duel.a.attacks;
  return attacks.find((x) => attackValue(x) === value) ?? attacks[0]!;
}

/** The mode's damage base (`sw`, `thr`) in the item's block. */
export function modeBase(f: FighterSnapshot, x: M2mDuelAttack): "sw" | "thr" | null {
  const item = f.items.find((i) => i.id === x.weaponId);
  const block = (item?.system as { m2m?: M2mWeaponBlock } | undefined)?.m2m;
  const mode = block?.modes.find((m) => `${m.technique}:${m.attack}` === x.mode);
  return mode?.base ?? null;
}

/** The locations the attack may aim at, with their penalty (L2450–2474); `random` first. */
export function aimOptions(
  s: M2mSides,
  x: M2mDuelAttack,
): { id: HitLocation | "random"; penalty: number }[] {
  const shield = s.duel.b.block !== null;
  const out: { id: HitLocation | "random"; penalty: number }[] = [{ id: "random", penalty: 0 }];
  for (const l of HIT_LOCATIONS) {
    try {
      out.push({ id: l, penalty: aimPenalty(l, { shield, type: x.type }) });
    } catch {
      // Not a location this damage type may aim at (face and vitals: impaling, L2458).
    }
  }
  return out;
}

/** A defence's value in the defence selector: `<type>|<weapon id>`. */
export const defenceValue = (c: M2mDefenceChoice) => `${c.type}|${c.weapon?.id ?? ""}`;

/** The defences of the defender against the attack, allowed or not. */
export function defenceChoices(s: M2mSides, x: M2mDuelAttack): M2mDefenceChoice[] {
  return m2mDefenceChoices(s.snap.b, x.flail ? "flail" : "melee");
}

/** The flags of `cli fight` for the page's choices. */
export function flagsOf(x: M2mDuelAttack, location: string, defence: string): M2mFightFlags {
  const [type, weapon] = defence.split("|");
  return {
    weapon: x.weaponId,
    mode: x.mode,
    location,
    defence: {
      type: type as NonNullable<M2mFightFlags["defence"]>["type"],
      ...(weapon ? { weapon } : {}),
    },
  };
}

/** One exchange, A attacking B, with the dice of `seed`: `cli fight`'s. */
export function exchange(s: M2mSides, seed: number, flags: M2mFightFlags): M2mFightOutcome {
  return m2mFightExchange(s.snap.a, s.snap.b, seed, flags);
}

/** The exact odds of the exchange (`cli odds` on the exchange's input). */
export function oddsOf(outcome: M2mFightOutcome) {
  return oddsInput(outcome.input).odds;
}

export function seedNow(): number {
  return wholeIn(el<HTMLInputElement>("wb-seed"), localize(K.seed), SEED_RANGE);
}

/** N duels between the two fighters with the dice of the seed, in the worker. */
export function runM2mMany(s: M2mSides): void {
  const n = wholeIn(el<HTMLInputElement>("wb-n"), localize(K.count), DUEL_COUNT_RANGE);
  const seed = seedNow();
  const a = { ...s.duel.a, name: s.snap.a.name };
  const b = { ...s.duel.b, name: s.snap.b.name };
  const name = m2mLocationName(localize);
  startDuels(
    { ruleset: "m2m", a, b, n, seed },
    { a: a.name, b: b.name },
    { severities: M2M_SEVERITIES, locationNames: { a: name, b: name } },
  );
}
