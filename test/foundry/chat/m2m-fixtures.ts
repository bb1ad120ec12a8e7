/**
 * GURPS Man to Man exchange cards for the card tests, made by the real flow (src/core/flow.ts)
 * with the real `m2mFlow` (src/rules/m2m/flow.ts) and scripted dice: every roll is given by
 * name and an unscripted roll fails the test. The fighters are the book's (seed 004): Friedrick
 * (L4187-4231: HT 14, Axe 14 cut 1+4, Parry 7, Dodge 5, Block 4, PD 3+4, DR 4) attacks Filthy
 * Pierre (L1748-1756: HT 10, Shortsword 13, Parry 6, Block 4, Dodge 4, PD 1+2, DR 1). Names carry
 * HTML, so every test sees whether user text stays text.
 */
import { RecordingDice, ScriptedDice, type Dice, type RollScript } from "../../../src/core/dice";
import {
  acceptExchange,
  applyExchange,
  declareExchange,
  replayExchange,
  submitChoice,
  type Caller,
  type ExchangeCard,
} from "../../../src/core/flow";
import type { RulesetBlock } from "../../../src/core/ruleset";
import { runTurnEvent } from "../../../src/core/turns";
import {
  chooseManeuver,
  m2mFlow,
  newFighterBlock,
  parseFighterBlock,
  parseFlowDeclaration,
  type M2mFighterState,
  type ManeuverChoice,
} from "../../../src/rules/m2m/flow";
import { EVIL, GM_CALLER } from "./fixtures";

export { EVIL, viewer, VIEWERS } from "./fixtures";
export const ATTACKER_NAME = `Friedrick ${EVIL}`;
export const DEFENDER_NAME = `Pierre ${EVIL}`;
export const WEAPON_NAME = `Axe ${EVIL}`;

const BOB: Caller = { userId: "bob", isGM: false, owns: { attacker: false, defender: true } };

/** No roll outside the script. */
export function fixed(script: RollScript): Dice {
  return new ScriptedDice(script, {
    roll(name: string): number[] {
      throw new Error(`unscripted roll ${name}`);
    },
  });
}

export const FRIEDRICK = {
  id: "friedrick",
  st: 12,
  dr: {
    head: 4,
    torso: 4,
    vitals: 4,
    "left-arm": 4,
    "right-arm": 4,
    "left-leg": 4,
    "right-leg": 4,
  },
  armourPd: 3,
  shieldPd: 4,
  dodge: 5,
  block: 4,
  weapons: [
    {
      id: "axe",
      table: "axe",
      parry: 7,
      modes: { swing: { skill: 14, damage: "1+4", type: "cut" } },
    },
  ],
};

export const PIERRE = {
  id: "pierre",
  st: 10,
  dr: { torso: 1, vitals: 1, "left-arm": 1, "right-arm": 1, "left-leg": 1, "right-leg": 1 },
  armourPd: 1,
  shieldPd: 2,
  dodge: 4,
  block: 4,
  weapons: [
    {
      id: "shortsword",
      table: "shortsword",
      parry: 6,
      modes: {
        swing: { skill: 13, damage: "1", type: "cut" },
        thrust: { skill: 13, damage: "1-1", type: "imp" },
      },
    },
  ],
};

type Sheet = typeof FRIEDRICK | typeof PIERRE;
export const data = (b: RulesetBlock) => b.data as unknown as M2mFighterState;

/** His turn started (no roll due) and a maneuver chosen; `edit` changes the state after. */
export function acting(
  sheet: Sheet,
  block: RulesetBlock,
  choice: ManeuverChoice,
  edit: (s: M2mFighterState) => void = () => {},
): RulesetBlock {
  const started = runTurnEvent(m2mFlow, block, "turnStart", fixed({})).block;
  const { revision, state } = parseFighterBlock(started);
  const fighter = {
    ...parseFlowDeclaration({
      attacker: { ...sheet, state: started },
      defender: { ...sheet, state: started },
      attack: { weapon: sheet.weapons[0]!.id, mode: "swing" },
    }).attacker,
    revision,
    state,
  };
  const out = chooseManeuver(fighter, choice);
  edit(out.data as unknown as M2mFighterState);
  return out;
}

