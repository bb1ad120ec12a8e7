/**
 * The zone-die routine (`hmzd`, seed 001) for the Foundry adapter's combat flow: the core's
 * `CombatRules` (core/combat.ts) over fighter snapshots, i.e. an actor's stored `system` (the
 * HM3 block for attributes, skills and armour; `system.hmzd` for the Shock EML, the shock state
 * and Setup), its derived figures (`HmzdDerived`, ./derive.ts) and its items' stored systems
 * (`system.hmzd`: a weapon's zone die and modes; `system.hm3`: its skill, AML and DML).
 *
 * The flow's three prompts: `defence` (Block, Dodge, Counterstrike, or the forced Ignore, Z3,
 * Z4), `spendStars` (the winner's tactical advantages, Z6) and `pickZone` (the Precision pick,
 * Z5). The attack dialog's aim is the placement (001:25): the zone value the zone die counts
 * from, limited so that placement + die − 1 stays on the victim's plan (hmzd.md §2).
 * Pure and deterministic; untrusted requests are refused with an `InputError` naming the field.
 *
 * Rulings: hmzd.md §8 Z2-Z8, Z11; docs/rulings.md Z30 (the EMLs are HM3's), Z31 (a spending
 * named by one button), Z32 (no Universal Penalty from injuries, ./derive.ts).
 */
import { distanceHexes } from "../../../rules/hm3/hexes";
import type {
  AttackOption,
  AttackRequest,
  CombatRules,
  DeclarationBuild,
  ExchangeFight,
  FighterSnapshot,
  InjuryItemData,
} from "../../../core/combat";
import { InputError, readObject } from "../../../core/errors";
import { type Target } from "../../../core/modifiers";
import type { ConditionId, Effect } from "../../../core/ruleset";
import { meleeEml, missileEml } from "../../../rules/hm3/eml";
import { RANGE_BANDS, type RangeBand } from "../../../rules/hm3/tables";
import { planLocationIds } from "../../../rules/hmzd/plan";
import { HUMAN_PLAN } from "../../../rules/hmzd/tables";
import { HMZD_ASPECTS, type HmzdAspect, type HmzdPlan } from "../../../rules/hmzd/types";
import { actionAvailable, setupLevels } from "../../../rules/hmzd/turn";
import {
  roundOf,
  blockData,
  aspectLetter,
  aspectOf,
  HMZD_COMBAT_KEYS,
  HMZD_TARGET_LABELS,
  HMZD_OPTIONAL_RULES,
  readAttackRequest,
  itemised,
  weaponJson,
} from "./combat-common";
import {
  isRecord,
  HmzdView,
  view,
  HmzdMode,
  weaponOf,
  unavailable,
  melee,
  modesView,
  placements,
  UNAIMED,
  AIMED_MISSILE_DIE,
  missileAims,
  itemAction,
  impaired,
  withImpairment,
} from "./combat-snapshot";
import { choiceOptions, buildChoice } from "./combat-choices";
export * from "./combat-common";
export * from "./combat-snapshot";
export * from "./combat-choices";

// ── Attacks ──────────────────────────────────────────────────────────────────────────────────

function attackOptions(
  attacker: FighterSnapshot,
  defender: FighterSnapshot | null,
): AttackOption[] {
  const a = view(attacker, "attacker");
  const zones = defender ? view(defender, "defender").zones : 10;
  const out: AttackOption[] = [];
  for (const item of a.snapshot.items) {
    let option: AttackOption | null = null;
    if (item.type === "weapon") {
      const m = melee(a).find((x) => x.item.id === item.id);
      if (!m || m.modes.length === 0) continue;
      option = {
        itemId: item.id,
        name: item.name,
        kind: "melee",
        modes: modesView(m.modes),
        aims: placements(zones, m.zoneDie),
        bands: [],
      };
      if (m.unavailableKey) option.unavailableKey = m.unavailableKey;
      else if (impaired(a, itemAction(item, "weapon")).forbidden)
        option.unavailableKey = HMZD_COMBAT_KEYS.unavailable.forbidden;
    } else if (item.type === "missile") {
      const derived = a.derived.missiles[item.id];
      const { modes } = weaponOf(item);
      if (!derived || modes.length === 0) continue;
      option = {
        itemId: item.id,
        name: item.name,
        kind: "missile",
        modes: modesView(modes),
        aims: missileAims(zones),
        // The band gives the range and the EML penalty; the impact is the mode's (Z12).
        bands: derived.bands.map((b) => ({
          id: b.band,
          labelKey: HMZD_COMBAT_KEYS.band[b.band],
          range: b.range,
          impact: modes[0]!.base,
        })),
      };
      const why = unavailable(item, a);
      if (why) option.unavailableKey = why;
    }
    if (option) out.push(option);
  }
  return out;
}

