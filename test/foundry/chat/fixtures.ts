/**
 * Exchange cards for the chat card tests, made by the real flow (src/core/flow.ts) with the
 * real HM3 ruleset and scripted dice: every roll an exchange makes is given by name, and an
 * unscripted roll fails the test. Names and the custom modifier's label carry HTML, so every
 * test sees whether user text stays text.
 */
import { RecordingDice, ScriptedDice, type Dice, type RollScript } from "../../../src/core/dice";
import {
  acceptExchange,
  applyExchange,
  claimAdvantage,
  declareExchange,
  replayExchange,
  submitChoice,
  type Caller,
  type ExchangeCard,
} from "../../../src/core/flow";
import { hm3 } from "../../../src/rules/hm3";
import type { CardViewer } from "../../../src/foundry/rulesets";

/** User text that must show as text. */
export const EVIL = "<img src=x onerror=alert(1)>";
export const ATTACKER_NAME = `Sir ${EVIL}`;
export const DEFENDER_NAME = `Brigand ${EVIL}`;
export const WEAPON_NAME = `Sword ${EVIL}`;

export const GM_CALLER: Caller = {
  userId: "gm",
  isGM: true,
  owns: { attacker: true, defender: true },
};
const BOB: Caller = { userId: "bob", isGM: false, owns: { attacker: false, defender: true } };
const ALICE: Caller = { userId: "alice", isGM: false, owns: { attacker: true, defender: false } };

/** Viewers: the GM, the attacker's owner, the defender's owner, a player owning neither. */
export const VIEWERS = {
  gm: {
    userId: "gm",
    isGM: true,
    owns: { attacker: true, defender: true },
    gmOnline: true,
    showDefenceTargets: false,
  },
  attacker: {
    userId: "alice",
    isGM: false,
    owns: { attacker: true, defender: false },
    gmOnline: true,
    showDefenceTargets: false,
  },
  defender: {
    userId: "bob",
    isGM: false,
    owns: { attacker: false, defender: true },
    gmOnline: true,
    showDefenceTargets: false,
  },
  other: {
    userId: "carol",
    isGM: false,
    owns: { attacker: false, defender: false },
    gmOnline: true,
    showDefenceTargets: false,
  },
} satisfies Record<string, CardViewer>;
export type ViewerId = keyof typeof VIEWERS;

export function viewer(id: ViewerId, over: Partial<CardViewer> = {}): CardViewer {
  return { ...VIEWERS[id], owns: { ...VIEWERS[id].owns }, ...over };
}

/** No roll outside the script. */
const UNSCRIPTED: Dice = {
  roll(name: string): number[] {
    throw new Error(`unscripted roll ${name}`);
  },
};

type Obj = Record<string, unknown>;

/** A fighter as the HM3 declaration takes it (Endurance 12, DEX and AGL 12, no armour). */
export function fighter(over: Obj = {}): Obj {
  return { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {}, ...over };
}

/** Attack EML 70: AML 80, Physical Penalty −5, and a user's modifier −5 labelled with HTML. */
export function attackEml(base = 80): Obj {
  return {
    baseKey: "aml",
    base,
    modifiers: [
      { key: "physicalPenalty", value: -5, source: "seed 003 line 177" },
      { key: "custom", label: EVIL, value: -5, source: "user" },
    ],
  };
}

/** Defence EML 60: DML 60. */
export function defenceEml(base = 60): Obj {
  return { baseKey: "dml", base, modifiers: [] };
}

export interface DeclOptions {
  type?: "melee" | "missile";
  aspect?: string;
  aim?: "high" | "mid" | "low";
  impact?: number;
  /** null: no WQ given. */
  wq?: number | null;
  eml?: unknown;
  attacker?: Obj;
  defender?: Obj;
  options?: Obj;
  defenderHolds?: { weapon: boolean; shield: boolean };
}

/** A raw HM3 declaration (what `CombatRules.buildDeclaration` gives the card). */
export function declaration(o: DeclOptions = {}): Obj {
  const decl: Obj = {
    attack: {
      type: o.type ?? "melee",
      eml: o.eml ?? attackEml(),
      aspect: o.aspect ?? "edge",
      aim: o.aim ?? "mid",
      impact: o.impact ?? 5,
      ...(o.wq === undefined ? { wq: 12 } : o.wq === null ? {} : { wq: o.wq }),
    },
    attacker: o.attacker ?? fighter(),
    defender:
      o.defender ?? fighter({ armour: { thorax: { blunt: 6, edge: 8, point: 5, fire: 2 } } }),
  };
  if (o.options) decl.options = o.options;
  if (o.defenderHolds) decl.defenderHolds = o.defenderHolds;
  return decl;
}

/** The card as the attacker's client makes it (declared). */
export function declared(decl: Obj = declaration(), context: Obj = {}): ExchangeCard {
  return declareExchange(hm3, {
    attacker: { actorUuid: "Actor.attacker", tokenUuid: null, name: ATTACKER_NAME },
    defender: { actorUuid: "Actor.defender", tokenUuid: null, name: DEFENDER_NAME },
    declaration: decl,
    context: { request: { itemId: "sword" }, itemName: WEAPON_NAME, ...context },
    rolls: [],
  });
}

