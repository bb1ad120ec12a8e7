/**
 * HârnMaster 3 combat: the attacks a fighter can make, their targets and the declaration the
 * engine takes (seed 003 lines 54, 175-181, 208-215, 279-295; rulings R16, R31-R33).
 */
import type { ExchangeFight } from "../../core/combat";
import { advantageAttackKey, pairedCarried } from "./gold/paired-carry";
import { objectAttackKey, objectAttackReason, objectFighter } from "./gold/paired-object-combat";
import { carriedAttackRows } from "./gold/carry";
import { chargeFields } from "./gold/armour-charge";
import { carriedTangles, carriedTangleTarget } from "./gold/carry-combat";
import type {
  AttackOption,
  AttackRequest,
  DeclarationBuild,
  FighterSnapshot,
} from "../../core/combat";
import { InputError } from "../../core/errors";
import { type Target } from "../../core/modifiers";
import type { Hm3Derived } from "./character-types";
import { meleeEml, missileEml } from "./eml";
import { DEFAULT_OPTIONS, type Hm3Options } from "./exchange";
import {
  emlAttackFields,
  emlAttackTarget,
  emlWeaponOf,
  ridingMlOf,
  type EmlAttackContext,
} from "./gold/eml-dialog";
import { aimAtFromRows, aimedPreview, type RowAim } from "./gold/aim-catalog";
import { aimColumn } from "./gold/aim-locate";
import {
  pairedDeclaration,
  pairedTangle,
  pairedAttackTarget,
  pairedDoubleStrike,
} from "./gold/paired-combat";
import { impactAttack, impactFighter } from "./gold/impact-combat";
import { rollsDeclaration, rollsTarget } from "./gold/rolls-combat";
import { goldFighterArmour, goldStrikeFields } from "./gold/armour-combat";
import { attackReachKey, reachReason, reachRules } from "./gold/turns-reach-combat";
import { distanceHexes } from "./hexes";
import {
  AIM_ZONES,
  ASPECTS,
  RANGE_BANDS,
  type AimZone,
  type Aspect,
  type RangeBand,
} from "./tables";
import { HM3_COMBAT_KEYS } from "./combat-labels";
import {
  view,
  itemSystem,
  wqField,
  unavailable,
  blockers,
  aimsAt,
  modesOf,
  itemised,
  rollsFighter,
  type Hm3View,
} from "./combat-view";
import { readAttackRequest, readOptions } from "./combat-read";

// ── Attacks ──────────────────────────────────────────────────────────────────────────────────

/**
 * The attacks a fighter's items allow, in item order (see `CombatRules.attackOptions`); with
 * `at` (the distance in the scene's units, converted to hexes by ruling R43, and the world's
 * options) a melee weapon out of HârnMaster Gold reach is unavailable (gold/turns-reach-combat.ts).
 */
export function attackOptions(
  attacker: FighterSnapshot,
  defender: FighterSnapshot | null,
  at?: {
    distance: number | null;
    units?: string | null;
    options: Readonly<Record<string, boolean>>;
    fight?: ExchangeFight;
  },
): AttackOption[] {
  const a = view(attacker, "attacker");
  const aims = aimsAt(defender ? view(defender, "defender").plan : undefined);
  const out: AttackOption[] = [];
  for (const item of a.snapshot.items) {
    let option: AttackOption | null = null;
    if (item.type === "weapon") {
      const w = a.derived.weapons[item.id];
      // A weapon or shield with no aspect cannot strike (R26: aspects are those with an impact).
      if (!w || w.impacts.length === 0) continue;
      option = {
        itemId: item.id,
        name: item.name,
        kind: "melee",
        modes: modesOf(w),
        aims,
        bands: [],
      };
    } else if (item.type === "missile") {
      const m = a.derived.missiles[item.id];
      const aspect = itemSystem(item).hm3.aspect;
      if (!m || !(ASPECTS as readonly unknown[]).includes(aspect)) continue;
      const bands = m.bands.map((b) => ({
        id: b.band,
        labelKey: HM3_COMBAT_KEYS.band[b.band],
        range: b.range,
        impact: b.impact,
      }));
      option = {
        itemId: item.id,
        name: item.name,
        kind: "missile",
        // The missile's one aspect; its impact is the band's (Short shown here).
        modes: [
          {
            id: aspect as Aspect,
            labelKey: HM3_COMBAT_KEYS.aspect[aspect as Aspect],
            impact: bands[0]?.impact ?? 0,
          },
        ],
        aims,
        bands,
      };
    }
    if (!option) continue;
    const why =
      unavailable(item, a) ??
      (at
        ? (attackReachKey(
            attacker,
            item,
            option.kind,
            distanceHexes(at.distance, at.units),
            at.options,
          ) ?? objectAttackKey(defender, option.kind, at.options))
        : undefined) ??
      (at ? advantageAttackKey(at.options, at.fight, item) : null);
    if (why) option.unavailableKey = why;
    out.push(option);
  }
  return out;
}

