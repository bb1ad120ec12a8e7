/**
 * GURPS Man to Man's `CombatRules` (src/core/combat.ts) for the generic Foundry flow (issue 17,
 * docs/architecture.md §6 step 3): the attack dialog's options from the actor's derived figures
 * and items (each ready weapon and missile with its modes, a random or aimed location), the
 * itemised effective skill, the flow declaration (`M2mFlowDeclaration`, src/rules/m2m/flow.ts:
 * both fighters' sheet figures from `deriveCharacter` and their state blocks from
 * `system.m2m.fight`, ../fight.ts), the defender's options with their full targets, and the
 * choice. Wounds, conditions and weapon states are kept in the state block (the `state`
 * effect), so an injury makes no item and a weapon effect no item change.
 *
 * Pure: the GM's client rebuilds the declaration from the actors with the same functions and
 * compares it with the player's, as for HM3.
 */
import { M2M_TARGET_LABELS } from "../card-labels";
import type {
  AttackOption,
  AttackRequest,
  AttackSituation,
  ChoiceOptionView,
  ChoiceRequest,
  CombatRules,
  CustomModifierInput,
  DeclarationBuild,
  FighterItem,
  FighterSnapshot,
} from "../../../../core/combat";
import { InputError, readObject } from "../../../../core/errors";
import type { Target } from "../../../../core/modifiers";
import type { PendingChoice } from "../../../../core/ruleset";
import { formatDamageExpr } from "../../../../rules/m2m/damage";
import { getHandWeaponAttack } from "../../../../rules/m2m/equipment";
import { flowAttackTarget, parseFlowDeclaration } from "../../../../rules/m2m/flow";
import { HIT_LOCATIONS, type DamageType, type HitLocation } from "../../../../rules/m2m/types";
import { exchangeDr } from "../../../../rules/m2m/worn-armour";
import type { M2mActorDerived } from "../character-input";
import { readFight, seedFight } from "../fight";
import { m2mGear } from "../gear";
import { meleeAttack, rangedAttack } from "../item-convert";
import type { M2mMissileBlock, M2mWeaponBlock } from "../item-data";
import { M2M_OPTIONAL_RULES } from "../settings";
import { readCloseMode, snapshotsInClose, withClose } from "./close";
import { ambidextrous, heldOff, readHandMode, withOffHand } from "./hands";
import { isLeftHanded, sideForHand } from "./handedness";
import { asThrownItem, THROW_MODE, withThrow, withThrowMode } from "./throwing";
import { LOCATION_LABEL, MODE_BASE_LABEL } from "../sheets/labels";
import { applyMap, kindOf, m2mMapAttack } from "./geometry";
import { fightId, missileReload, unreadyWeapons, withFoeIds } from "../tactics";
import { M2M_CATALOG, readCatalogRequest } from "./catalog";

/** The lang keys this module adds (BLOWBYBLOW.M2M.Combat.*). */
export const M2M_COMBAT_KEYS = Object.freeze({
  random: "BLOWBYBLOW.M2M.Combat.Aim.random",
  noLevel: "BLOWBYBLOW.M2M.Combat.Unavailable.noLevel",
  noDamage: "BLOWBYBLOW.M2M.Combat.Unavailable.noDamage",
  unready: "BLOWBYBLOW.M2M.Combat.Unavailable.unready",
});

/** Labels of the modifiers and bases the flow itemises: the card's (../card-labels.ts). */
export { M2M_TARGET_LABELS };

type Obj = Record<string, unknown>;
type Derived = M2mActorDerived & { ruleset?: string };

/** The fighter's m2m figures; throws naming the fighter when the derivation refused it. */
function figures(f: FighterSnapshot, field: string): Derived {
  const d = f.derived as Derived | null;
  if (!d || d.ruleset !== "m2m" || !d.character)
    throw new InputError(
      `${field}.derived`,
      f.name,
      "has no GURPS Man to Man figures (see its sheet)",
    );
  return d;
}

/** The item's m2m block of a melee weapon with modes, or a missile; else null. */
function weaponBlock(item: FighterItem | undefined): M2mWeaponBlock | null {
  if (item?.type !== "weapon") return null;
  const b = item.system.m2m as M2mWeaponBlock | undefined;
  return b && Array.isArray(b.modes) && b.modes.length > 0 ? b : null;
}
function missileBlock(item: FighterItem | undefined): M2mMissileBlock | null {
  if (item?.type !== "missile") return null;
  return (item.system.m2m as M2mMissileBlock | undefined) ?? null;
}