/**
 * The first band whose range (hexes) reaches `distance`, read in the scene's `units` (ruling
 * R43, as HM3 reads it; absent: hexes); null beyond them all.
 */
function bandFor(option: AttackOption, distance: number, units?: string | null): string | null {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0)
    throw new InputError("distance", distance, "expected a distance of 0 or more");
  const hexes = distanceHexes(distance, units)!;
  for (const b of option.bands) if (hexes <= b.range) return b.id;
  return null;
}

interface ResolvedAttack {
  option: AttackOption;
  request: AttackRequest;
  mode: HmzdMode;
  zoneDie: number;
  placement: number;
  aimed: boolean;
  band: RangeBand | null;
  target: Target;
}

function resolveAttack(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  raw: AttackRequest,
): ResolvedAttack {
  const request = readAttackRequest(raw);
  const a = view(attacker, "attacker");
  const options = attackOptions(attacker, defender);
  const option = options.find((o) => o.itemId === request.itemId);
  if (!option)
    throw new InputError(
      "itemId",
      request.itemId,
      `not a weapon or missile with zone-die modes this attacker can strike with (${options.map((o) => o.itemId).join(", ") || "none"})`,
    );
  if (option.unavailableKey)
    throw new InputError(
      "itemId",
      request.itemId,
      `cannot attack with this item now: ${option.unavailableKey === HMZD_COMBAT_KEYS.unavailable.notEquipped ? "it is not equipped" : option.unavailableKey === HMZD_COMBAT_KEYS.unavailable.forbidden ? "a grievous injury in a zone it uses forbids it (001:87, Z8)" : "it is in no hand"}`,
    );
  const item = a.snapshot.items.find((i) => i.id === option.itemId)!;
  const weapon = weaponOf(item);
  const index = option.modes.findIndex((m) => m.id === request.mode);
  if (index < 0)
    throw new InputError(
      "mode",
      request.mode,
      `expected one of ${option.modes.map((m) => m.id).join(", ")}`,
    );
  const mode = weapon.modes[index]!;
  if (!option.aims.some((z) => z.id === request.aim))
    throw new InputError(
      "aim",
      request.aim,
      `expected a placement the zone die keeps on the defender's plan: ${option.aims.map((z) => z.id).join(", ")} (hmzd.md §2)`,
    );
  const { situation, custom } = request;
  const pp = a.derived.pp;
  // Z8: the injuries in the zones the strike uses (the weapon's hand; a missile both hands).
  const imp = impaired(
    a,
    option.kind === "melee" ? itemAction(item, "weapon") : { kind: "weapon", hand: "both" },
  );
  if (imp.forbidden)
    throw new InputError(
      "itemId",
      request.itemId,
      "a grievous injury in a zone this strike uses forbids it (001:87, Z8)",
    );
  if (option.kind === "melee") {
    if (request.band !== null)
      throw new InputError("band", request.band, "a melee attack has no range band");
    const w = a.derived.weapons[option.itemId]!;
    // Z30: the attack EML is HM3's (seed 003 lines 175-181); placement costs nothing (001:25).
    const target = withImpairment(
      meleeEml({
        base: w.aml,
        baseKey: "aml",
        physicalPenalty: pp,
        proneOpponent: situation.defenderProne,
        custom,
      }),
      imp.mods,
    );
    return {
      option,
      request,
      mode,
      zoneDie: weapon.zoneDie,
      placement: Number(request.aim),
      aimed: true,
      band: null,
      target,
    };
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
      "the distance to the target is unknown: choose a range band",
    );
  } else {
    const found = bandFor(option, situation.distance, situation.units);
    if (!found)
      throw new InputError(
        "band",
        null,
        `the target at ${situation.distance} is beyond extreme range: choose a band to shoot anyway`,
      );
    band = found as RangeBand;
  }
  const m = a.derived.missiles[option.itemId]!;
  const target = withImpairment(
    missileEml({ base: m.ml, baseKey: "aml", physicalPenalty: pp, range: band, custom }),
    imp.mods,
  );
  const aimed = request.aim !== UNAIMED;
  return {
    option,
    request,
    mode,
    // Z4, Z18: unaimed, the target plan's whole body from placement 1 (d10 on a human); aimed,
    // d6 from the placement.
    zoneDie: aimed ? AIMED_MISSILE_DIE : view(defender, "defender").zones,
    placement: aimed ? Number(request.aim) : 1,
    aimed,
    band,
    target,
  };
}