/**
 * The first band (Short to Extreme) whose range (hexes, R37) reaches `distance`, in the scene's
 * `units` (ruling R43; absent: hexes); null beyond them all.
 */
export function bandFor(
  option: AttackOption,
  distance: number,
  units?: string | null,
): string | null {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0)
    throw new InputError("distance", distance, "expected a distance of 0 or more");
  const hexes = distanceHexes(distance, units)!;
  for (const b of option.bands) if (hexes <= b.range) return b.id;
  return null;
}

/** "50 ft (10 hexes)" or, in hexes, "10": a distance as a refusal names it. */
function distanceText(distance: number, units: string | null | undefined): string {
  const hexes = distanceHexes(distance, units);
  return units && hexes !== distance ? `${distance} ${units} (${hexes} hexes)` : `${distance}`;
}

/** An attack request checked against the attacker's options, with its target. */
interface ResolvedAttack {
  option: AttackOption;
  request: AttackRequest;
  aspect: Aspect;
  aim: AimZone;
  band: RangeBand | null;
  impact: number;
  target: Target;
  /** Aimed melee's rows (HârnMaster Gold, ruling G9), or null. */
  aimed: RowAim | null;
}

function resolveAttack(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  raw: AttackRequest,
  worldOptions: Readonly<Record<string, boolean>> = {},
): ResolvedAttack {
  const request = readAttackRequest(raw);
  const a = view(attacker, "attacker");
  const options = attackOptions(attacker, defender, {
    distance: request.situation.distance,
    units: request.situation.units ?? null,
    options: worldOptions,
  });
  const option = options.find((o) => o.itemId === request.itemId);
  if (!option)
    throw new InputError(
      "itemId",
      request.itemId,
      `not a weapon or missile this attacker can strike with (${options.map((o) => o.itemId).join(", ") || "none"})`,
    );
  if (option.unavailableKey) {
    const why =
      reachReason(option.unavailableKey) ??
      objectAttackReason(option.unavailableKey) ??
      (option.unavailableKey === HM3_COMBAT_KEYS.unavailable.broken
        ? "it is broken (WQ 0)"
        : option.unavailableKey === HM3_COMBAT_KEYS.unavailable.notEquipped
          ? "it is not equipped"
          : "it is in no hand");
    throw new InputError("itemId", request.itemId, `cannot attack with this item now: ${why}`);
  }
  const mode = option.modes.find((m) => m.id === request.mode);
  if (!mode)
    throw new InputError(
      "mode",
      request.mode,
      `expected one of ${option.modes.map((m) => m.id).join(", ")}`,
    );
  if (!option.aims.some((z) => z.id === request.aim))
    throw new InputError(
      "aim",
      request.aim,
      (AIM_ZONES as readonly string[]).includes(request.aim)
        ? `the defender cannot be struck in the ${request.aim} zone (ruling R16)`
        : `expected one of ${option.aims.map((z) => z.id).join(", ")}`,
    );
  const aspect = mode.id as Aspect;
  const { situation, custom } = request;
  const pp = a.derived.pp;
  // Aimed melee (ruling G9): the location roll's column is the target's, and Gold's Aiming Zone
  // penalty replaces HM3's (G3), so the HM3 aim adds no modifier.
  const plan = view(defender, "defender").plan;
  const aimed = aimAtFromRows(request.catalog ?? [], worldOptions, option.kind, plan);
  const aim = aimed ? aimColumn(plan, aimed.aimAt.location) : (request.aim as AimZone);

  if (option.kind === "melee") {
    if (request.band !== null)
      throw new InputError("band", request.band, "a melee attack has no range band");
    const w = a.derived.weapons[option.itemId]!;
    // Seed 003 lines 175-181. Outnumbered is the defender's (ruling R32), not the attacker's.
    const target = meleeEml({
      base: w.aml,
      baseKey: "aml",
      physicalPenalty: pp,
      ...(aimed ? {} : { aim }),
      proneOpponent: situation.defenderProne,
      custom,
    });
    return { option, request, aspect, aim, band: null, impact: mode.impact, target, aimed };
  }

  let band: RangeBand;
  if (request.band !== null) {
    if (!option.bands.some((b) => b.id === request.band))
      throw new InputError("band", request.band, `expected one of ${RANGE_BANDS.join(", ")}`);
    band = request.band as RangeBand;
  } else if (situation.distance === null) {
    throw new InputError(
      "band",
      null,
      "the distance to the target is unknown: choose a range band (ruling R33)",
    );
  } else {
    const found = bandFor(option, situation.distance, situation.units);
    if (!found) {
      const extreme = option.bands[option.bands.length - 1]?.range ?? 0;
      throw new InputError(
        "band",
        null,
        `the target at ${distanceText(situation.distance, situation.units)} is beyond extreme range (${extreme}): choose a band to shoot anyway`,
      );
    }
    band = found as RangeBand;
  }
  const m = a.derived.missiles[option.itemId]!;
  // Seed 003 lines 208-215: PP ×5, range (0/−20/−40/−80), aim.
  const target = missileEml({
    base: m.ml,
    baseKey: "aml",
    physicalPenalty: pp,
    range: band,
    aim,
    custom,
  });
  const impact = option.bands.find((b) => b.id === band)!.impact;
  return { option, request, aspect, aim, band, impact, target, aimed };
}

