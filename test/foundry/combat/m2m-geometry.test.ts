/**
 * The map's part of a GURPS Man to Man attack in Foundry (issue 17): facing from the tokens'
 * rotations (ruling M108), light from the scene's darkness (M110), the distance in yards from
 * the grid's units (M109), thrown weapons (spec §6.4 C9) with range, snap shot and half damage
 * (§12.3), measured by the attacker's client, rebuilt and compared on the GM's. Against the
 * stand-ins (docs/foundry-stand-ins.md): the pack fighters of m2m-world.ts.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import javelinSource from "../../../packs/_source/m2m-ranged-weapons/javelin.json";
import { asUser, canvasStandIn, settle, standIns, type StandInActor } from "../stand-ins";
import type { AttackRequest, AttackSituation } from "../../../src/core/combat";
import { InputError } from "../../../src/core/errors";
import type { RulesetBlock } from "../../../src/core/ruleset";
import { exchangeCardContext } from "../../../src/foundry/chat/card-context";
import { localizeTree } from "../../../src/foundry/chat/text";
import { attack } from "../../../src/foundry/combat/actions";
import { cardRuleset, foundryRuleset } from "../../../src/foundry/rulesets";
import { AttackDialog, type AttackDialogInput } from "../../../src/foundry/combat/attack-dialog";
import { measureSituation, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { readFight, writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { newFighterBlock, parseFlowDeclaration } from "../../../src/rules/m2m/flow";
import { allowedDefences } from "../../../src/rules/m2m/defence";
import { cardId, resetFlow, scriptDice } from "./fixtures";
import { AXE, card, hpOf, m2mWorld, snap, type M2mWorld } from "./m2m-world";

type Obj = Record<string, unknown>;
const JAVELIN = javelinSource._id;

beforeEach(resetFlow);

/** Friedrick's turn 1 has started and he chose Attack (what the tracker does). */
async function attackTurn(w: M2mWorld): Promise<void> {
  const now = readFight(snap(w.friedrick)) ?? newFighterBlock(14, hpOf(w.friedrick));
  const block: RulesetBlock = {
    ...now,
    revision: now.revision + 2,
    data: { ...now.data, turn: 1, maneuver: "attack", maneuverTurn: 1, attacks: 0 },
  };
  await w.friedrick.update(writeFight(block));
}

/** Friedrick carries an equipped javelin (the pack's, L4400). */
async function giveJavelin(a: StandInActor): Promise<void> {
  const item = structuredClone(javelinSource) as unknown as Obj;
  (item.system as Obj).equipped = true;
  await (
    a as unknown as { createEmbeddedDocuments(t: string, d: Obj[], o: Obj): Promise<unknown> }
  ).createEmbeddedDocuments("Item", [item], { keepId: true });
}

/** Alice attacks Pierre with `itemId`; the dialog submits what it was offered (as measured). */
async function aliceAttacks(
  w: M2mWorld,
  itemId: string,
  aim = "random",
): Promise<{ id: string | null; input: AttackDialogInput }> {
  let seen: AttackDialogInput | null = null;
  vi.spyOn(AttackDialog, "prompt").mockImplementation((input): Promise<AttackRequest> => {
    seen = input;
    return Promise.resolve({
      itemId,
      mode: "0",
      aim,
      band: null,
      situation: input.situation,
      custom: [],
    });
  });
  // The attack roll 12, then the random location's dice.
  scriptDice(Array.from({ length: 12 }, () => [4, 6] as [number, number]));
  const message = await asUser(w.alice, () =>
    attack({ actorUuid: w.friedrick.uuid, tokenUuid: w.tFriedrick.document.uuid, itemId }),
  );
  await settle();
  return {
    id: message ? cardId(message as unknown as { id: string | null }) : null,
    input: seen!,
  };
}

const attackOf = (id: string) => (card(id).declaration as { attack: Obj }).attack;
const rows = (a: Obj) =>
  Object.fromEntries(
    (a.situation as { key: string; value: number }[]).map((r) => [r.key, r.value]),
  );

async function move(token: { document: { update(c: Obj): Promise<unknown> } }, c: Obj) {
  await asUser(standIns.game.users.get("GM")!, () => token.document.update(c));
}