function attackTarget(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
): Target {
  return resolveAttack(attacker, defender, request).target;
}

type Protection = Record<HmzdAspect, number>;

/**
 * The armour of the fighter by sided location id and aspect (Z13: the sums of the HM3 pieces
 * worn there, as the HM3 derivation adds them). Ruling Z30: the zone-die pelvis covers HM3's
 * groin and both hips, and takes the lowest of their values per aspect (a strike there may land
 * on any of them); every other human location is HM3's of the same id.
 */
export function armourJson(
  armour: Readonly<Record<string, Protection>>,
  plan: HmzdPlan = HUMAN_PLAN,
): Record<string, Protection> {
  const ids = new Set(planLocationIds(plan));
  const out: Record<string, Protection> = {};
  const pelvisParts: Protection[] = [];
  for (const [loc, p] of Object.entries(armour)) {
    const bare = loc.replace(/^(left|right)-/, "");
    const copy = { blunt: p.blunt, edge: p.edge, point: p.point, fire: p.fire };
    if (bare === "groin" || bare === "hip") pelvisParts.push(copy);
    else if (ids.has(loc)) out[loc] = copy;
  }
  if (pelvisParts.length > 0 && ids.has("pelvis"))
    out.pelvis = Object.fromEntries(
      HMZD_ASPECTS.map((a) => [a, Math.min(...pelvisParts.map((p) => p[a]))]),
    ) as Protection;
  return out;
}

/** A fighter as the engine's declaration reads it (the CLI contract of issue 18). */
function fighterJson(v: HmzdView, round: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    str: v.str,
    dex: v.dex,
    agl: v.agl,
    endurance: v.derived.endurance,
    shock: v.derived.hmzd.shock,
    state: v.derived.hmzd.state,
    // Z16: the Setups won last round raise this exchange's test; Z6: one Action a round.
    setup: setupLevels(blockData(v.block), round),
    actionTaken: !actionAvailable(blockData(v.block), round),
    armour: armourJson(v.derived.armour, v.enginePlan),
  };
  if (v.plan) out.bodyPlan = v.enginePlan;
  return out;
}

function readOptions(value: unknown): Record<string, boolean> {
  const o = readObject(value ?? {}, "options");
  const ids = HMZD_OPTIONAL_RULES.map((r) => r.id);
  const out: Record<string, boolean> = Object.fromEntries(
    HMZD_OPTIONAL_RULES.map((r) => [r.id, r.default]),
  );
  for (const [k, v] of Object.entries(o)) {
    if (!ids.includes(k)) continue;
    if (typeof v !== "boolean") throw new InputError(`options.${k}`, v, "expected true or false");
    out[k] = v;
  }
  return out;
}

function buildDeclaration(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
  fight?: ExchangeFight,
): DeclarationBuild {
  const round = roundOf(fight);
  const r = resolveAttack(attacker, defender, request);
  const a = view(attacker, "attacker");
  const d = view(defender, "defender");
  const declaration = {
    attack: {
      type: r.option.kind,
      eml: itemised(r.target),
      weapon: weaponJson(r.zoneDie, r.mode),
      ...(r.mode.name ? { mode: r.mode.name } : {}),
      placement: r.placement,
      // Z4: only a missile is aimed or not; a melee strike always counts from its placement.
      ...(r.option.kind === "missile" ? { aimed: r.aimed } : {}),
    },
    attacker: fighterJson(a, round),
    defender: fighterJson(d, round),
    options: readOptions(options),
    blocks: { attacker: a.block, defender: d.block },
    round,
  };
  const rules: Record<string, unknown> = {
    attackType: r.option.kind,
    itemId: r.option.itemId,
    engagingDefender: r.request.situation.engagingDefender,
    aimed: r.aimed,
  };
  if (r.band) rules.band = r.band;
  return { declaration, rules };
}