export function attackTarget(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
  options: Readonly<Record<string, boolean>> = DEFAULT_OPTIONS,
): Target {
  const r = resolveAttack(attacker, defender, request, options);
  // The dialog shows what the engine adds for a declared double strike (gold/paired-combat.ts).
  const eml = goldAttack(r, view(attacker, "attacker"), options).target;
  const impact = impactOf({ ...r, target: eml }, attacker, request, readOptions(options)).target;
  // The Gold rolls group's rows (disarm, sweep, tackle, unarmed style), as the engine adds them.
  const o = readOptions(options);
  const a = view(attacker, "attacker");
  const item = a.snapshot.items.find((i) => i.id === r.option.itemId)!;
  const rolls = rollsDeclaration(
    request.catalog,
    o,
    item,
    r.option.kind,
    rollsFighter(a),
    rollsFighter(view(defender, "defender")),
  );
  const rolled = rollsTarget(impact, { aim: r.aim, ...rolls.attack }, o, r.option.kind);
  const target = carriedTangleTarget(
    pairedAttackTarget(request, options, rolled),
    attacker,
    options,
  );
  // The aim's modifiers as the engine adds them from `attack.aimAt` (G8, G9).
  return r.aimed ? aimedPreview(target, r.aimed, view(defender, "defender").plan) : target;
}

/** The HârnMaster Gold EML rows of the request: attack fields and the target with them. */
function goldAttack(
  r: ResolvedAttack,
  a: Hm3View,
  options: Readonly<Record<string, boolean>>,
): { fields: Record<string, unknown>; target: Target } {
  const ctx: EmlAttackContext = {
    options,
    kind: r.option.kind,
    aspect: r.aspect,
    weapon: r.option.kind === "melee" ? emlWeaponOf(a.snapshot, a.derived, r.option.itemId) : null,
    ridingMl: ridingMlOf(a.snapshot, a.derived),
  };
  const rows = carriedAttackRows(r.request.catalog ?? [], a.snapshot.carried, {
    options,
    kind: r.option.kind,
    itemId: r.option.itemId,
  });
  const fields = emlAttackFields(rows, ctx);
  return { fields, target: emlAttackTarget(r.target, fields, ctx) };
}

/**
 * A double strike's off-hand attack with the strike recovery its own weapon carries (G76): a
 * weapon still recovering from its last strike takes its penalty on the second attack roll as
 * it would on the first. Only its recovery: a carried Dodge is spent by the primary attack
 * (G75), and the rows declared by hand are the primary attack's.
 */