/** Friedrick attacking (Attack maneuver), unhurt. */
export const friedrick = (edit?: (s: M2mFighterState) => void) =>
  acting(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" }, edit);

/** Pierre, HT 10, at `hp`, having chosen `maneuver`. */
export const pierre = (
  maneuver: ManeuverChoice["maneuver"] = "attack",
  hp = 10,
  edit?: (s: M2mFighterState) => void,
) => acting(PIERRE, newFighterBlock(10, hp), { maneuver }, edit);

/** A raw flow declaration: Friedrick's axe swing at Pierre. */
export function declaration(
  attack: Record<string, unknown> = {},
  a: RulesetBlock = friedrick(),
  d: RulesetBlock = pierre(),
): Record<string, unknown> {
  return {
    attacker: { ...FRIEDRICK, state: a },
    defender: { ...PIERRE, state: d },
    attack: { weapon: "axe", mode: "swing", target: "torso", ...attack },
  };
}

/** The card as the attacker's client makes it, with the start's rolls (attack, location…). */
export function declared(
  decl: Record<string, unknown>,
  script: RollScript,
  context: Record<string, unknown> = {},
): ExchangeCard {
  const dice = new RecordingDice(fixed(script));
  m2mFlow.start(m2mFlow.parseDeclaration(decl), dice);
  return declareExchange(m2mFlow, {
    attacker: { actorUuid: "Actor.friedrick", tokenUuid: null, name: ATTACKER_NAME },
    defender: { actorUuid: "Actor.pierre", tokenUuid: null, name: DEFENDER_NAME },
    declaration: decl,
    context: { request: { itemId: "axe" }, itemName: WEAPON_NAME, ...context },
    rolls: dice.records,
  });
}

/** Accepted by the GM: waiting for the defence (or resolved, when the attack missed). */
export function accepted(decl: Record<string, unknown>, script: RollScript): ExchangeCard {
  return acceptExchange(m2mFlow, declared(decl, script), GM_CALLER, true);
}

/** The defender's choice `option`, with the scripted rolls it makes. */
export function defend(card: ExchangeCard, option: string, script: RollScript): ExchangeCard {
  const { state } = replayExchange(m2mFlow, card);
  const dice = new RecordingDice(fixed(script));
  const value = { option };
  m2mFlow.choose(state, m2mFlow.parseChoice(state, value), dice);
  return submitChoice(
    m2mFlow,
    card,
    { revision: card.revision, kind: "defence", value, request: {}, rolls: dice.records },
    GM_CALLER,
    BOB,
  );
}

/** Applied by the GM. */
export function applied(card: ExchangeCard): ExchangeCard {
  return applyExchange(m2mFlow, card, GM_CALLER, card.revision).card;
}

// ── The exchanges the tests look at ─────────────────────────────────────────────────────────

/** Attack 10 against skill 14, aimed at the torso: waiting for Pierre's defence. */
export const awaiting = () => accepted(declaration(), { attack: 10 });

/**
 * Pierre has retreated and blocked already this turn (C8): Dodge and retreat and Block are
 * closed with their reasons.
 */
export const awaitingSpent = () =>
  accepted(
    declaration(
      {},
      friedrick(),
      pierre("attack", 10, (s) => {
        s.defences = { blocks: 1, parries: {}, retreated: true };
      }),
    ),
    { attack: 10 },
  );

/** All-Out Defence (§6.6): Pierre's first defence, a Dodge, fails at 12: a second one is asked. */
export const secondPrompt = () =>
  defend(
    accepted(declaration({}, friedrick(), pierre("all-out-defence")), { attack: 10 }),
    "dodge",
    {
      defence: 12,
    },
  );

/** A miss: 16 against 14. */
export const miss = () => accepted(declaration(), { attack: 16 });

/** Pierre blocks: 7 against Block 4 + PD 3. */
export const blocked = () => defend(awaiting(), "block", { defence: 7 });

/**
 * Aimed at the right arm (−2: skill 12), hit at 10, Pierre's Dodge fails at 14; 1d+4 = 6 + 4 =
 * 10, DR 1 → 9 penetrating, cutting ×1.5 → 13, capped at HT/2 + 1 = 6 (L3699): the arm is
 * crippled, a major wound (6 > 5), knockdown 12 against HT 10 fails: he falls, stunned.
 */
export const armWound = () =>
  defend(accepted(declaration({ target: "right-arm" }), { attack: 10 }), "dodge", {
    defence: 14,
    damage: 6,
    knockdown: 12,
  });

/**
 * A random swing (§8, ruling M2): 2d6 = 10, the left leg, −2 to hit (skill 12); the attack
 * roll 3 is a critical hit, no defence; Critical Hit Table 5: ×3 basic damage; 1d+4 = 3 + 4 =
 * 7 × 3 = 21, DR 1 → 20, cutting ×1.5 → 30, capped at HT/2 + 1 = 6 (L3699): the leg crippled.
 */
export const criticalLeg = () =>
  accepted(declaration({ target: "random" }), {
    location: 10,
    attack: 3,
    criticalHit: 5,
    damage: 3,
  });

/**
 * A critical hit (3) at the torso; Critical Hit Table 5, ×3; (3 + 4) × 3 = 21, DR 1 → 20,
 * cutting ×1.5 → 30 from Pierre's 10 HP: −20 (L3641, A15), death checks vs HT 10 at −10 (9:
 * survives) and −15 (12: dies).
 */
export const criticalKill = () =>
  accepted(declaration(), {
    attack: 3,
    criticalHit: 5,
    damage: 3,
    death: 9,
    "death.2": 12,
  });

/** A critical miss (18): Critical Miss Table 9, the axe drops. */
export const fumble = () => accepted(declaration(), { attack: 18, criticalMiss: 9 });

/**
 * A critical miss (18), Critical Miss Table 5: he hits himself at full damage (L2603-2604);
 * 1d6 = 2: his right arm (ruling M88); 1d+4 = 5 + 4 = 9, his DR 4 → 5, cutting ×1.5 → 7, under
 * his arm's cap HT/2 + 1 = 8: HP 14 → 7.
 */
export const hitSelf = () =>
  accepted(declaration(), { attack: 18, criticalMiss: 5, selfLocation: 2, selfDamage: 5 });

/** Pierre's Dodge rolls 3, a critical success: Friedrick rolls on the Critical Miss Table (13: loses his balance). */
export const criticalDodge = () => defend(awaiting(), "dodge", { defence: 3, criticalMiss: 13 });

/** Pierre's Dodge rolls 18, a critical failure: he falls (L2594); 1d+4 = 1 + 4 = 5, DR 1 → 4 × 1.5 = 6. */
export const dodgeFall = () =>
  defend(awaiting(), "dodge", { defence: 18, damage: 1, knockdown: 8 });

/**
 * Aimed at the head (−5: skill 9), a critical hit (3): the Critical Head Blow Table (§10.2) 4:
 * knocked unconscious, no damage.
 */
export const headBlow = () =>
  accepted(declaration({ target: "head" }), { attack: 3, criticalHit: 4, damage: 3 });
