/**
 * Zone-die fighters as the Foundry flow snapshots them (issue 18), built by hand from the stored
 * shapes: `system.hm3` for attributes, skills, weapons' AML/DML and armour pieces (Z7, Z13),
 * `system.hmzd` for the Shock EML, state and Setup, the weapon's zone die and modes (Z12). The
 * seed's broadsword (001:29-30, 95: ZD d4; swing d10+3E, thrust d8+2P, pommel d6+0B).
 */
import type { FighterItem, FighterSnapshot } from "../../../../src/core/combat";
import { deriveHmzdActor } from "../../../../src/foundry/rulesets/hmzd/derive";

export const BROADSWORD = "sword0000000001";
export const SHIELD = "shield000000001";
export const BOW = "bow000000000001";
export const MAIL = "mail00000000001";

const attributes = (str: number) => ({
  str,
  sta: 12,
  dex: 12,
  agl: 12,
  eye: 12,
  hrg: 12,
  sml: 12,
  voi: 12,
  int: 12,
  aur: 12,
  wil: 12,
  cml: 12,
});

function skill(id: string, name: string, ml: number): FighterItem {
  return {
    id,
    type: "skill",
    name,
    system: {
      hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: null, ml },
    },
  };
}

const physical = { weight: 0, quantity: 1, carried: true };

export function broadsword(held = "main"): FighterItem {
  return {
    id: BROADSWORD,
    type: "weapon",
    name: "Broadsword <b>",
    system: {
      ...physical,
      equipped: true,
      held,
      hm3: {
        skill: "Sword",
        wq: 12,
        attack: 5,
        defence: 0,
        impact: { blunt: 3, edge: 5, point: 3, fire: null },
        handMode: "one",
        shield: false,
      },
      hmzd: {
        zoneDie: 4,
        modes: [
          { name: "swing", die: 10, base: 3, aspect: "edge" },
          { name: "thrust", die: 8, base: 2, aspect: "point" },
          { name: "pommel", die: 6, base: 0, aspect: "blunt" },
        ],
      },
    },
  };
}

export function roundShield(): FighterItem {
  return {
    id: SHIELD,
    type: "weapon",
    name: "Round shield",
    system: {
      ...physical,
      equipped: true,
      held: "off",
      hm3: {
        skill: "Shield",
        wq: 12,
        attack: 0,
        defence: 15,
        impact: { blunt: 2, edge: null, point: null, fire: null },
        handMode: "one",
        shield: true,
      },
      hmzd: { zoneDie: 6, modes: [{ name: "bash", die: 6, base: 1, aspect: "blunt" }] },
    },
  };
}

/** A mail habergeon (HM3 mail over the shoulders, arms and torso; no groin). */
export function mail(): FighterItem {
  return {
    id: MAIL,
    type: "armour",
    name: "Mail habergeon",
    system: {
      ...physical,
      equipped: true,
      hm3: {
        material: "mail",
        quality: 0,
        enchantment: 0,
        locations: ["shoulder", "upper-arm", "thorax", "abdomen", "hip"],
      },
    },
  };
}

export interface FighterSpec {
  name: string;
  str?: number;
  sword?: number;
  shield?: number;
  dodge?: number;
  shock?: number | null;
  state?: string;
  items?: FighterItem[];
}

/** A character snapshot with the derived zone-die figures, as `fighterSnapshot` gives it. */
export function fighter(spec: FighterSpec): FighterSnapshot {
  const items: FighterItem[] = [
    skill("sk-sword", "Sword", spec.sword ?? 65),
    skill("sk-shield", "Shield", spec.shield ?? 50),
    skill("sk-dodge", "Dodge", spec.dodge ?? 45),
    skill("sk-init", "Initiative", 60),
    ...(spec.items ?? [broadsword(), roundShield()]),
  ];
  const system: Record<string, unknown> = {
    hm3: { attributes: attributes(spec.str ?? 14), fatigue: 0, encumbrance: 0 },
    hmzd: {
      shock: spec.shock === undefined ? 50 : spec.shock,
      state: spec.state ?? "none",
      recovery: { at: "none", armed: false, due: null },
      clock: 0,
      setups: [],
      actionRound: null,
      unhindered: [],
      revision: 0,
      bodyPlan: "human",
    },
  };
  return {
    actorType: "character",
    name: spec.name,
    system,
    derived: deriveHmzdActor(system, items),
    items,
    conditions: [],
  };
}
