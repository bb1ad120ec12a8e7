/**
 * Maneuvers, positions, movement, readiness, reloading and long actions (spec §4; seed 004).
 * Where the spec gives a table (JSON or markdown), the table is read out of
 * `reference/m2m-spec.json` at test time and compared with the data, so a transcription slip
 * fails; hand-written checks of single cells cite the seed lines.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import { allowedDefences } from "../../src/rules/m2m/defence";
import {
  LONG_ACTIONS,
  MANEUVERS,
  MOVEMENT_COSTS,
  POSITIONS,
  afterAttack,
  afterFeint,
  afterParry,
  afterStopThrust,
  allOutAttackMove,
  allOutAttackOptions,
  canHoldReady,
  canUseReach,
  changePositionTime,
  drop,
  fastDraw,
  hexesInDirection,
  holdWeapon,
  isLoaded,
  isReady,
  isShieldReady,
  longAction,
  longActionSeconds,
  maneuver,
  maneuverAllowsAttack,
  maneuverMove,
  maneuversOf,
  moveAllowance,
  onFall,
  onLoseBalance,
  onStun,
  pickUp,
  planMove,
  position,
  ready,
  readyAfterUse,
  readyShield,
  readyTurnsAfter,
  reloadDodge,
  reloadPlan,
  reloadTurn,
  sequenceOrder,
  shieldFumble,
  shieldState,
  stepCost,
  turnedInHand,
  type HeldWeapon,
  type ReadinessSpec,
} from "../../src/rules/m2m/maneuvers";
import { specJson, specTable } from "./sources";

// ── Weapons used below (seed 004 hand weapon table) ──────────────────────────────────────────

const SHORTSWORD: ReadinessSpec = {
  minST: 7,
  attacks: [
    { id: "swing-cut", base: "sw", readyAfter: 0, reach: [1] },
    { id: "thrust-imp", base: "thr", readyAfter: 0, reach: [1] },
  ],
}; // L4297-4298
const AXE: ReadinessSpec = {
  minST: 12,
  unreadyOnParry: true,
  attacks: [{ id: "swing-cut", base: "sw", readyAfter: 1, reach: [1] }],
}; // L4332, † L4330
const PICK: ReadinessSpec = {
  minST: 11,
  unreadyOnParry: true,
  attacks: [{ id: "swing-imp", base: "sw", readyAfter: 1, mayStick: true, reach: [1] }],
}; // L4336
const HALBERD: ReadinessSpec = {
  minST: 13,
  grip: true,
  polearm: true,
  attacks: [
    { id: "swing-cut", base: "sw", readyAfter: 2, reach: [2, 3] },
    { id: "swing-imp", base: "sw", readyAfter: 2, mayStick: true, reach: [2, 3] },
    { id: "thrust-imp", base: "thr", readyAfter: 1, reach: [1, 2, 3] },
  ],
}; // L4365-4367, * L4369
const GREATSWORD: ReadinessSpec = {
  minST: 12,
  attacks: [
    { id: "swing-cut", base: "sw", readyAfter: 0, reach: [1, 2] },
    { id: "thrust-cr", base: "thr", readyAfter: 0, reach: [2] },
  ],
}; // L4321-4322, no grip change L2000
const BASTARD_1H: ReadinessSpec = {
  minST: 11,
  unreadyOnParry: true,
  attacks: [
    { id: "swing-cut", base: "sw", readyAfter: 1, reach: [1, 2] },
    { id: "thrust-cr", base: "thr", readyAfter: 0, reach: [2] },
  ],
}; // L4311-4312 †

// ── Maneuvers (§4.2, §4.3) ───────────────────────────────────────────────────────────────────

describe("maneuvers against the spec's tables", () => {
  it("§4.2 L1570–1694: one Basic maneuver per row of the spec's table, with its name and lines", () => {
    const rows = specTable("### 4.2 ", { stripEmphasis: true });
    const basic = maneuversOf("basic");
    expect(basic.map((m) => [m.name, m.lines])).toEqual(rows.map((r) => [r[0], r[3]]));
  });

  it("§4.3 L2033–2346, L4744–4756: one Advanced maneuver per row of the spec's table, with its name and lines", () => {
    const rows = specTable("### 4.3 ", { stripEmphasis: true });
    const adv = maneuversOf("advanced");
    expect(adv.map((m) => [m.name, m.lines])).toEqual(rows.map((r) => [r[0], r[6]]));
  });

  it("§4.3 chart L4747–4756: maximum moves (Aim —, Change Position —, steps 1, All-Out Attack 2 or half Move, Move = Move)", () => {
    const expected: Record<string, number | null> = {
      aim: 0,
      "change-position": 0,
      "step-and-ready": 1,
      "step-and-attack": 1,
      "all-out-attack": 3,
      "step-and-feint": 1,
      "step-and-concentrate": 1,
      wait: 1,
      "all-out-defence": 1,
      move: 6,
      "long-action": null,
    };
    for (const [id, n] of Object.entries(expected))
      expect(maneuverMove(id, "advanced", 6), id).toBe(n);
  });

  it("L2181, L4751: All-Out Attack moves 2 hexes forward, or half Move rounded down if more", () => {
    expect([1, 3, 4, 5, 6, 7, 9].map(allOutAttackMove)).toEqual([2, 2, 2, 2, 3, 3, 4]);
    const aoa = maneuver("all-out-attack", "advanced");
    expect(aoa.direction).toBe("forward");
    expect(aoa.facing).toBe("none");
  });

  it("L1576: Basic maneuvers other than Move do not move; Basic Move is abstract (Move yards)", () => {
    expect(maneuverMove("move", "basic", 5)).toBe(5);
    expect(maneuver("move", "basic").move).toBe("abstract");
    expect(maneuverMove("attack", "basic", 5)).toBe(0);
  });

  it("L1698: only Attack, All-Out Attack and Wait allow attacks (and Step and Attack)", () => {
    const attacking = MANEUVERS.filter((m) => maneuverAllowsAttack(m.id)).map((m) => m.id);
    expect([...new Set(attacking)].sort()).toEqual([
      "all-out-attack",
      "attack",
      "step-and-attack",
      "wait",
    ]);
  });

  it("L2805: All-Out Attack, All-Out Defense, Feint, Aim, Concentrate and Wait are impossible in close combat", () => {
    const forbidden = [...new Set(MANEUVERS.filter((m) => !m.closeCombat).map((m) => m.id))].sort();
    expect(forbidden).toEqual([
      "aim",
      "all-out-attack",
      "all-out-defence",
      "concentrate",
      "feint",
      "step-and-concentrate",
      "step-and-feint",
      "wait",
    ]);
  });

  it("L1682, L2233: All-Out Defense gives two defence rolls; L1660, L2189: All-Out Attack none", () => {
    for (const sys of ["basic", "advanced"] as const) {
      expect(maneuver("all-out-defence", sys).defences.rolls).toBe(2);
      expect(maneuver("all-out-attack", sys).defences).toMatchObject({
        dodge: "no",
        block: "no",
        parry: "no",
      });
    }
  });

  it("L1644, L1686, L1690: a defence spoils the aim, concentration or the long action", () => {
    expect(maneuver("aim").defences.spoils).toBe("aim");
    expect(maneuver("concentrate").defences.spoils).toBe("concentration");
    expect(maneuver("step-and-concentrate").defences.spoils).toBe("concentration");
    expect(maneuver("long-action").defences.spoils).toBe("long-action");
    expect(maneuver("attack").defences.spoils).toBeNull();
  });

  it("L1654–1658, L2161, L2183: All-Out Attack options", () => {
    expect(allOutAttackOptions({ readyHandWeapons: 1 })).toEqual(["feint-then-attack", "plus-4"]);
    expect(allOutAttackOptions({ readyHandWeapons: 1, balancedWeapon: true })).toEqual([
      "two-attacks",
      "feint-then-attack",
      "plus-4",
    ]);
    expect(allOutAttackOptions({ readyHandWeapons: 2, wildSwing: true })).toEqual([
      "two-attacks",
      "feint-then-attack",
    ]);
    expect(allOutAttackOptions({ readyHandWeapons: 0 })).toEqual([]);
  });

  it("§4.2: unknown maneuvers and systems are input errors", () => {
    expect(() => maneuver("charge")).toThrow(InputError);
    expect(() => maneuver("step-and-attack", "basic")).toThrow(InputError);
    expect(() => maneuversOf("expert" as "basic")).toThrow(InputError);
  });

  it("§4.2: the table is frozen and lookups return copies", () => {
    expect(Object.isFrozen(MANEUVERS)).toBe(true);
    expect(Object.isFrozen(MANEUVERS[0]!.defences)).toBe(true);
    const m = maneuver("attack", "basic");
    (m as { name: string }).name = "x";
    expect(maneuver("attack", "basic").name).toBe("Attack");
  });
});

// ── Positions (§4.5) ─────────────────────────────────────────────────────────────────────────

interface SpecPosition {
  pos: string;
  attack: number | string;
  rangedToHitVsYou: number;
  activeDefense: number;
  moveCost: string;
  hexes?: number;
}

describe("positions (§4.5)", () => {
  const rows = specJson("### 4.5 ") as SpecPosition[];

  it("§4.5 JSON L2067–2075: one position per row, in order", () => {
    expect(POSITIONS.map((p) => p.id)).toEqual(rows.map((r) => r.pos));
  });

  it.each(rows.map((r) => [r.pos, r] as const))(
    "§4.5 JSON L2067–2075: %s, cell by cell",
    (_id, r) => {
      const p = position(r.pos);
      if (typeof r.attack === "number") {
        expect(p.attack).toBe(r.attack);
        expect(p.closeAttacksOnly).toBe(false);
      } else if (r.attack === "close attacks only") {
        expect(p.attack).toBeNull();
        expect(p.closeAttacksOnly).toBe(true);
      } else {
        const m = /^(-\d+) \(except crossbow\)$/.exec(r.attack);
        expect(m, r.attack).not.toBeNull();
        expect(p.attack).toBe(Number(m![1]));
        expect(p.crossbowAttack).not.toBe(p.attack);
      }
      expect(p.rangedToHitVsYou).toBe(r.rangedToHitVsYou);
      expect(p.activeDefence).toBe(r.activeDefense);
      expect(p.hexes).toBe(r.hexes ?? 1);
      const cost: Record<string, Partial<typeof p>> = {
        "normal, may sprint": { moveCostPerHex: 0, sprint: true },
        "+0.5/hex": { moveCostPerHex: 0.5, sprint: false },
        "+2/hex": { moveCostPerHex: 2 },
        "cannot move": { moveCostPerHex: null },
        "1 hex/turn": { maxHexesPerTurn: 1 },
      };
      expect(cost[r.moveCost], r.moveCost).toBeDefined();
      expect(p).toMatchObject(cost[r.moveCost]!);
    },
  );

  it("L2069–2073 (literal): kneeling −2/−2/−2, crawling close only/−4/−3, lying −4 (crossbow 0)/−4/−3", () => {
    expect(position("kneeling")).toMatchObject({
      attack: -2,
      rangedToHitVsYou: -2,
      activeDefence: -2,
      moveCostPerHex: 2,
    });
    expect(position("crawling")).toMatchObject({
      closeAttacksOnly: true,
      rangedToHitVsYou: -4,
      activeDefence: -3,
    });
    expect(position("lying")).toMatchObject({
      attack: -4,
      crossbowAttack: 0,
      maxHexesPerTurn: 1,
      hexes: 2,
    });
    expect(position("sitting")).toMatchObject({
      attack: -2,
      activeDefence: -2,
      moveCostPerHex: null,
    });
  });

  it("L2378: no retreat sitting or kneeling; lying can roll away", () => {
    expect(POSITIONS.filter((p) => !p.canRetreat).map((p) => p.id)).toEqual([
      "kneeling",
      "sitting",
    ]);
  });

  it("L1582, L2059: lying to standing takes two Change Position maneuvers (kneel, then stand)", () => {
    expect(changePositionTime("lying", "standing")).toEqual({ changes: 2, seconds: 2 });
    expect(changePositionTime("lying", "kneeling")).toEqual({ changes: 1, seconds: 1 });
    expect(changePositionTime("kneeling", "standing")).toEqual({ changes: 1, seconds: 1 });
    expect(changePositionTime("standing", "lying")).toEqual({ changes: 1, seconds: 1 });
  });

  it("L2063: crouching needs no Change Position maneuver (standing ↔ crouching is free)", () => {
    expect(changePositionTime("standing", "crouching").changes).toBe(0);
    expect(changePositionTime("crouching", "standing").changes).toBe(0);
  });

  it("L2025 (optional): each change takes encumbrance-level seconds at Medium or worse", () => {
    expect(
      changePositionTime("kneeling", "standing", { encumbrance: 1, armourRule: true }).seconds,
    ).toBe(1);
    expect(
      changePositionTime("kneeling", "standing", { encumbrance: 2, armourRule: true }).seconds,
    ).toBe(2);
    expect(
      changePositionTime("lying", "standing", { encumbrance: 3, armourRule: true }).seconds,
    ).toBe(6);
    expect(changePositionTime("lying", "standing", { encumbrance: 3 }).seconds).toBe(2);
  });

  it("§4.5: unknown positions are input errors", () => {
    expect(() => position("flying")).toThrow(InputError);
  });
});

// ── Movement (§4.4) ──────────────────────────────────────────────────────────────────────────

describe("movement (§4.4)", () => {
  it("§4.4 L2268–2306: one movement cost per row of the spec's table, item and cost as printed", () => {
    const rows = specTable("### 4.4 ", { stripEmphasis: true });
    expect(MOVEMENT_COSTS.map((c) => [c.item, c.cost])).toEqual(rows.map((r) => [r[0], r[1]]));
  });

  it("L2272, L2278–2280: forward 1, sidestep, sideways or backward 2", () => {
    expect(stepCost({ direction: "forward" })).toBe(1);
    expect(stepCost({ direction: "sidestep" })).toBe(2);
    expect(stepCost({ direction: "sideways" })).toBe(2);
    expect(stepCost({ direction: "backward" })).toBe(2);
  });

  it("L2274: stepping sideways (2) into an obstructed hex (+1) costs 3", () => {
    expect(stepCost({ direction: "sideways", obstruction: 1 })).toBe(3);
  });

  it("L2031: facing change 1 per hexside, 180° = 3; L2284–2288 posture; L3951 stream; L3395 jump; L2306 bad footing", () => {
    expect(stepCost({ direction: "forward", turn: 3 })).toBe(4);
    expect(stepCost({ direction: "forward" }, "crouching")).toBe(1.5);
    expect(stepCost({ direction: "forward" }, "kneeling")).toBe(3);
    expect(stepCost({ direction: "forward" }, "crawling")).toBe(3);
    expect(stepCost({ direction: "forward", stream: true })).toBe(4);
    expect(stepCost({ direction: "forward", jump: true })).toBe(2);
    expect(stepCost({ direction: "forward", badFooting: 2 })).toBe(3);
    expect(() => stepCost({ direction: "forward", turn: 4 })).toThrow(InputError);
  });

  it("L2292, L2300: sitting cannot move; an enemy hex needs an evade or slam", () => {
    expect(() => stepCost({ direction: "forward" }, "sitting")).toThrow(InputError);
    expect(() => stepCost({ direction: "forward", enemy: true })).toThrow(InputError);
  });

  it("#23 L2330: Move 6 moving backward covers 3 hexes", () => {
    expect(hexesInDirection(6, "backward")).toBe(3);
    expect(hexesInDirection(6, "forward")).toBe(6);
    expect(hexesInDirection(1, "backward")).toBe(1); // L2274: always 1 hex
    expect(hexesInDirection(6, "forward", "lying")).toBe(1); // L2290
  });

  it("#24 L2314: Move 4 sprinting forward: 4 on the first turn, 5 on later turns", () => {
    expect(moveAllowance(4, 1)).toBe(4);
    expect(moveAllowance(4, 2)).toBe(5);
    expect(moveAllowance(4, 7)).toBe(5);
  });

  it("L2346: no sprinting while crouching", () => {
    expect(moveAllowance(4, 3, "crouching")).toBe(4);
  });

  it("L2274: one hex per turn is always possible; more must fit the Move points", () => {
    expect(planMove([{ direction: "backward" }], 1).allowed).toBe(true);
    expect(planMove([{ direction: "backward" }, { direction: "backward" }], 3)).toMatchObject({
      allowed: false,
      cost: 4,
    });
    expect(
      planMove([{ direction: "forward" }, { direction: "forward" }, { direction: "forward" }], 3),
    ).toMatchObject({ allowed: true, cost: 3 });
  });

  it("L2312: the sprint bonus counts toward the Move maneuver's allowance", () => {
    const five = Array.from({ length: 5 }, () => ({ direction: "forward" as const }));
    expect(planMove(five, 4).allowed).toBe(false);
    expect(planMove(five, 4, { forwardTurns: 2 }).allowed).toBe(true);
  });

  it("L2029, L2296: free facing at the end if half the Move or less was used, else one hexside", () => {
    const steps = (n: number) =>
      Array.from({ length: n }, () => ({ direction: "forward" as const }));
    expect(planMove(steps(3), 6).endFacing).toBe("any");
    expect(planMove(steps(4), 6).endFacing).toBe("one-hexside");
  });

  it("L2290: lying down, one hex per turn only", () => {
    expect(planMove([{ direction: "forward" }], 5, { posture: "lying" }).allowed).toBe(true);
    expect(
      planMove([{ direction: "forward" }, { direction: "forward" }], 5, { posture: "lying" })
        .allowed,
    ).toBe(false);
  });

  it("L1602: realistic sequence: Move first, then Basic Speed (5.5 beats 5.25), then dice", () => {
    const order = sequenceOrder([
      { name: "a", move: 5, speed: 5.25 },
      { name: "b", move: 5, speed: 5.5 },
      { name: "c", move: 6, speed: 6 },
      { name: "d", move: 5, speed: 5.25, roll: 6 },
    ]).map((f) => f.name);
    expect(order).toEqual(["c", "b", "d", "a"]);
  });
});

// ── Readiness (§4.6) ─────────────────────────────────────────────────────────────────────────

describe("readiness (§4.6)", () => {
  it("#45 L2131–2135: John's sword against Friedrich's axe, three turns of the book's trace", () => {
    let sword = holdWeapon(SHORTSWORD, 9); // John Falcon, ST 9
    let axe = holdWeapon(AXE, 12); // Fiendish Friedrich, ST 12 (min ST 12)
    const melee = { kind: "melee" as const };
    const parryOpen = (w: HeldWeapon) =>
      allowedDefences(melee, { readyWeapon: isReady(w), readyShield: true }).find(
        (o) => o.defence === "parry",
      )!.allowed;

    // Turn 1: John swings; Friedrich's axe is ready, he parries: the axe is unready.
    sword = afterAttack(sword, "swing-cut");
    expect(parryOpen(axe)).toBe(true);
    axe = afterParry(axe);
    expect(isReady(axe)).toBe(false);
    // Friedrich cannot throw a blow; on his turn he readies the axe.
    expect(() => afterAttack(axe, "swing-cut")).toThrow(InputError);
    axe = ready(axe);
    expect(isReady(axe)).toBe(true);

    // Turn 2: John swings again; Friedrich could parry but would rather attack, so he dodges or blocks.
    sword = afterAttack(sword, "swing-cut");
    expect(isReady(sword)).toBe(true); // L2107: swords never become unready
    expect(parryOpen(axe)).toBe(true);
    // On his turn he swings: the axe is unready. John parries; the sword stays ready.
    axe = afterAttack(axe, "swing-cut");
    expect(isReady(axe)).toBe(false);
    expect(parryOpen(sword)).toBe(true);
    sword = afterParry(sword);
    expect(isReady(sword)).toBe(true);

    // Turn 3: John swings; the axe is unready, so Friedrich cannot parry: dodge or block only.
    sword = afterAttack(sword, "swing-cut");
    const options = allowedDefences(melee, { readyWeapon: isReady(axe), readyShield: true });
    expect(options.filter((o) => o.allowed).map((o) => o.defence)).toEqual(["dodge", "block"]);
    // On his own third turn he readies the axe, which lets him parry or attack on his fourth.
    axe = ready(axe);
    expect(isReady(axe)).toBe(true);
    expect(parryOpen(axe)).toBe(true);
  });

  it("L2107, L2129: swords and knives stay ready after attacks and parries", () => {
    let w = holdWeapon(SHORTSWORD, 10);
    w = afterParry(afterAttack(afterAttack(w, "swing-cut"), "thrust-imp"));
    expect(isReady(w)).toBe(true);
  });

  it("L2109, L4332: an axe needs 1 turn to ready after a swing", () => {
    const w = afterAttack(holdWeapon(AXE, 12), "swing");
    expect(w.turnsToReady).toBe(1);
  });

  it("L2111, L4365–4367: a polearm needs 2 turns after a swing, 1 after a thrust, none after a parry", () => {
    const h = holdWeapon(HALBERD, 13);
    expect(afterAttack(h, "swing-cut").turnsToReady).toBe(2);
    expect(afterAttack(h, "swing-imp").turnsToReady).toBe(2);
    expect(afterAttack(h, "thrust-imp").turnsToReady).toBe(1);
    expect(afterAttack(h, "thrust").turnsToReady).toBe(1);
    expect(afterAttack(h, "swing").turnsToReady).toBe(2);
    expect(isReady(afterParry(h))).toBe(true);
    const twice = ready(ready(afterAttack(h, "swing-cut")));
    expect(isReady(ready(afterAttack(h, "swing-cut")))).toBe(false);
    expect(isReady(twice)).toBe(true);
  });

  it("L2123: ST 5 over the minimum: one turn less (an axe every turn, a polearm every other turn)", () => {
    expect(afterAttack(holdWeapon(AXE, 17), "swing-cut").turnsToReady).toBe(0);
    expect(afterAttack(holdWeapon(AXE, 16), "swing-cut").turnsToReady).toBe(1);
    expect(afterAttack(holdWeapon(HALBERD, 18), "swing-cut").turnsToReady).toBe(1);
  });

  it("L2125: ST 10 over the minimum: attack every turn", () => {
    expect(afterAttack(holdWeapon(HALBERD, 23), "swing-cut").turnsToReady).toBe(0);
    expect(afterAttack(holdWeapon(HALBERD, 22), "swing-cut").turnsToReady).toBe(1);
    expect(readyTurnsAfter(2, 13, 23)).toBe(0);
  });

  it("A27 L2123: min ST 'none' is not helped by high ST", () => {
    expect(readyTurnsAfter(1, null, 30)).toBe(1);
  });

  it("L2129, L2390, L4371: a † weapon is unready after a parry (axe; 1-handed bastard sword), high ST shortening it as for attacks", () => {
    expect(afterParry(holdWeapon(AXE, 12)).turnsToReady).toBe(1);
    expect(afterParry(holdWeapon(AXE, 17)).turnsToReady).toBe(0);
    const bs = holdWeapon(BASTARD_1H, 11);
    expect(afterParry(bs).turnsToReady).toBe(1);
    expect(afterAttack(bs, "swing-cut").turnsToReady).toBe(1); // L4311 "1 turn to ready after swing"
    expect(afterAttack(bs, "thrust-cr").turnsToReady).toBe(0);
  });

  it("L1666, L2197: a feint does not unready the weapon", () => {
    expect(isReady(afterFeint(holdWeapon(AXE, 12)))).toBe(true);
  });

  it("L2113, L4369: a ready * weapon needs one Ready turn to change grip", () => {
    let h = holdWeapon(HALBERD, 13, { reach: 3 });
    expect(canUseReach(h, 3)).toBe(true);
    expect(canUseReach(h, 2)).toBe(false);
    h = ready(h, { reach: 2 });
    expect(canUseReach(h, 2)).toBe(true);
    expect(canUseReach(h, 3)).toBe(false);
  });

  it("L2113: an unready weapon may be re-readied into either reach at no extra cost", () => {
    let h = afterAttack(holdWeapon(HALBERD, 13, { reach: 3 }), "swing-cut");
    h = ready(h, { reach: 1 });
    h = ready(h);
    expect(isReady(h)).toBe(true);
    expect(canUseReach(h, 1)).toBe(true);
  });

  it("L2000: a greatsword needs no grip change between its reaches", () => {
    const g = holdWeapon(GREATSWORD, 12, { reach: 1 });
    expect(canUseReach(g, 1)).toBe(true);
    expect(canUseReach(g, 2)).toBe(true);
    expect(canUseReach(g, 3)).toBe(false);
  });

  it("L2115: falling, losing balance or being stunned unreadies a weapon that needs readying after use", () => {
    expect(onFall(holdWeapon(AXE, 12)).turnsToReady).toBe(1);
    expect(onStun(holdWeapon(HALBERD, 13)).turnsToReady).toBe(2);
    expect(onLoseBalance(holdWeapon(AXE, 20)).turnsToReady).toBe(1);
    expect(isReady(onFall(holdWeapon(SHORTSWORD, 10)))).toBe(true);
    expect(readyAfterUse(HALBERD)).toBe(2);
  });

  it("L2759: after a successful stop thrust the weapon takes one extra turn to ready, even a sword", () => {
    expect(afterStopThrust(holdWeapon(SHORTSWORD, 10), "thrust-imp").turnsToReady).toBe(1);
    expect(afterStopThrust(holdWeapon(HALBERD, 13), "thrust-imp").turnsToReady).toBe(2);
  });

  it("L2606, L2608: critical miss 8/12, the weapon turns in the hand: one extra turn to ready", () => {
    expect(turnedInHand(holdWeapon(SHORTSWORD, 10)).turnsToReady).toBe(1);
  });

  it("L2167, L2631–2633: picked up, a sword is ready, an axe needs a turn, a polearm two", () => {
    expect(isReady(pickUp(drop(holdWeapon(SHORTSWORD, 10))))).toBe(true);
    expect(pickUp(drop(holdWeapon(AXE, 12))).turnsToReady).toBe(1);
    expect(pickUp(drop(holdWeapon(HALBERD, 13))).turnsToReady).toBe(2);
    expect(() => ready(drop(holdWeapon(AXE, 12)))).toThrow(InputError);
    expect(() => pickUp(holdWeapon(AXE, 12))).toThrow(InputError);
  });

  it("L2105: one Ready turn draws a weapon from its scabbard", () => {
    const s = holdWeapon(SHORTSWORD, 10, { place: "sheathed" });
    expect(isReady(s)).toBe(false);
    expect(isReady(ready(s))).toBe(true);
  });

  it("L2141: Fast-Draw: success = ready at once; failure = an ordinary Ready; 17–18 = dropped", () => {
    const s = holdWeapon(SHORTSWORD, 10, { place: "sheathed" });
    expect(fastDraw(s, 10, 12)).toMatchObject({
      usedTurn: false,
      weapon: { place: "hand", turnsToReady: 0 },
    });
    expect(fastDraw(s, 13, 12)).toMatchObject({ usedTurn: true, weapon: { place: "hand" } });
    expect(fastDraw(s, 17, 20).weapon.place).toBe("ground");
    expect(fastDraw(s, 4, 2).usedTurn).toBe(false); // L422: 3–4 always succeed
  });

  it("L1612: a pick that penetrated may stick: an ST roll when readying; failure stuck; 17–18 stuck for good", () => {
    const hit = afterAttack(holdWeapon(PICK, 11), "swing-imp", { stick: true });
    expect(hit.stuck).toBe("check");
    expect(() => ready(hit)).toThrow(InputError);
    const freed = ready(hit, { stuckRoll: 11 });
    expect(freed.stuck).toBe("no");
    expect(isReady(freed)).toBe(true);
    const stuck = ready(hit, { stuckRoll: 12 });
    expect(stuck).toMatchObject({ stuck: "stuck", turnsToReady: 1 });
    expect(ready(stuck, { stuckRoll: 17 }).stuck).toBe("permanent");
    expect(() => ready(ready(stuck, { stuckRoll: 18 }), { stuckRoll: 3 })).toThrow(InputError);
    expect(afterAttack(holdWeapon(AXE, 12), "swing-cut", { stick: true }).stuck).toBe("no"); // an axe never sticks
  });

  it("L3347: two one-handed weapons, or a weapon and a shield, or one two-handed weapon", () => {
    expect(canHoldReady({ oneHanded: 2 })).toBe(true);
    expect(canHoldReady({ oneHanded: 1, shields: 1 })).toBe(true);
    expect(canHoldReady({ twoHanded: 1 })).toBe(true);
    expect(canHoldReady({ oneHanded: 2, shields: 1 })).toBe(false);
    expect(canHoldReady({ twoHanded: 1, shields: 1 })).toBe(false);
    expect(canHoldReady({ shields: 2 })).toBe(false);
  });

  it("L2099, L2633: a shield from the ground or the back takes turns equal to its PD; L2594 a fumbled block one turn", () => {
    let s = shieldState(4, "ground");
    expect(isShieldReady(s)).toBe(false);
    for (let i = 0; i < 3; i++) s = readyShield(s);
    expect(isShieldReady(s)).toBe(false);
    s = readyShield(s);
    expect(isShieldReady(s)).toBe(true);
    const f = shieldFumble(shieldState(2));
    expect(isShieldReady(f)).toBe(false);
    expect(isShieldReady(readyShield(f))).toBe(true);
  });
});

// ── Reloading (L1624–1638, L2089–2097, L2853–2855) ───────────────────────────────────────────

describe("reloading", () => {
  const fireEvery = (kind: string, opts = {}) => reloadPlan(kind, opts).total + 1;

  it("L1630–1632, L2089: sling and bow: 2 seconds to reload, fire every 3 seconds", () => {
    expect(fireEvery("sling")).toBe(3);
    expect(fireEvery("bow")).toBe(3);
  });

  it("L1634: crossbow of your ST or less: 4 s to cock and reload, every 5 s", () => {
    expect(fireEvery("crossbow", { userST: 10, bowST: 9 })).toBe(5);
  });

  it("L1636, L2853: crossbow up to 2 over your ST: 8 s, every 9 s", () => {
    expect(fireEvery("crossbow", { userST: 10, bowST: 12 })).toBe(9);
  });

  it("L2853–2855: 3–4 over needs a goat's foot (20 s per cock, 22 in all); over 4 impossible", () => {
    expect(() => reloadPlan("crossbow", { userST: 10, bowST: 13 })).toThrow(InputError);
    expect(reloadPlan("crossbow", { userST: 10, bowST: 14, goatsFoot: true }).total).toBe(22);
    expect(() => reloadPlan("crossbow", { userST: 10, bowST: 15, goatsFoot: true })).toThrow(
      InputError,
    );
  });

  it("L2865: a successful Fast-Draw (Arrow) shaves one second", () => {
    expect(reloadPlan("bow", { fastDrawArrow: true }).total).toBe(1);
  });

  it("L1588, L2097: a dodge loses that turn of reloading; while cocking a crossbow it starts over", () => {
    const bow = reloadTurn(reloadPlan("bow"));
    expect(reloadDodge(bow).done).toBe(0);
    const cocking = reloadTurn(
      reloadTurn(reloadTurn(reloadPlan("crossbow", { userST: 10, bowST: 12 }))),
    );
    expect(reloadDodge(cocking).done).toBe(0);
    let cb = reloadPlan("crossbow", { userST: 10 });
    for (let i = 0; i < 3; i++) cb = reloadTurn(cb);
    expect(reloadDodge(cb).done).toBe(2);
    cb = reloadTurn(cb);
    expect(isLoaded(cb)).toBe(true);
  });
});

// ── Long actions (§4.7) ──────────────────────────────────────────────────────────────────────

describe("long actions (§4.7)", () => {
  it.each([
    ["pick-up-heavy", 2, "L2241"],
    ["open-box", 1, "L2242"],
    ["swallow-potion", 2, "L2247"],
    ["light-torch", 2, "L2248"],
    ["sheathe-weapon", 2, "L2316"],
    ["pocket-item", 2, "L2317"],
    ["search-person", 60, "L2318"],
    ["change-clothes", 60, "L2319"],
    ["put-on-armour", 300, "L2320"],
  ])("%s takes %i seconds (%s)", (id, seconds) => {
    expect(longActionSeconds(id)).toBe(seconds);
  });

  it("L2245–2246: a note takes 5 s per sentence to write and 2 s to read", () => {
    expect(longActionSeconds("write-note", { sentences: 3 })).toBe(15);
    expect(longActionSeconds("read-note", { sentences: 2 })).toBe(4);
  });

  it("L2243–2244, L3355: loose item 2d, pocket 1d, pack 2d, taking a pack off 1d seconds", () => {
    expect(longActionSeconds("find-in-box", { rolled: [3, 5] })).toBe(8);
    expect(longActionSeconds("find-in-pocket", { rolled: [4] })).toBe(4);
    expect(longAction("find-in-pack").dice).toBe(2);
    expect(longAction("take-off-pack").dice).toBe(1);
    expect(() => longActionSeconds("find-in-pocket")).toThrow(InputError);
    expect(() => longActionSeconds("find-in-pocket", { rolled: [7] })).toThrow(InputError);
  });

  it("§4.7: every row cites a seed line, the table is frozen, unknown ids are errors", () => {
    for (const a of LONG_ACTIONS) expect(a.lines).toMatch(/^L\d+/);
    expect(Object.isFrozen(LONG_ACTIONS[0])).toBe(true);
    expect(() => longAction("knit")).toThrow(InputError);
  });
});