/** Accepted by the GM: waiting for the defence. */
export function awaiting(decl: Obj = declaration(), context: Obj = {}): ExchangeCard {
  return acceptExchange(hm3, declared(decl, context), GM_CALLER, true);
}

/** Resolved by the defender's `defence` with the scripted rolls (all of them, by name). */
export function resolved(
  defence: Obj,
  script: RollScript,
  decl: Obj = declaration(),
  context: Obj = {},
): ExchangeCard {
  const card = awaiting(decl, context);
  const { state } = replayExchange(hm3, card);
  const dice = new RecordingDice(new ScriptedDice(script, UNSCRIPTED));
  hm3.choose(state as never, hm3.parseChoice(state as never, defence), dice);
  return submitChoice(
    hm3,
    card,
    { revision: card.revision, kind: "defence", value: defence, request: {}, rolls: dice.records },
    GM_CALLER,
    BOB,
  );
}

/** Applied by the GM. */
export function applied(card: ExchangeCard): ExchangeCard {
  return applyExchange(hm3, card, GM_CALLER, card.revision).card;
}

/** The side's tactical advantage claimed by its owner. */
export function claimed(card: ExchangeCard, side: "attacker" | "defender"): ExchangeCard {
  return claimAdvantage(
    hm3,
    card,
    side,
    GM_CALLER,
    side === "defender" ? BOB : ALICE,
    card.revision,
  );
}

// ── The exchanges the tests look at (seed 003 lines named) ─────────────────────────────────

const BLOCK = { type: "block", eml: defenceEml(), wq: 12 };
const DODGE = { type: "dodge", eml: defenceEml() };
const IGNORE = { type: "ignore" };
const COUNTER = {
  type: "counterstrike",
  eml: defenceEml(),
  aspect: "blunt",
  aim: "high",
  impact: 4,
  wq: 10,
};

/**
 * A★2 with an injury and shock: CS 35 vs Block MF 62 (line 10), thorax (mid 47, lines 54-70),
 * 5 + 4 + 6 = 15 edge − 8 = 7 → S2 (line 103), shock 2d6 = 11 above END 8.
 */
export function a2Injury(): ExchangeCard {
  return resolved(
    BLOCK,
    { attack: 35, defence: 62, location: 47, impact: [4, 6], shock: [6, 5] },
    declaration({
      defender: fighter({
        endurance: 8,
        armour: { thorax: { blunt: 6, edge: 8, point: 5, fire: 2 } },
      }),
    }),
  );
}

/** A miss: MS 33 vs Dodge MS 22 (line 9: •). */
export function miss(): ExchangeCard {
  return resolved(DODGE, { attack: 33, defence: 22 });
}

/**
 * B★2: CS 35 vs Counterstrike CS 45 (line 10). The attacker strikes the thorax (47): 5 + 3 + 3
 * = 11 − 8 = 3 → M1, shock 1d6 = 2; the defender strikes high, the skull (5): 4 + 2 + 2 = 8 →
 * S2 (line 95), shock 2d6 = 2.
 */
export function bothStrike(): ExchangeCard {
  return resolved(COUNTER, {
    attack: 35,
    defence: 45,
    location: 47,
    impact: [3, 3],
    shock: [2],
    "counter.location": 5,
    "counter.impact": [2, 2],
    "counter.shock": [1, 1],
  });
}

/** D★2: CF 95 vs Counterstrike MS 33 (line 7); skull (5), 4 + 1 + 2 = 7 → S2, shock 2d6 = 6. */
export function counterstrike(): ExchangeCard {
  return resolved(COUNTER, {
    attack: 95,
    defence: 33,
    "counter.location": 5,
    "counter.impact": [1, 2],
    "counter.shock": [3, 3],
  });
}

/**
 * Block (line 8: MF 71 vs Block MF 61): weapon damage rolls, both WQ 12, the defender's first
 * (R5): 1 + 2 + 3 = 6 holds; the attacker's 6 + 6 + 5 = 17 fails: WQ 12 → 11 (R31).
 */
export function blocked(): ExchangeCard {
  return resolved(BLOCK, {
    attack: 71,
    defence: 61,
    defenderWeaponDamage: [1, 2, 3],
    attackerWeaponDamage: [6, 6, 5],
  });
}

/** Block with the defender's WQ 1 shield: 6 + 6 + 6 fails, it breaks (R31); the attacker's rolls nothing. */
export function blockBreaks(): ExchangeCard {
  return resolved(
    { type: "block", eml: defenceEml(), wq: 1 },
    { attack: 71, defence: 61, defenderWeaponDamage: [6, 6, 6] },
  );
}

/** DTA: CF 95 vs Block MS 33 (line 7). */
export function dta(): ExchangeCard {
  return resolved(BLOCK, { attack: 95, defence: 33 });
}