function offHandRecovery(
  off: ResolvedAttack,
  a: Hm3View,
  options: Readonly<Record<string, boolean>>,
): Target {
  const rows = carriedAttackRows([], a.snapshot.carried, {
    options,
    kind: off.option.kind,
    itemId: off.option.itemId,
  }).filter((row) => row.id === "gold.recovering");
  if (rows.length === 0) return off.target;
  const ctx: EmlAttackContext = {
    options,
    kind: off.option.kind,
    aspect: off.aspect,
    weapon: emlWeaponOf(a.snapshot, a.derived, off.option.itemId),
    ridingMl: ridingMlOf(a.snapshot, a.derived),
  };
  return emlAttackTarget(off.target, emlAttackFields(rows, ctx), ctx);
}

/** The HârnMaster Gold impact group's decisions and weapon fields (gold/impact-combat.ts). */
function impactOf(
  r: ResolvedAttack,
  attacker: FighterSnapshot,
  raw: AttackRequest,
  options: Hm3Options,
): { fields: Record<string, unknown>; target: Target } {
  const a = view(attacker, "attacker");
  const item = a.snapshot.items.find((i) => i.id === r.option.itemId)!;
  const melee = r.option.kind === "melee" ? a.derived.weapons[item.id]! : null;
  return impactAttack(
    {
      kind: r.option.kind,
      item,
      attacker,
      ml: melee ? melee.ml : a.derived.missiles[item.id]!.ml,
      blunt: melee?.impacts.find((i) => i.aspect === "blunt")?.impact ?? null,
      catalog: (raw as { catalog?: unknown }).catalog,
      options,
    },
    r.target,
  );
}

/** A fighter as `parseDeclaration` reads it, from the derived figures (hm3.md §2). */
function fighterJson(v: Hm3View): Record<string, unknown> {
  const d = v.derived;
  const out: Record<string, unknown> = {
    endurance: d.endurance,
    up: d.up,
    dex: v.dex,
    agl: v.agl,
    pp: d.pp,
    armour: structuredArmour(d.armour),
  };
  if (d.flammable && Object.keys(d.flammable).length > 0) out.flammable = { ...d.flammable };
  if (v.plan) out.bodyPlan = v.plan;
  return out;
}

function structuredArmour(armour: Hm3Derived["armour"]): Record<string, Record<Aspect, number>> {
  const out: Record<string, Record<Aspect, number>> = {};
  for (const [loc, p] of Object.entries(armour)) out[loc] = { ...p };
  return out;
}

/**
 * What the defender has in hand, for the engine's defence list: Block is open when a ready
 * weapon or shield can block, Counterstrike when a ready item can strike (has an aspect).
 * `weapon`: a ready item that strikes, or a ready weapon that is no shield; `shield`: a ready
 * shield.
 */
function holdsOf(v: Hm3View): { weapon: boolean; shield: boolean } {
  const ready = blockers(v);
  return {
    weapon: ready.some((m) => m.derived.impacts.length > 0 || !m.shield),
    shield: ready.some((m) => m.shield),
  };
}