/** The hand-weapon table row `id` and its attack `attack`, when both are the table's; else null. */
function tableRow(id: string, attack: string): { table: string; attack: string } | null {
  try {
    getHandWeaponAttack(id, attack);
    return { table: id, attack };
  } catch {
    return null;
  }
}

/**
 * A flow weapon (`M2mFlowWeapon` raw JSON) per ready weapon the derivation lists, once per item
 * though the derivation lists a weapon of two rows once per technique (ruling M93: one item, the
 * modes of both rows). Each mode carries its own table row and attack (§4.6: the halberd's
 * thrust readies in 1 turn, its swings in 2); the weapon's row is its first mode's.
 */
function flowWeapons(f: FighterSnapshot, d: Derived): Obj[] {
  const st = d.character.attributes.st;
  const out = new Map<string, Obj & { modes: Obj; parry: number }>();
  for (const w of d.weapons) {
    const made = out.get(w.id);
    if (made) {
      made.parry = Math.max(made.parry, w.parry?.value ?? 0);
      continue;
    }
    const item = f.items.find((i) => i.id === w.id);
    const modes: Obj = {};
    const extra: Obj = {};
    let fencing = false;
    let table: string | undefined;
    const melee = weaponBlock(item);
    const missile = missileBlock(item);
    if (melee) {
      melee.modes.forEach((m, i) => {
        const level = d.character.skills[m.skill]?.effective.value;
        if (level === undefined) return;
        let damage: string;
        try {
          damage = formatDamageExpr(meleeAttack(melee, i, st).damage);
        } catch {
          return;
        }
        fencing ||= m.fencing;
        const row = tableRow(m.technique, m.attack);
        table ??= row?.table;
        modes[String(i)] = { skill: level, damage, type: m.type, ...(row ?? {}) };
      });
    } else if (missile) {
      const level = d.character.skills[missile.skill]?.effective.value;
      const attack = rangedAttack(missile, st).attack;
      if (level !== undefined && attack)
        modes["0"] = { skill: level, damage: formatDamageExpr(attack.damage), type: attack.type };
      const { reload, cocking } = missileReload(missile, st);
      Object.assign(extra, { ranged: true }, reload > 0 ? { reload, cocking } : {});
    }
    out.set(w.id, {
      id: w.id,
      ...(table ? { table } : {}),
      parry: w.parry?.value ?? 0,
      fencing,
      modes,
      ...(heldOff(item) ? { hand: "off" } : {}),
      ...extra,
    });
  }
  return [...out.values()].filter((w) => Object.keys(w.modes).length > 0);
}

/**
 * The fighter as the flow declaration carries it: sheet figures and its state block. `against`:
 * the damage type of the attack he defends against: his armour's DR and PD against impaling
 * for an impaling attack (chainmail, L1168, ruling M12; as `cli fight` and the duel), and the
 * PD of each location (`pdAt`: the flow takes the location struck's, as `cli fight`).
 */
function flowFighter(f: FighterSnapshot, field: string, against?: DamageType): Obj {
  const d = figures(f, field);
  const c = d.character;
  const impaling = against === "imp";
  const dr: Obj = {};
  for (const [loc, v] of Object.entries(exchangeDr(c.locations, impaling ? "imp" : "cr")))
    if (v > 0) dr[loc] = v;
  const torso = c.locations.torso;
  // The armour PD of each location, for the location struck when it is settled before the
  // defence (L2432, ruling M2; the flow takes the torso's for a shot's, A9, M95).
  const pdAt: Obj = {};
  if (against !== undefined)
    for (const loc of HIT_LOCATIONS) {
      const at = c.locations[loc];
      if (at) pdAt[loc] = impaling ? at.armourPdVsImpaling : at.armourPd;
    }
  const shieldPd = m2mGear(f.items).shield?.pd ?? 0;
  return {
    // Feint margins and the aim are kept per foe by this id (../tactics.ts).
    id: fightId(f),
    st: c.attributes.st,
    dr,
    toughness: c.toughness,
    armourPd: (impaling ? torso?.armourPdVsImpaling : torso?.armourPd) ?? 0,
    ...(against !== undefined ? { pdAt } : {}),
    shieldPd,
    dodge: c.dodge.value,
    block: c.block ? c.block.value : null,
    weapons: flowWeapons(f, d),
    ambidextrous: ambidextrous(d),
    state: readFight(f) ?? seedFight(f),
  };
}

const MAX_CUSTOM = 10;

