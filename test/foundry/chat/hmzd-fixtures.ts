/**
 * Zone-die exchange cards from real results (issue 18): the declaration `hmzdCombat` builds for
 * two fighter snapshots (test/foundry/rulesets/hmzd/fixtures.ts: Sir Ector and the Brigand with
 * the seed's broadsword and a round shield), run through the flow (`declareExchange`,
 * `acceptExchange`, `submitChoice`) with the Foundry flow ruleset (`hmzdFlow`) and dice scripted
 * by roll name, each step chosen by the side that owns it.
 */
import { RecordingDice, ScriptedDice, type Dice, type RollScript } from "../../../src/core/dice";
import {
  acceptExchange,
  declareExchange,
  replayExchange,
  submitChoice,
  type Caller,
  type ExchangeCard,
} from "../../../src/core/flow";
import type { ChoiceRequest, CombatRules, DeclarationBuild } from "../../../src/core/combat";
import type { Side } from "../../../src/core/ruleset";
import { hmzd } from "../../../src/rules/hmzd";
import { HMZD_RESULT_TEMPLATE, hmzdResultContext } from "../../../src/foundry/rulesets/hmzd/card";
import { HMZD_ROLL_LABELS } from "../../../src/foundry/rulesets/hmzd/card-keys";
import { hmzdCombat } from "../../../src/foundry/rulesets/hmzd/combat";
import { hmzdFlow } from "../../../src/foundry/rulesets/hmzd/flow";
import type { CardRuleset } from "../../../src/foundry/rulesets";
import {
  broadsword,
  BROADSWORD,
  fighter,
  mail,
  roundShield,
  SHIELD,
} from "../rulesets/hmzd/fixtures";

export const ATTACKER_NAME = "Sir <img src=x onerror=alert(1)>Ector";
export const DEFENDER_NAME = "Brigand <b>Bold</b>";

export const FLOW = hmzdFlow(hmzd);

/** The zone-die ruleset as the card sees it (the registry entry is built from the same parts). */
export const HMZD_CARD_RULESET = {
  id: "hmzd",
  ruleset: FLOW,
  combat: hmzdCombat as CombatRules,
  card: { resultTemplate: HMZD_RESULT_TEMPLATE, resultContext: hmzdResultContext },
  rollLabels: HMZD_ROLL_LABELS,
} as unknown as CardRuleset;

const GM: Caller = { userId: "gm", isGM: true, owns: { attacker: true, defender: true } };
const OWNER: Record<Side, Caller> = {
  attacker: { userId: "alice", isGM: false, owns: { attacker: true, defender: false } },
  defender: { userId: "bob", isGM: false, owns: { attacker: false, defender: true } },
};

/** The exchange as the combat rules read it (query-common's `exchangeBuild`, without Foundry). */
const exchangeBuild = (card: ExchangeCard): DeclarationBuild => ({
  declaration: card.declaration,
  rules: (card.context.rules ?? {}) as Record<string, unknown>,
});

const UNSCRIPTED: Dice = {
  roll(name: string): number[] {
    throw new Error(`unscripted roll ${name}`);
  },
};

export const attackerSnap = fighter({ name: ATTACKER_NAME, sword: 65 });
/** The Brigand wears the mail habergeon: Edge 8 at the shoulder (HM3 mail, Z13). */
export const defenderSnap = fighter({
  name: DEFENDER_NAME,
  sword: 55,
  shield: 50,
  dodge: 45,
  items: [broadsword(), roundShield(), mail()],
});

/** Declared and accepted: Sir Ector swings the broadsword from `placement`. */
export function awaiting(placement = "1"): ExchangeCard {
  const { declaration, rules } = hmzdCombat.buildDeclaration(
    attackerSnap,
    defenderSnap,
    {
      itemId: BROADSWORD,
      mode: "0",
      aim: placement,
      band: null,
      situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
      custom: [],
    },
    {},
  );
  const declared = declareExchange(FLOW, {
    attacker: { actorUuid: "Actor.attacker", tokenUuid: null, name: ATTACKER_NAME },
    defender: { actorUuid: "Actor.defender", tokenUuid: null, name: DEFENDER_NAME },
    declaration,
    context: { request: { itemId: BROADSWORD }, itemName: "Broadsword", rules },
    rolls: [],
  });
  return acceptExchange(FLOW, declared, GM, true);
}

const req = (optionId: string, more: Partial<ChoiceRequest> = {}): ChoiceRequest => ({
  optionId,
  itemId: null,
  mode: null,
  aim: null,
  custom: [],
  ...more,
});

/** The pending step answered by its side's owner with `request`, its dice from `script`. */
export function step(card: ExchangeCard, request: ChoiceRequest, script: RollScript): ExchangeCard {
  const { state, pending } = replayExchange(FLOW, card);
  if (!pending) throw new Error("nothing pending");
  const chooser = pending.by === "attacker" ? attackerSnap : defenderSnap;
  const value = hmzdCombat.buildChoice(pending, exchangeBuild(card), chooser, request);
  const dice = new RecordingDice(new ScriptedDice(script, UNSCRIPTED));
  FLOW.choose(state, FLOW.parseChoice(state, value), dice);
  return submitChoice(
    FLOW,
    card,
    { revision: card.revision, kind: pending.kind, value, request, rolls: dice.records },
    GM,
    OWNER[pending.by],
  );
}

/** Blocked with the shield: attack 5 (CS) against a Block 100 (CF): 3 stars, 2 TAs. */
export const blockedCS = () =>
  step(awaiting(), req("block", { itemId: SHIELD }), { attack: 5, defence: 100 });

/** The attacker spends one Impact and one Precision: zone 3 and 1, d10 2. */
export const spent = () =>
  step(blockedCS(), req("impact", { counts: { impact: 1, precision: 1, action: 0, setup: 0 } }), {
    zone: 3,
    "zone.1": 1,
    location: 2,
  });

/**
 * The first zone kept (left shoulder): impact 9 + 3 + STR 14 (+2) + 5 = 19 − Edge 8 = 11, S3;
 * shock 72 (F, +1) + 3 + 3 = 7, STN.
 */
export const picked = () => step(spent(), req("0"), { impact: 9, shock: 72 });

/**
 * The seed's worked example (hmzd.md §9) as near as these fighters allow: attack 34 (S against
 * 70) and Block 67 (F against 65): one star, no TA; d4 3, d10 2 → left shoulder; 9 + 3 + 2 = 14
 * Edge − 8 = 6, S2; Shock 100 (CF, +2) + 3 + 2 = 7, STN; the Fumble roll (Z10) 18 fails.
 */
export const workedExample = () =>
  step(awaiting(), req("block", { itemId: SHIELD }), {
    attack: 34,
    defence: 67,
    zone: 3,
    location: 2,
    impact: 9,
    shock: 100,
    // Z10: the S2's □ on the shoulder calls the Brigand's Fumble roll: 18, above any DEX.
    fumble: [6, 6, 6],
  });
