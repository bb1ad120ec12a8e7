/**
 * The Foundry m2m flow fighter (src/foundry/rulesets/m2m/combat/index.ts) against the pack
 * fighters, as the duel derives them (src/sim/m2m-duel-fighter.ts): a weapon of two table rows is
 * one flow weapon with the modes of both (ruling M93), each mode readies as its own row's attack
 * (§4.6, L2087-2135), a flail mode is declared as a flail (§6.5, L1620), and the defender's
 * armour is read against the attack's damage type (chainmail against impaling, L1168, M12).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AttackRequest, FighterSnapshot } from "../../../../src/core/combat";
import { ScriptedDice, SeededDice, type RollScript } from "../../../../src/core/dice";
import type { RulesetBlock } from "../../../../src/core/ruleset";
import { checkActorFile } from "../../../../src/cli/actor-file";
import { fighterFromSource } from "../../../../src/foundry/combat/source-fighter";
import { foundryRuleset } from "../../../../src/foundry/rulesets";
import { m2mCombat } from "../../../../src/foundry/rulesets/m2m/combat";
import { writeFight } from "../../../../src/foundry/rulesets/m2m/fight";
import {
  m2mFlow,
  newFighterBlock,
  parseFlowDeclaration,
  type M2mFighterState,
} from "../../../../src/rules/m2m/flow";
import { exchangeDr } from "../../../../src/rules/m2m/worn-armour";
import type { M2mActorDerived } from "../../../../src/foundry/rulesets/m2m/character-input";

const DIR = "packs/_source/m2m-sample-fighters";
const SWORD = "O2CXbsQQWYd7Wj53"; // Rogan's thrusting bastard sword
const HALBERD = "amUEsCcAUhHDSuI1"; // Villem's halberd
const FLAIL = "flailFriedrick01";

type Doc = {
  system: { m2m: { attributes: { ht: number }; hp: number; fight: string | null } } & Record<
    string,
    unknown
  >;
  items: { _id: string; name: string; system: Record<string, unknown> }[];
} & Record<string, unknown>;

/** A pack fighter; `attacking`: in his first turn with Attack chosen; `edit`: changes the doc. */
function load(name: string, attacking = false, edit?: (d: Doc) => void): FighterSnapshot {
  const file = `${DIR}/${name}.json`;
  const doc = JSON.parse(readFileSync(file, "utf8")) as Doc;
  edit?.(doc);
  if (attacking) {
    const b = newFighterBlock(doc.system.m2m.attributes.ht, doc.system.m2m.hp);
    const block: RulesetBlock = {
      ...b,
      revision: 2,
      data: { ...b.data, turn: 1, maneuver: "attack", maneuverTurn: 1 },
    };
    doc.system.m2m.fight = writeFight(block)["system.m2m.fight"] as string;
  }
  return fighterFromSource(checkActorFile(doc, file), [], foundryRuleset("m2m"));
}

const request = (itemId: string, mode: string, aim = "torso"): AttackRequest => ({
  itemId,
  mode,
  aim,
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom: [],
});

/** The attacker's weapon state after the exchange (the defender does not defend). */
function afterAttack(a: FighterSnapshot, b: FighterSnapshot, req: AttackRequest) {
  const { declaration } = m2mCombat.buildDeclaration(a, b, req, {});
  const dice = new ScriptedDice({ attack: 10 }, new SeededDice(7));
  let s = m2mFlow.start(parseFlowDeclaration(declaration), dice);
  if (m2mFlow.pending(s)) s = m2mFlow.choose(s, { option: "none" }, dice);
  const effect = m2mFlow
    .result(s)
    .effects.find((e) => e.type === "state" && e.to === "attacker") as
    | { block: RulesetBlock }
    | undefined;
  const state = effect!.block.data as unknown as M2mFighterState;
  return state.weapons[req.itemId];
}