describe("measuring the map (CombatRules.situation: facing, light, units)", () => {
  it("m2m reads the arcs both ways, the light and the units; HM3's situation stays as it was", async () => {
    const w = await m2mWorld();
    // Pierre at [1,0] faces west (90°): Friedrick at [0,0] is dead ahead of him; Friedrick faces
    // south (0°): Pierre, to the east, is on his left.
    w.tPierre.document.rotation = 90;
    const canvas = canvasStandIn as never;
    const s = measureSituation(
      w.tFriedrick.document as never,
      w.tPierre.document as never,
      w.pierre as unknown as ActorLike,
      [],
      canvas,
      ["facing", "light", "units"],
    );
    expect(s).toEqual({
      engagingDefender: 1,
      defenderProne: false,
      distance: 1,
      fromArc: "front",
      toArc: "left",
      light: "normal",
      units: "",
    });
    const plain = measureSituation(
      w.tFriedrick.document as never,
      w.tPierre.document as never,
      w.pierre as unknown as ActorLike,
      [],
      canvas,
    );
    expect(plain).toEqual({ engagingDefender: 1, defenderProne: false, distance: 1 });
  });

  it("off the canvas every extra is null (not measured)", async () => {
    const w = await m2mWorld();
    const s = measureSituation(
      w.tFriedrick.document as never,
      w.tPierre.document as never,
      w.pierre as unknown as ActorLike,
      [],
      null,
      ["facing", "light", "units"],
    );
    expect(s).toMatchObject({ fromArc: null, toArc: null, light: null, units: null });
  });
});

describe("facing (ruling M108): Advanced only", () => {
  it("Basic: the axe from Pierre's back is still a front attack; no wild swing", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    w.tPierre.document.rotation = 270; // faces east: Friedrick (west) is at his back
    const { id, input } = await aliceAttacks(w, AXE);
    expect(input.situation.fromArc).toBe("back");
    expect(attackOf(id!).fromHex).toBe("front");
    expect(rows(attackOf(id!))).toEqual({});
  });

  it("Advanced: from Pierre's back the attack comes from the back hex: no active defence", async () => {
    const w = await m2mWorld();
    await standIns.game.settings.set("blow-by-blow", "m2m.advancedManeuvers", true as never);
    await attackTurn(w);
    w.tPierre.document.rotation = 270;
    w.tFriedrick.document.rotation = 270; // Friedrick faces east, at Pierre
    const { id } = await aliceAttacks(w, AXE);
    expect(attackOf(id!).fromHex).toBe("back");
    const pending = card(id!).pending as { options: { id: string; unavailableKey?: string }[] };
    const open = pending.options.filter((o) => !o.unavailableKey).map((o) => o.id);
    expect(open).toEqual(["none"]);
  });

  it("Advanced: Pierre on Friedrick's side is a wild swing, −5 or down to 9 (L2155), itemised", async () => {
    const w = await m2mWorld();
    await standIns.game.settings.set("blow-by-blow", "m2m.advancedManeuvers", true as never);
    await attackTurn(w);
    w.tFriedrick.document.rotation = 0; // faces south; Pierre (east) is on his left
    const { id, input } = await aliceAttacks(w, AXE);
    const target = input.preview({
      itemId: AXE,
      mode: "0",
      aim: "random",
      band: null,
      situation: input.situation,
      custom: [],
    });
    const wild = target.modifiers.find((m) => m.key === "attack.wild-swing")!;
    const before = target.value - wild.value;
    expect(wild.value).toBe(Math.min(-5, 9 - before));
    expect(rows(attackOf(id!))["attack.wild-swing"]).toBe(wild.value);
    // No aimed location on a wild swing (L2163).
    expect(() =>
      input.preview({
        itemId: AXE,
        mode: "0",
        aim: "torso",
        band: null,
        situation: input.situation,
        custom: [],
      }),
    ).toThrow(/^aim: a wild swing cannot aim/);
  });
});

describe("light (ruling M110)", () => {
  it("a scene at full darkness: total darkness −10 on the attack", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    (canvasStandIn as unknown as { scene: { environment: Obj } }).scene.environment.darknessLevel =
      1;
    const { id, input } = await aliceAttacks(w, AXE);
    expect(input.situation.light).toBe("dark");
    expect(rows(attackOf(id!))).toEqual({ "attack.total-darkness": -10 });
  });
});