export function buildDeclaration(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
  fight?: ExchangeFight,
): DeclarationBuild {
  const r = resolveAttack(attacker, defender, request, options);
  const a = view(attacker, "attacker");
  const d = view(defender, "defender");
  const item = a.snapshot.items.find((i) => i.id === r.option.itemId)!;
  const gold = goldAttack(r, a, options);
  const worldOptions = readOptions(options);
  const impact = impactOf({ ...r, target: gold.target }, attacker, request, worldOptions);
  // An aim that brings the EML below 05 is refused here naming its row (G8, G9).
  if (r.aimed) aimedPreview(impact.target, r.aimed, d.plan);
  const attack: Record<string, unknown> = {
    type: r.option.kind,
    eml: itemised(impact.target),
    aspect: r.aspect,
    aim: r.aim,
    impact: r.impact,
    ...gold.fields,
    // Aimed melee (ruling G9): the engine adds its EML modifiers from `aimAt` (G8).
    ...(r.aimed ? { aimAt: { ...r.aimed.aimAt } } : {}),
  };
  // Ruling R31: the weapon's WQ for a Block's weapon damage roll; a blocked missile is not the
  // bow that shot it, so a missile attack carries none.
  // An item with no WQ (ruling R41) declares none either.
  if (r.option.kind === "melee") Object.assign(attack, wqField(item));
  Object.assign(attack, impact.fields);
  // HârnMaster Gold weapon damage modifiers: a mounted charge's bonus (gold/armour-charge.ts).
  Object.assign(attack, chargeFields(r.request.catalog ?? [], worldOptions, r.option.kind));
  // HârnMaster Gold armour group: cutting, the weapon's other aspects, six-column armour.
  if (r.option.kind === "melee")
    Object.assign(
      attack,
      goldStrikeFields(
        itemSystem(item).hm3,
        a.derived.weapons[item.id]?.impacts ?? [],
        r.aspect,
        worldOptions,
      ),
    );
  const attackerJson: Record<string, unknown> = {
    ...fighterJson(a),
    ...impactFighter(attacker, worldOptions, !!a.plan),
  };
  const defenderJson: Record<string, unknown> = {
    ...fighterJson(d),
    ...impactFighter(defender, worldOptions, !!d.plan),
  };
  attackerJson.armour = goldFighterArmour(
    attackerJson.armour as Record<string, unknown>,
    a.derived.goldArmour,
    worldOptions,
  );
  defenderJson.armour = goldFighterArmour(
    defenderJson.armour as Record<string, unknown>,
    d.derived.goldArmour,
    worldOptions,
  );
  // HârnMaster Gold brute force: an object defender's stored block (gold/paired-object-combat.ts).
  Object.assign(defenderJson, objectFighter(defender, options));
  // HârnMaster Gold carried tangle penalties (gold/carry-combat.ts).
  carriedTangles(
    { attacker: attackerJson, defender: defenderJson },
    { attacker, defender },
    options,
  );
  // HârnMaster Gold reaction roll: the "defender surprised" row (gold/paired-combat.ts).
  pairedDeclaration(r.request, options, attack, defenderJson, d.derived.initiative.ml);
  // Reaction Rolls carried across turns (gold/paired-carry.ts): a CF's, the attacker's after a TA.
  const carried = pairedCarried(
    options,
    fight,
    attack,
    defenderJson,
    d.derived.initiative.ml,
    item,
  );
  // HârnMaster Gold tangle & strike: the area's penalty and dice (gold/paired-combat.ts).
  pairedTangle(r.request, options, attack, item);
  // HârnMaster Gold double strike: the off-hand weapon as a second attack (gold/paired-combat.ts).
  const doubleItemId = pairedDoubleStrike(
    r.request,
    options,
    attack,
    blockers(a).map((m) => ({ item: m.item, impacts: m.derived.impacts })),
    (itemId, mode) => {
      const off = resolveAttack(attacker, defender, { ...r.request, itemId, mode, catalog: [] });
      const offItem = a.snapshot.items.find((i) => i.id === itemId)!;
      return { ...off, target: offHandRecovery(off, a, options), ...wqField(offItem) };
    },
  );
  const declaration = {
    attack,
    attacker: attackerJson,
    defender: defenderJson,
    options: worldOptions,
    defenderHolds: holdsOf(d),
  };
  // The Gold rolls group's rows and figures (gold/rolls-combat.ts).
  const rolls = rollsDeclaration(
    request.catalog,
    declaration.options,
    item,
    r.option.kind,
    rollsFighter(a),
    rollsFighter(d),
  );
  Object.assign(attack, rolls.attack);
  Object.assign(declaration.attacker, rolls.attacker);
  Object.assign(declaration.defender, rolls.defender);
  const rules: Record<string, unknown> = {
    attackType: r.option.kind,
    itemId: r.option.itemId,
    // The defender's outnumbered modifier (ruling R32) is taken from the attack's situation.
    engagingDefender: r.request.situation.engagingDefender,
    // HârnMaster Gold weapon reach: the distance and the attacker's reach, for the defences.
    // In hexes (ruling R43), as the defences read it.
    ...reachRules(
      attacker,
      item,
      r.option.kind,
      distanceHexes(r.request.situation.distance, r.request.situation.units),
      options,
    ),
    ...carried,
    // The double strike's off-hand weapon, recorded for strike recovery (ruling G76).
    ...(doubleItemId ? { doubleItemId } : {}),
  };
  if (r.option.kind === "missile") {
    const velocity = itemSystem(item).hm3.velocity;
    rules.velocity = velocity === "high" ? "high" : "low";
    rules.band = r.band;
  }
  return { declaration, rules };
}