function readCustom(value: unknown, field: string): CustomModifierInput[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list of modifiers");
  if (value.length > MAX_CUSTOM)
    throw new InputError(field, value.length, `at most ${MAX_CUSTOM} modifiers`);
  return value.map((raw: unknown, i) => {
    const f = `${field}[${i}]`;
    const o = readObject(raw, f);
    if (typeof o.label !== "string" || o.label.trim() === "")
      throw new InputError(`${f}.label`, o.label, "expected a name");
    if (typeof o.value !== "number" || !Number.isInteger(o.value))
      throw new InputError(`${f}.value`, o.value, "expected a whole number");
    return { label: o.label.trim(), value: o.value };
  });
}

function readId(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "")
    throw new InputError(field, value, "expected an id");
  return value;
}

const AIMS: AttackOption["aims"] = [
  { id: "random", labelKey: M2M_COMBAT_KEYS.random },
  ...HIT_LOCATIONS.map((l) => ({ id: l, labelKey: LOCATION_LABEL[l] })),
];

function attackOptions(
  attacker: FighterSnapshot,
  defender: FighterSnapshot | null = null,
): AttackOption[] {
  const d = figures(attacker, "attacker");
  const weapons = flowWeapons(attacker, d);
  const inClose = snapshotsInClose(attacker, defender);
  const unready = unreadyWeapons(attacker);
  // One option per item: a weapon of two rows is listed once per technique (ruling M93).
  const once = d.weapons.filter((w, i) => d.weapons.findIndex((x) => x.id === w.id) === i);
  return once.map((w) => {
    const item = attacker.items.find((i) => i.id === w.id);
    const made = weapons.find((x) => x.id === w.id);
    const melee = weaponBlock(item);
    const base = (id: string) => (melee ? melee.modes[Number(id)]!.base : "ranged");
    const hands = (id: string) =>
      melee ? melee.modes[Number(id)]!.hands : (missileBlock(item)?.hands?.fire ?? 2);
    const modes: AttackOption["modes"] = made
      ? withOffHand(
          Object.keys(made.modes as Obj).map((id) => ({
            id,
            labelKey: MODE_BASE_LABEL[base(id)],
            impact: 0,
          })),
          hands,
          base,
          heldOff(item),
        )
      : [];
    const option: AttackOption = {
      itemId: w.id,
      name: w.name,
      kind: kindOf(item) === "melee" ? "melee" : "missile",
      modes,
      aims: AIMS,
      bands: [],
      ...(w.level === null
        ? { unavailableKey: M2M_COMBAT_KEYS.noLevel }
        : !made
          ? { unavailableKey: M2M_COMBAT_KEYS.noDamage }
          : unready.has(w.id)
            ? { unavailableKey: M2M_COMBAT_KEYS.unready }
            : {}),
    };
    return withThrow(
      withClose(option, made?.table as string | undefined, inClose, base, heldOff(item)),
      item,
      d,
      inClose,
    );
  });
}

function readRequest(raw: AttackRequest): AttackRequest {
  const o = readObject(raw, "request");
  return {
    itemId: readId(o.itemId, "itemId"),
    mode: readId(o.mode, "mode"),
    aim: readId(o.aim, "aim"),
    band: null,
    situation: o.situation as AttackSituation,
    custom: readCustom(o.custom, "custom"),
    catalog: readCatalogRequest(o.catalog),
  };
}

