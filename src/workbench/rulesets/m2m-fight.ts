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
import type { M2mMissileBlock, M2mWeaponBlock } from "../../foundry/rulesets/m2m/item-data";
import {
  m2mDefenceChoices,
  m2mFightExchange,
  type M2mDefenceChoice,
  type M2mFightFlags,
  type M2mFightOutcome,
} from "../../cli/m2m-fight";
import type { AttackKind } from "../../rules/m2m/defence";
import { aimPenalty } from "../../rules/m2m/location";
import { oddsInput } from "../../rules/m2m/odds";
import {
  HIT_LOCATIONS,
  type DamageExpr,
  type DamageType,
  type HitLocation,
} from "../../rules/m2m/types";
import type { M2mActorDerived } from "../../foundry/rulesets/m2m/character-input";
import { rangedAttack } from "../../foundry/rulesets/m2m/item-convert";
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

/**
 * The snapshot of a side's fighter: the picked sample's actor document, m2m derivation; with
 * `equip`, that carried item (a ranged weapon) equipped, as `cli fight` is given it.
 */
export function snapshotOf(index: number, equip?: string): FighterSnapshot {
  const doc = actorDocument(SAMPLE_FIGHTERS[index]!.id);
  if (!equip) return fighterFromSource(doc, [], M2M);
  const items = (doc.items as { _id: string; system: Record<string, unknown> }[]).map((i) =>
    i._id === equip ? { ...i, system: { ...i.system, equipped: true } } : i,
  );
  return fighterFromSource({ ...doc, items }, [], M2M);
}

/** The two fighters picked, their snapshots and the duel's figures. */
export interface M2mSides {
  snap: Record<SideKey, FighterSnapshot>;
  duel: Record<SideKey, M2mDuelFighter>;
  /** The attacker's snapshot with each of his ranged weapons equipped, by item id. */
  armed: Map<string, FighterSnapshot>;
  /** Every attack the page offers A: his hand weapons' modes (best first), then his ranged weapons. */
  attacks: PageAttack[];
  /**
   * Each side whose best weapon is a missile weapon (its skill above every hand weapon's): that
   * shot, and his snapshot with the weapon equipped (Next turn's shooters).
   */
  shooters: Partial<Record<SideKey, { attack: PageAttack; snap: FighterSnapshot }>>;
}

/** The side's best attack when it is a shot (its skill above every hand weapon mode's). */
function bestShot(attacks: PageAttack[]): PageAttack | null {
  let best: PageAttack | null = null;
  for (const x of attacks) if (!best || x.skill > best.skill) best = x;
  return best?.ranged ? best : null;
}

/** An attack the page offers: a hand weapon's mode, or a ranged weapon's shot. */
export interface PageAttack {
  /** The attack selector's value: `<item id>|<technique>:<attack>`, `<item id>|ranged`. */
  value: string;
  weaponId: string;
  /** The item's name. */
  weapon: string;
  /** `<technique>:<attack>`, or `ranged`. */
  mode: string;
  ranged: boolean;
  kind: AttackKind;
  base: "sw" | "thr" | null;
  damage: DamageExpr;
  type: DamageType;
  skill: number;
}

/** The attacks the page offers (see `M2mSides.attacks`). */
function pageAttacks(
  index: number,
  snap: FighterSnapshot,
  duel: M2mDuelFighter,
  armed: M2mSides["armed"],
): PageAttack[] {
  const out: PageAttack[] = duel.attacks.map((x) => ({
    value: `${x.weaponId}|${x.mode}`,
    weaponId: x.weaponId,
    weapon: x.weapon,
    mode: x.mode,
    ranged: false,
    kind: x.flail ? "flail" : "melee",
    base: modeBase(snap, x),
    damage: x.damage,
    type: x.type,
    skill: x.skill,
  }));
  for (const item of snap.items) {
    if (item.type !== "missile") continue;
    const block = (item.system as { m2m?: M2mMissileBlock }).m2m;
    if (!block) continue;
    const equipped = snapshotOf(index, item.id);
    const c = (equipped.derived as M2mActorDerived).character;
    const shot = rangedAttack(block, c.attributes.st).attack;
    const level = c.skills[block.skill]?.effective.value;
    if (!shot?.damage || level === undefined) continue;
    armed.set(item.id, { ...equipped, name: snap.name });
    out.push({
      value: `${item.id}|ranged`,
      weaponId: item.id,
      weapon: item.name,
      mode: "ranged",
      ranged: true,
      kind: block.kind,
      base: null,
      damage: shot.damage,
      type: shot.type,
      skill: level,
    });
  }
  return out;
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
  const duel = { a: m2mDuelFighter(snap.a), b: m2mDuelFighter(snap.b) };
  const armed: M2mSides["armed"] = new Map();
  const attacks = pageAttacks(a, snap.a, duel.a, armed);
  const armedB: M2mSides["armed"] = new Map();
  const attacksB = pageAttacks(b, snap.b, duel.b, armedB);
  const shooters: M2mSides["shooters"] = {};
  for (const [side, list, map] of [
    ["a", attacks, armed],
    ["b", attacksB, armedB],
  ] as const) {
    const x = bestShot(list);
    if (x) shooters[side] = { attack: x, snap: map.get(x.weaponId)! };
  }
  return { snap, duel, armed, attacks, shooters };
}

/** The attack the selector names (the first, the duel's best, when it names none). */
export function chosenAttack(s: M2mSides, value: string): PageAttack {
  return s.attacks.find((x) => x.value === value) ?? s.attacks[0]!;
}

/** The attacker's snapshot for the attack (his ranged weapon equipped for a shot). */
export const attackerFor = (s: M2mSides, x: PageAttack): FighterSnapshot =>
  x.ranged ? s.armed.get(x.weaponId)! : s.snap.a;

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
  x: PageAttack,
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
export function defenceChoices(s: M2mSides, x: PageAttack): M2mDefenceChoice[] {
  return m2mDefenceChoices(s.snap.b, x.kind);
}

/** What the page adds to an attack: the situational modifier, a shot's range and aim. */
export interface PageExtras {
  modifier: number;
  range?: number;
  aim?: number;
}

/** The flags of `cli fight` for the page's choices. */
export function flagsOf(
  x: PageAttack,
  location: string,
  defence: string,
  extras: PageExtras = { modifier: 0 },
): M2mFightFlags {
  const [type, weapon] = defence.split("|");
  return {
    weapon: x.weaponId,
    ...(x.ranged ? { range: extras.range, aim: extras.aim ?? 0 } : { mode: x.mode }),
    location,
    ...(extras.modifier ? { modifier: extras.modifier } : {}),
    defence: {
      type: type as NonNullable<M2mFightFlags["defence"]>["type"],
      ...(weapon ? { weapon } : {}),
    },
  };
}

/** One exchange, A attacking B, with the dice of `seed`: `cli fight`'s. */
export function exchange(
  s: M2mSides,
  x: PageAttack,
  seed: number,
  flags: M2mFightFlags,
): M2mFightOutcome {
  return m2mFightExchange(attackerFor(s, x), s.snap.b, seed, flags);
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