// ── Consequences ─────────────────────────────────────────────────────────────────────────────

const SEVERITIES = ["M", "S", "G"] as const;

/**
 * The injury item an hmzd injury effect makes (§4; the block of ./source.ts): severity, level,
 * aspect, zone, side, the location inside the zone, and whether its shock roll failed (an M
 * injury then impairs at once, Z8). The effect's `location` is sided (`left-shoulder`).
 */
function injuryItem(
  effect: Extract<Effect, { type: "injury" }>,
  victim: FighterSnapshot,
): InjuryItemData {
  const e = readObject(effect, "effect");
  if (e.type !== "injury") throw new InputError("type", e.type, "expected an injury effect");
  const severity = e.severityKey;
  if (!(SEVERITIES as readonly unknown[]).includes(severity))
    throw new InputError("severityKey", severity, `expected one of ${SEVERITIES.join(", ")}`);
  const level = e.level;
  if (typeof level !== "number" || !Number.isInteger(level) || level < 1 || level > 5)
    throw new InputError("level", level, "expected an injury level 1 to 5");
  view(victim, "victim");
  const location = e.location;
  if (typeof location !== "string" || location === "")
    throw new InputError("location", location, "expected the struck location's id");
  const data = isRecord(e.data) ? e.data : {};
  const aspect = typeof data.aspect === "string" ? aspectOf(data.aspect) : null;
  if (!aspect)
    throw new InputError("data.aspect", data.aspect, `expected one of ${HMZD_ASPECTS.join(", ")}`);
  const zone = data.zone;
  if (typeof zone !== "string" || zone === "")
    throw new InputError("data.zone", zone, "expected the struck zone's id");
  const sided = /^(left|right)-(.+)$/.exec(location);
  const side = sided ? (sided[1] as "left" | "right") : "none";
  const bare = sided ? sided[2]! : location;
  const code = `${severity as string}${level}${aspectLetter(aspect)!}`;
  // The engine's `data.key` names the injury in the block's `unhindered` (001:83): the item
  // keeps it as its side, location, severity and level, from which `injuryKeyOf` gives it back.
  const key = `${location}:${severity as string}${level}`;
  if (data.key !== undefined && data.key !== key)
    throw new InputError("data.key", data.key, `expected ${key} (its sided location and code)`);
  return {
    nameKey: HMZD_COMBAT_KEYS.injuryName,
    nameData: { location, code },
    system: {
      description: "",
      hmzd: {
        severity,
        level,
        aspect,
        zone,
        side,
        location: bare,
        // Its Shock test failed: an M injury impairs at once (001:83, Z8).
        shockFailed: data.shockSucceeded === false || data.shockFailed === true,
      },
    },
  };
}

/** The zone-die routine damages no weapon (the seed has no weapon damage roll). */
function weaponDamage(): Record<string, unknown> {
  return {};
}

/** Z11: HM3's Initiative EML order, highest first. */
function initiative(fighter: FighterSnapshot): number {
  return view(fighter, "fighter").derived.initiative.eml.value;
}

/**
 * UNC and KIA take a fighter out of the fight (§5; the turn hooks' `defeated`): marked defeated
 * in the tracker. INC is not (ruling Z36): he takes no action (his turn starts actionless) but
 * his turn must run, as his recovery test comes at its end (Z15); a skipped UNC fighter's time
 * passes at each round's end (./turns.ts), and he is defeated no more once he recovers to INC.
 */
export const HMZD_INCAPACITATING: readonly ConditionId[] = Object.freeze(["unconscious", "dead"]);

export const hmzdCombat: CombatRules = Object.freeze({
  optionalRules: HMZD_OPTIONAL_RULES,
  labels: HMZD_TARGET_LABELS,
  incapacitating: HMZD_INCAPACITATING,
  // The scene's units, for distances in hexes (ruling R43).
  situation: Object.freeze(["units"] as const),
  attackOptions,
  bandFor,
  attackTarget,
  buildDeclaration,
  choiceOptions,
  buildChoice,
  injuryItem,
  weaponDamage,
  initiative,
});