describe("thrown weapons (§6.4 C9, §12.3)", () => {
  it("a thrown javelin: kind thrown (block and parry allowed), range from the map", async () => {
    const w = await m2mWorld();
    await giveJavelin(w.friedrick);
    await attackTurn(w);
    await move(w.tPierre, { x: 600 }); // six squares of one yard: 6 yards
    const { id, input } = await aliceAttacks(w, JAVELIN);
    expect(input.situation.distance).toBe(6);
    const a = attackOf(id!);
    expect(a.kind).toBe("thrown");
    // Javelin: point blank 3, increment 4 (L4400): −floor(6/4) = −1. The snap shot is not the
    // map's but the flow's (no Aim maneuver before, tactics.ts): it is on the card below.
    expect(rows(a)).toEqual({ "attack.range": -1 });
    expect(a.halfDamage).toBe(false);
    const d = parseFlowDeclaration(card(id!).declaration);
    expect(d.attack.kind).toBe("thrown");
    // The card itemises them with their labels (the m2m result part's attack breakdown).
    const shown = JSON.stringify(
      localizeTree(
        exchangeCardContext(
          card(id!),
          {
            isGM: true,
            owns: { attacker: false, defender: true },
            gmOnline: true,
            userId: "gm",
            showDefenceTargets: true,
          },
          cardRuleset(foundryRuleset("m2m")!),
          { applyMode: "ask", authorIsGM: true },
        ) as never,
        (k) => standIns.game.i18n.localize(k),
        (k, v) => standIns.game.i18n.format(k, v as Record<string, string>),
      ),
    );
    expect(shown).toContain("Snap shot (not aimed)");
    expect(shown).toMatch(/"Range"/);
    const allowed = allowedDefences({ kind: "thrown" }, { readyWeapon: true, readyShield: true });
    expect(allowed.map((o) => [o.defence, o.allowed])).toEqual([
      ["dodge", true],
      ["block", true],
      ["parry", true],
    ]);
  });

  it("in feet: 45 ft is 15 yards, half damage from ST×1.5 = 15 (L4400); beyond the maximum: refused", async () => {
    const w = await m2mWorld();
    await giveJavelin(w.friedrick);
    await attackTurn(w);
    const scene = (canvasStandIn as unknown as { scene: { grid: Obj } }).scene;
    scene.grid.units = "ft";
    scene.grid.distance = 5;
    await move(w.tPierre, { x: 900 }); // 9 squares of 5 ft
    const { id, input } = await aliceAttacks(w, JAVELIN);
    expect(input.situation).toMatchObject({ distance: 45, units: "ft" });
    const st = (snap(w.friedrick).derived as { character: { attributes: { st: number } } })
      .character.attributes.st;
    expect(attackOf(id!).halfDamage).toBe(15 >= st * 1.5);
    expect(rows(attackOf(id!))["attack.range"]).toBe(-3);
    const far: AttackSituation = { ...input.situation, distance: 3000 };
    expect(() =>
      input.preview({
        itemId: JAVELIN,
        mode: "0",
        aim: "random",
        band: null,
        situation: far,
        custom: [],
      }),
    ).toThrow(InputError);
  });

  it("a bad map field in a request is refused naming it", async () => {
    const w = await m2mWorld();
    const request = (situation: Obj): AttackRequest => ({
      itemId: AXE,
      mode: "0",
      aim: "random",
      band: null,
      situation: { engagingDefender: 1, defenderProne: false, distance: 1, ...situation } as never,
      custom: [],
    });
    const a = snap(w.friedrick);
    const d = snap(w.pierre);
    expect(() => m2mCombat.attackTarget(a, d, request({ fromArc: "up" }))).toThrow(
      /^situation\.fromArc: expected one of front, right, left, back, got "up"/,
    );
    expect(() => m2mCombat.attackTarget(a, d, request({ light: 3 }))).toThrow(
      /^situation\.light: /,
    );
    expect(() => m2mCombat.attackTarget(a, d, request({ distance: -2 }))).toThrow(
      /^situation\.distance: /,
    );
  });
});

describe("the GM's client measures the map again (issue 15 trust)", () => {
  it("Alice says Pierre turned his back; the GM's canvas sees him facing her: the card waits", async () => {
    const w = await m2mWorld();
    await standIns.game.settings.set("blow-by-blow", "m2m.advancedManeuvers", true as never);
    await attackTurn(w);
    w.tPierre.document.rotation = 90; // faces west, at Friedrick
    w.tFriedrick.document.rotation = 270;
    vi.spyOn(AttackDialog, "prompt").mockImplementation(
      (input): Promise<AttackRequest> =>
        Promise.resolve({
          itemId: AXE,
          mode: "0",
          aim: "torso",
          band: null,
          situation: { ...input.situation, fromArc: "back" },
          custom: [],
        }),
    );
    scriptDice(Array.from({ length: 12 }, () => [4, 6] as [number, number]));
    const message = await asUser(w.alice, () =>
      attack({ actorUuid: w.friedrick.uuid, tokenUuid: w.tFriedrick.document.uuid, itemId: AXE }),
    );
    await settle();
    const id = cardId(message as unknown as { id: string | null });
    const c = card(id);
    expect((c.context.approval as { pending: boolean; reasons: string[] }).reasons).toEqual([
      "situation",
    ]);
    expect((c.context.measured as AttackSituation).fromArc).toBe("front");
    // Her declaration is rebuilt as she asked (the back hex) until the GM approves or refuses.
    expect(attackOf(id).fromHex).toBe("back");
  });
});