describe("the Foundry m2m flow fighter (pack fighters)", () => {
  it("Rogan's bastard sword is one flow weapon with the modes of both rows (M93) and can attack", () => {
    const rogan = load("rogan-the-reaver", true);
    const pierre = load("filthy-pierre");
    const options = m2mCombat.attackOptions(rogan, pierre).filter((o) => o.itemId === SWORD);
    expect(options).toHaveLength(1);
    expect(options[0]!.unavailableKey).toBeUndefined();
    const { declaration } = m2mCombat.buildDeclaration(rogan, pierre, request(SWORD, "2"), {});
    const d = parseFlowDeclaration(declaration);
    const swords = d.attacker.weapons.filter((w) => w.id === SWORD);
    expect(swords).toHaveLength(1);
    // The item ref (`thrusting-bastard-sword`) is no table row: the rows come from the modes.
    expect(swords[0]!.table).toBe("thrusting-bastard-sword-1h");
    expect(
      Object.entries(swords[0]!.modes).map(([k, m]) => [k, m.table, m.attack, m.type]),
    ).toEqual([
      ["0", "thrusting-bastard-sword-1h", "swing-cut", "cut"],
      ["1", "thrusting-bastard-sword-1h", "thrust-imp", "imp"],
      ["2", "thrusting-bastard-sword-2h", "swing-cut", "cut"],
      ["3", "thrusting-bastard-sword-2h", "thrust-imp", "imp"],
    ]);
    // The 1-handed swing needs a turn to ready (L4313 note, L2107), the 2-handed one none.
    expect(afterAttack(rogan, pierre, request(SWORD, "0"))?.turnsToReady).toBe(1);
    expect(afterAttack(rogan, pierre, request(SWORD, "2"))?.turnsToReady ?? 0).toBe(0);
  });

  it("the halberd's thrust readies in 1 turn, its swings in 2 (L4365, L2107-2111)", () => {
    const villem = load("villem-the-vile", true);
    const pierre = load("filthy-pierre");
    expect(afterAttack(villem, pierre, request(HALBERD, "2"))?.turnsToReady).toBe(1);
    expect(afterAttack(villem, pierre, request(HALBERD, "1"))?.turnsToReady).toBe(2);
    expect(afterAttack(villem, pierre, request(HALBERD, "0"))?.turnsToReady).toBe(2);
  });

  it("a flail mode is declared as a flail: block −2 against it, parry −4 (§6.5, L1620)", () => {
    const flail = JSON.parse(
      readFileSync("packs/_source/m2m-hand-weapons/flail.json", "utf8"),
    ) as Doc["items"][number];
    const friedrick = load("fiendish-friedrick", true, (doc) => {
      const m2m = doc.system.m2m as unknown as { skills: { id: string; points: number }[] };
      m2m.skills.push({ id: "flail", points: 8 });
      for (const i of doc.items) if (i.name === "Axe") Object.assign(i.system, { held: "none" });
      doc.items.push({
        ...flail,
        _id: FLAIL,
        system: { ...flail.system, equipped: true, carried: true, held: "main" },
      });
    });
    const pierre = load("filthy-pierre");
    const { declaration } = m2mCombat.buildDeclaration(friedrick, pierre, request(FLAIL, "0"), {});
    const d = parseFlowDeclaration(declaration);
    expect(d.attack.kind).toBe("flail");
    const s = m2mFlow.start(d, new ScriptedDice({ attack: 10 }, new SeededDice(1)));
    const block = m2mFlow.pending(s)!.options.find((o) => o.id === "block")!;
    expect(block.target!.modifiers.map((m) => [m.key, m.value])).toContainEqual([
      "defence.flail",
      -2,
    ]);
  });

  it("the defender's DR and PD are his armour's against the attack's type (chainmail vs impaling, M12)", () => {
    const pierre = load("filthy-pierre", true);
    const rogan = load("rogan-the-reaver");
    const c = (rogan.derived as M2mActorDerived).character;
    const torso = c.locations.torso;
    // Chainmail: lower PD and DR against impaling (L1168).
    expect(torso.armourPdVsImpaling).toBeLessThan(torso.armourPd);
    expect(torso.armourDrVsImpaling).toBeLessThan(torso.armourDr);
    const SHORTSWORD = "CeHzotRb85po9hdj";
    const decl = (mode: string) =>
      parseFlowDeclaration(
        m2mCombat.buildDeclaration(pierre, rogan, request(SHORTSWORD, mode), {}).declaration,
      ).defender;
    const cut = decl("0");
    const imp = decl("1");
    expect(cut.armourPd).toBe(torso.armourPd);
    expect(imp.armourPd).toBe(torso.armourPdVsImpaling);
    expect(cut.dr.torso).toBe(exchangeDr(c.locations, "cut").torso);
    expect(imp.dr.torso).toBe(exchangeDr(c.locations, "imp").torso);
    expect(imp.dr.torso).toBe(torso.armourDrVsImpaling);
  });

  it("the PD is the location struck's when settled before the defence (L2432, M2), else the torso's (A9, M95)", () => {
    const helm = JSON.parse(
      readFileSync("packs/_source/m2m-armour-pieces/pot-helm.json", "utf8"),
    ) as Doc["items"][number];
    // Villem in a pot helm only (head PD 3, L4806), his halberd in hand (no shield).
    const villem = load("villem-the-vile", false, (doc) => {
      doc.items = doc.items.filter((i) => i.name !== "Scale armor");
      doc.items.push({ ...helm, system: { ...helm.system, equipped: true } });
    });
    const pierre = load("filthy-pierre", true);
    const c = (villem.derived as M2mActorDerived).character;
    expect([c.locations.head.armourPd, c.locations.torso.armourPd]).toEqual([3, 0]);
    const SHORTSWORD = "CeHzotRb85po9hdj";
    /** The PD in the Dodge's target when a random swing's location roll is `roll`. */
    const pdFor = (aim: string, roll?: number) => {
      const { declaration } = m2mCombat.buildDeclaration(
        pierre,
        villem,
        request(SHORTSWORD, "0", aim),
        {},
      );
      const script: RollScript = roll === undefined ? { attack: 6 } : { location: roll, attack: 6 };
      const s = m2mFlow.start(
        parseFlowDeclaration(declaration),
        new ScriptedDice(script, new SeededDice(2)),
      );
      const dodge = m2mFlow.pending(s)!.options.find((o) => o.id === "dodge")!;
      return dodge.target!.modifiers.find((m) => m.key === "defence.pd")?.value ?? 0;
    };
    // A random swing rolls its location first (2: the head, 7: the torso).
    expect(pdFor("random", 2)).toBe(3);
    expect(pdFor("random", 7)).toBe(0);
    // An aimed blow: the location aimed at.
    expect(pdFor("head")).toBe(3);
    expect(pdFor("torso")).toBe(0);
  });
});