/** DF: MF 71 vs Block CF 65 (line 8); the defender's fumble 6 + 5 + 4 = 15 above DEX 10. */
export function defenderFumble(): ExchangeCard {
  return resolved(
    BLOCK,
    { attack: 71, defence: 65, defenderFumble: [6, 5, 4] },
    declaration({ defender: fighter({ dex: 10 }) }),
  );
}

/** BS: CF 95 vs Dodge CF 65 (line 7): both stumble rolls, 3d6 against AGL 12: 9 holds, 13 falls. */
export function bothStumble(): ExchangeCard {
  return resolved(DODGE, {
    attack: 95,
    defence: 65,
    attackerStumble: [3, 3, 3],
    defenderStumble: [5, 4, 4],
  });
}

/** A kill: CS 35 vs Ignore, A★4 (line 10), skull (high 5): 10 + 6 + 6 + 6 + 6 = 34 → K5 (line 95). */
export function kill(options: Obj = {}, killRoll: number[] = []): ExchangeCard {
  const script: RollScript = { attack: 35, location: 5, impact: [6, 6, 6, 6] };
  const decl = declaration({ aim: "high", impact: 10, options });
  if (killRoll.length)
    return resolved(IGNORE, { ...script, kill: killRoll, shock: [1, 1, 1, 1, 1] }, decl);
  return resolved(IGNORE, script, decl);
}

/**
 * Amputation called for: CS 35 vs Block CF 65, A★3 (line 10); left forearm (mid 37, odd):
 * 5 + 6 + 6 + 6 = 23 → ♦G4▼ (line 101), Edge: amputation roll; fumble 3d6 against DEX − PP
 * (12 − 4 = 8); shock 4d6.
 */
export function amputation(context: Obj = {}): ExchangeCard {
  return resolved(
    BLOCK,
    {
      attack: 35,
      defence: 65,
      location: 37,
      impact: [6, 6, 6],
      shock: [1, 2, 3, 4],
      fumble: [2, 2, 2],
    },
    declaration(),
    context,
  );
}

/**
 * Fire against quilt, Ignore: CS 35, A★4 (line 10); thorax (47): 6 + 1 + 2 + 3 + 4 = 16, 13+
 * before armour ignites on 30 (line 277, R12); quilt fire 4 → 12 → S3 (line 103).
 */
export function ignition(): ExchangeCard {
  return resolved(
    IGNORE,
    { attack: 35, location: 47, impact: [1, 2, 3, 4], ignite: 30, shock: [1, 1, 1] },
    declaration({
      aspect: "fire",
      impact: 6,
      defender: fighter({
        armour: undefined,
        layers: [{ material: "quilt", locations: ["thorax"] }],
      }),
    }),
  );
}

/** The MF attacker against Ignore: printed MF, read A★1 (hm3.md §1 erratum); thorax 5 + 1 = 6 − 8 → none. */
export function mfIgnore(): ExchangeCard {
  return resolved(IGNORE, { attack: 71, location: 47, impact: [1] });
}

/** A wild missile: CF 95 (line 32), whatever the defence. */
export function wildMissile(): ExchangeCard {
  return resolved(
    DODGE,
    { attack: 95, defence: 50 },
    declaration({ type: "missile", aspect: "point", impact: 8, wq: null }),
  );
}

/** A war dog's plan whose foreleg is named with HTML (user text). */
export function dogPlan(): Obj {
  const loc = (
    id: string,
    name: string,
    region: string,
    paired: boolean,
    aim: [number, number, number],
    injury: string[],
  ) => ({ id, name, region, paired, aim: { high: aim[0], mid: aim[1], low: aim[2] }, injury });
  return {
    id: "war-dog",
    name: "War dog",
    locations: [
      loc("head", "Head", "head", false, [40, 10, 0], ["M1", "S2", "S3", "K4", "K5"]),
      loc("neck", "Neck", "neck", false, [20, 10, 0], ["M1", "S2", "S3", "K4", "K5▼"]),
      loc(
        "foreleg",
        `Foreleg ${EVIL}`,
        "leg",
        true,
        [20, 20, 40],
        ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"],
      ),
      loc("body", "Body", "torso", false, [20, 50, 10], ["M1", "S2", "S3", "G4", "K5"]),
      loc(
        "hindleg",
        "Hindleg",
        "leg",
        true,
        [0, 10, 50],
        ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"],
      ),
    ],
  };
}

/**
 * A strike on the war dog: CS 35 vs Ignore, A★4; mid 21 → the left foreleg (R16: head 1-10,
 * neck 11-20, foreleg 21-40; odd left): 5 + 1 + 1 + 2 + 2 = 11 → ♦S3, a stumble roll.
 */
export function creature(): ExchangeCard {
  return resolved(
    IGNORE,
    { attack: 35, location: 21, impact: [1, 1, 2, 2], shock: [1, 1, 1], stumble: [3, 3, 3] },
    declaration({ defender: fighter({ bodyPlan: dogPlan() }) }),
  );
}