/** The raw flow declaration for `request` (validated by `parseFlowDeclaration`). */
function rawDeclaration(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  raw: AttackRequest,
  options: Readonly<Record<string, boolean>>,
): Obj {
  const request = readRequest(raw);
  const close = readCloseMode(request.mode);
  const { mode, hand } = readHandMode(close.mode);
  const item = attacker.items.find((i) => i.id === request.itemId);
  if (!item) throw new InputError("itemId", request.itemId, "is not one of the attacker's items");
  if (request.aim !== "random" && !HIT_LOCATIONS.includes(request.aim as HitLocation))
    throw new InputError(
      "aim",
      request.aim,
      `expected random or one of ${HIT_LOCATIONS.join(", ")}`,
    );
  const opts: Obj = {};
  for (const { id } of M2M_OPTIONAL_RULES)
    if (typeof options[id] === "boolean") opts[id] = options[id];
  // A hand weapon thrown (./throwing.ts): its throw mode, and the map reads it as a thrown missile.
  const throwing = mode === THROW_MODE;
  if (throwing && (close.enter || hand !== "main"))
    throw new InputError(
      "mode",
      request.mode,
      "a weapon is thrown from the main hand, not into close combat",
    );
  const a = flowFighter(attacker, "attacker");
  const thrown = throwing
    ? withThrowMode(a.weapons as Obj[], item, figures(attacker, "attacker"))
    : null;
  if (thrown) a.weapons = thrown.weapons;
  // Range, light and facing from the map (./geometry.ts).
  const map = m2mMapAttack(
    attacker,
    thrown ? asThrownItem(item, thrown.block) : item,
    request.situation,
    options,
  );
  const block = a.state as { data: Obj };
  // The mode's damage type (the defender's armour against it) and a flail's kind (§6.5, L1620).
  const made = (a.weapons as Obj[]).find((w) => w.id === request.itemId);
  const type = (made?.modes as Record<string, { type: DamageType }> | undefined)?.[mode]?.type;
  const flail = map.kind === "melee" && weaponBlock(item)?.modes[Number(mode)]?.flail === true;
  const defenderLeft = isLeftHanded(defender);
  const declaration: Obj = {
    attacker: {
      ...a,
      leftHanded: isLeftHanded(attacker),
      state: { ...block, data: withFoeIds(block.data, defender) },
    },
    defender: { ...flowFighter(defender, "defender", type), leftHanded: defenderLeft },
    attack: {
      weapon: request.itemId,
      mode,
      hand,
      enter: close.enter,
      target: request.aim,
      kind: flail ? "flail" : map.kind,
      fromHex: sideForHand(map.fromHex, defenderLeft),
      allOut: null,
      modifiers: request.custom.map((c) => ({ label: c.label, value: c.value })),
      situation: map.situation,
      // The §5.2 rows the user declares (./catalog.ts); the GM's client re-checks them.
      ...(request.catalog?.length ? { catalog: request.catalog } : {}),
      halfDamage: map.halfDamage,
    },
    ...(Object.keys(opts).length ? { options: opts } : {}),
  };
  return applyMap(declaration, map);
}

function buildDeclaration(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
): DeclarationBuild {
  const declaration = rawDeclaration(attacker, defender, request, options);
  parseFlowDeclaration(declaration);
  return { declaration, rules: {} };
}

function attackTarget(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
  options: Readonly<Record<string, boolean>> = {},
): Target {
  return flowAttackTarget(
    parseFlowDeclaration(rawDeclaration(attacker, defender, request, options)),
  );
}

function choiceOptions(pending: PendingChoice): ChoiceOptionView[] {
  return pending.options.map((o) => ({
    id: o.id,
    labelKey: o.labelKey,
    ...(o.unavailableKey ? { unavailableKey: o.unavailableKey } : {}),
    items: [],
    target: o.target ?? null,
    aims: [],
  }));
}

function buildChoice(
  pending: PendingChoice,
  _exchange: DeclarationBuild,
  _chooser: FighterSnapshot,
  raw: ChoiceRequest,
): unknown {
  const o = readObject(raw, "request");
  const optionId = readId(o.optionId, "optionId");
  const option = pending.options.find((x) => x.id === optionId);
  if (!option)
    throw new InputError(
      "optionId",
      optionId,
      `expected one of ${pending.options.map((x) => x.id).join(", ")}`,
    );
  if (readCustom(o.custom, "custom").length > 0)
    throw new InputError("custom", o.custom, "a GURPS Man to Man defence takes no own modifiers");
  return { option: optionId };
}

export const m2mCombat: CombatRules = Object.freeze({
  optionalRules: M2M_OPTIONAL_RULES,
  labels: M2M_TARGET_LABELS,
  /** Facing, light and the scene's units besides the distance (./geometry.ts). */
  situation: Object.freeze(["facing", "light", "units"] as const),
  catalog: M2M_CATALOG,
  incapacitating: Object.freeze(["unconscious", "dead"] as const),
  attackOptions,
  bandFor: () => null,
  attackTarget,
  buildDeclaration,
  choiceOptions,
  buildChoice,
  /** Wounds are HP and conditions in the state block (the `state` effect): no injury item. */
  injuryItem: () => null,
  /** Dropped, broken and unready weapons are kept in the state block. */
  weaponDamage: () => ({}),
  /** The turn order is the tracker's (Move, then Basic Speed, spec §4.1): not built here. */
  initiative(fighter: FighterSnapshot): number {
    const c = figures(fighter, "fighter").character;
    return c.move.value * 100 + c.speed.value;
  },
});
