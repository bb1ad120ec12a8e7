/**
 * An hmzd duel fighter (src/sim/hmzd-duel-fighter.ts) from an actor document (a pack's sample
 * fighter under packs/_source/hmzd-sample-fighters/, an exported actor): the fighter the Foundry
 * adapter fights with, from the same snapshot and derivation (`fighterFromSource` with the hmzd
 * ruleset: src/foundry/rulesets/hmzd/derive.ts, the HM3 figures and the Shock EML, Z7, Z32) and
 * the same readings of it the adapter's combat makes (src/foundry/rulesets/hmzd/combat.ts:
 * `view`, `weaponOf`, `armourJson`, HM3's `meleeEml` and `missileEml`).
 *
 * Ruling Z43 (docs/rulings.md): an actor document duels with the EMLs Foundry gives it (Z30):
 * a weapon's attack (and counterstrike) at its HM3 AML, its block at its DML, Dodge at Dodge ML,
 * each less PP ×5; a missile at its ML less PP ×5 at Short range (the duel shoots its first
 * band, as for an hmzd fighter file); Initiative at its EML (Z11). The weapons are the equipped
 * ones with zone-die modes (a character's in a hand; a creature's body weapons in none, Z8),
 * the armour the adapter's (Z13, Z30), the plan the creature's own (Z14) or the human plan. The
 * actor's injury items are not carried into the duel: it starts uninjured in its stored shock
 * state, as an hmzd fighter file does.
 */
import type { FighterItem, FighterSnapshot } from "../core/combat";
import { InputError } from "../core/errors";
import type { Hand } from "../core/hands";
import { meleeEml, missileEml } from "../rules/hm3/eml";
import { HMZD_FIGHTER_STATES, type HmzdFighterState } from "../rules/hmzd/types";
import { armourJson, view, weaponOf, type HmzdMode } from "../foundry/rulesets/hmzd/combat";
import {
  HELD,
  type HmzdDuelFighter,
  type HmzdDuelMode,
  type HmzdDuelWeapon,
} from "./hmzd-duel-fighter";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const modeOf = (m: HmzdMode, i: number): HmzdDuelMode => ({
  id: m.name || String(i),
  die: m.die,
  base: m.base,
  aspect: m.aspect,
});

/** An item's stored `equipped`, `held` and HM3 shield flag. */
function stored(item: FighterItem): { equipped: boolean; held: Hand; shield: boolean } {
  const s = isObj(item.system) ? item.system : {};
  const held = s.held === "main" || s.held === "off" || s.held === "both" ? s.held : "none";
  return { equipped: s.equipped === true, held, shield: isObj(s.hm3) && s.hm3.shield === true };
}

/**
 * The duel fighter of an hmzd actor's snapshot (`fighterFromSource(actor, [], hmzd)`) and the
 * shock state it starts in. An InputError names the field: a dead fighter (`system.hmzd.state`
 * KIA), no weapon with zone-die modes to attack with (`items`).
 */
export function hmzdActorFighter(snapshot: FighterSnapshot): {
  fighter: HmzdDuelFighter;
  state: HmzdFighterState;
} {
  const v = view(snapshot, "actor");
  const { derived } = v;
  const pp = derived.pp;
  const state = derived.hmzd.state;
  if (!(HMZD_FIGHTER_STATES as readonly string[]).includes(state))
    throw new InputError("system.hmzd.state", state, "a dead fighter cannot duel");
  const eml = (base: number, baseKey: "aml" | "dml" | "ml") =>
    meleeEml({ base, baseKey, physicalPenalty: pp }).value;
  const weapons: HmzdDuelWeapon[] = [];
  for (const item of snapshot.items) {
    const s = stored(item);
    if (!s.equipped) continue;
    if (item.type === "weapon") {
      const w = derived.weapons[item.id];
      // As the adapter: a character's weapon in no hand cannot be used (a creature's body weapon can).
      if (!w || (!v.creature && s.held === "none")) continue;
      const { zoneDie, modes } = weaponOf(item);
      if (zoneDie === 0) continue;
      weapons.push({
        id: item.id,
        name: item.name,
        hands: HELD[s.held],
        zoneDie,
        attack: modes.length ? eml(w.aml, "aml") : null,
        block: eml(w.dml, "dml"),
        shield: s.shield,
        missile: false,
        modes: modes.map(modeOf),
      });
    } else if (item.type === "missile") {
      const m = derived.missiles[item.id];
      const { modes } = weaponOf(item);
      if (!m || !modes.length) continue;
      weapons.push({
        id: item.id,
        name: item.name,
        hands: "both",
        // Z18: the duel gives an unaimed missile the target's whole plan.
        zoneDie: v.enginePlan.zoneCount,
        attack: missileEml({ base: m.ml, baseKey: "aml", physicalPenalty: pp, range: "short" })
          .value,
        block: null,
        shield: false,
        missile: true,
        modes: [modeOf(modes[0]!, 0)],
      });
    }
  }
  if (!weapons.some((w) => w.attack !== null && w.modes.length))
    throw new InputError(
      "items",
      snapshot.items.length,
      "no equipped weapon with zone-die modes (system.hmzd.modes) to attack with",
    );
  return {
    fighter: {
      name: snapshot.name,
      initiative: derived.initiative.eml.value,
      dodge: eml(derived.dodge.ml, "ml"),
      weapons,
      combatant: {
        str: v.str,
        shock: derived.hmzd.shock,
        endurance: derived.endurance,
        dex: v.dex,
        agl: v.agl,
        armour: armourJson(derived.armour, v.enginePlan),
        plan: v.enginePlan,
      },
    },
    state: state as HmzdFighterState,
  };
}
