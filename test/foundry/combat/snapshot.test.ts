/**
 * Fighter snapshots and the attack's situation (src/foundry/combat/snapshot.ts): a snapshot is
 * a plain copy of the actor's stored data, derived figures, items and statuses; the count of
 * hostile tokens engaging the defender takes the attacker always and, besides, each visible,
 * undefeated token of the disposition hostile to the defender within one grid space; the
 * distance comes from the grid's measurePath between token centres.
 */
import { describe, expect, it } from "vitest";
import {
  adjacent,
  DISPOSITION,
  engagingCount,
  fighterSnapshot,
  hostileDisposition,
  measureSituation,
  tokenDefeated,
  type ActorLike,
  type CanvasLike,
  type TokenDocLike,
  type TokenObjectLike,
  type TokenPoint,
} from "../../../src/foundry/combat/snapshot";

const { FRIENDLY, HOSTILE, NEUTRAL, SECRET } = DISPOSITION;

/** Square grid of 100 px per 1-unit space, measured as Chebyshev distance (v13 default diagonals). */
const measure = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) / 100;

const point = (
  id: string,
  col: number,
  row: number,
  disposition: number,
  extra: Partial<TokenPoint> = {},
): TokenPoint => ({
  id,
  x: col * 100 + 50,
  y: row * 100 + 50,
  size: 1,
  disposition,
  hidden: false,
  defeated: false,
  ...extra,
});

describe("hostileDisposition", () => {
  it("is the opposite of a friendly or hostile defender's; else the attacker's; else none", () => {
    expect(hostileDisposition(FRIENDLY, HOSTILE)).toBe(HOSTILE);
    expect(hostileDisposition(HOSTILE, FRIENDLY)).toBe(FRIENDLY);
    expect(hostileDisposition(HOSTILE, HOSTILE)).toBe(FRIENDLY);
    expect(hostileDisposition(NEUTRAL, FRIENDLY)).toBe(FRIENDLY);
    expect(hostileDisposition(SECRET, HOSTILE)).toBe(HOSTILE);
    expect(hostileDisposition(NEUTRAL, NEUTRAL)).toBeNull();
    expect(hostileDisposition(NEUTRAL, null)).toBeNull();
  });
});

describe("engagingCount", () => {
  const defender = point("def", 5, 5, HOSTILE);
  const attacker = point("att", 4, 5, FRIENDLY);

  it("the attacker alone counts 1, even from afar (a missile)", () => {
    expect(engagingCount(defender, attacker, [defender, attacker], measure, 1)).toBe(1);
    const far = point("att", 0, 0, FRIENDLY);
    expect(engagingCount(defender, far, [defender, far], measure, 1)).toBe(1);
    expect(engagingCount(defender, null, [defender], measure, 1)).toBe(1);
  });

  it("counts adjacent hostile tokens (diagonals too), not those two spaces off", () => {
    const tokens = [
      defender,
      attacker,
      point("n", 5, 4, FRIENDLY),
      point("diag", 6, 6, FRIENDLY),
      point("far", 7, 5, FRIENDLY),
    ];
    expect(engagingCount(defender, attacker, tokens, measure, 1)).toBe(3);
  });

  it("leaves out the defender's own side, neutral, hidden and defeated tokens", () => {
    const tokens = [
      defender,
      attacker,
      point("ally", 5, 4, HOSTILE),
      point("neutral", 6, 5, NEUTRAL),
      point("hidden", 4, 4, FRIENDLY, { hidden: true }),
      point("dead", 6, 4, FRIENDLY, { defeated: true }),
      point("ok", 4, 6, FRIENDLY),
    ];
    expect(engagingCount(defender, attacker, tokens, measure, 1)).toBe(2);
  });

  it("uses the grid's distance per space (5 ft squares)", () => {
    const feet = (a: { x: number; y: number }, b: { x: number; y: number }) => measure(a, b) * 5;
    const tokens = [defender, attacker, point("n", 5, 4, FRIENDLY), point("far", 5, 3, FRIENDLY)];
    expect(engagingCount(defender, attacker, tokens, feet, 5)).toBe(2);
  });

  it("a neutral defender is engaged by the attacker's side; a neutral pair only by the attacker", () => {
    const neutral = point("def", 5, 5, NEUTRAL);
    const tokens = [neutral, attacker, point("n", 5, 4, FRIENDLY), point("h", 5, 6, HOSTILE)];
    expect(engagingCount(neutral, attacker, tokens, measure, 1)).toBe(2);
    const neutralAttacker = point("att", 4, 5, NEUTRAL);
    expect(engagingCount(neutral, neutralAttacker, tokens, measure, 1)).toBe(1);
  });

  it("a large token beside the defender counts (centre distance 1.5 spaces)", () => {
    const big = { ...point("big", 6, 5, FRIENDLY), x: 700, y: 600, size: 2 };
    expect(measure(defender, big)).toBe(1.5);
    expect(adjacent(defender, big, measure, 1)).toBe(true);
    expect(adjacent(defender, { ...big, x: 800 }, measure, 1)).toBe(false);
    expect(engagingCount(defender, attacker, [defender, attacker, big], measure, 1)).toBe(2);
  });
});

// ── Documents ───────────────────────────────────────────────────────────────────────────────

function actor(name: string, statuses: string[] = []): ActorLike {
  return {
    id: `${name}000000000000`.slice(0, 16),
    uuid: `Actor.${name}`,
    name,
    type: "character",
    _source: { system: { hm3: { fatigue: 1 } } },
    system: { hm3: { fatigue: 1 }, derived: { up: 2 } },
    items: [
      {
        id: "sword00000000001",
        type: "weapon",
        name: "Sword",
        _source: { system: { hm3: { wq: 12 } } },
      },
      { id: null, type: "gear", name: "Unsaved", _source: { system: {} } },
    ],
    statuses: new Set(statuses),
    testUserPermission: () => true,
  };
}

describe("fighterSnapshot", () => {
  it("copies the stored system, derived figures, saved items and sorted statuses", () => {
    const a = actor("Aldo", ["shock", "prone"]);
    const snap = fighterSnapshot(a);
    expect(snap).toEqual({
      actorType: "character",
      name: "Aldo",
      system: { hm3: { fatigue: 1 } },
      derived: { up: 2 },
      items: [
        { id: "sword00000000001", type: "weapon", name: "Sword", system: { hm3: { wq: 12 } } },
      ],
      conditions: ["prone", "shock"],
      // The fighter's stable id in a fight (ruling M117).
      uuid: "Actor.Aldo",
    });
    (snap.system.hm3 as { fatigue: number }).fatigue = 9;
    (snap.items[0]!.system.hm3 as { wq: number }).wq = 1;
    expect(a._source.system).toEqual({ hm3: { fatigue: 1 } });
    expect([...a.items][0]!._source.system).toEqual({ hm3: { wq: 12 } });
  });
});

function token(
  id: string,
  col: number,
  row: number,
  disposition: number,
  a: ActorLike | null,
  extra: Partial<TokenDocLike> = {},
): TokenObjectLike {
  const doc: TokenDocLike = {
    id,
    uuid: `Scene.scene00000000001.Token.${id}`,
    actor: a,
    disposition,
    hidden: false,
    width: 1,
    height: 1,
    parent: { id: "scene00000000001" },
    ...extra,
  };
  const object: TokenObjectLike = {
    center: { x: col * 100 + 50, y: row * 100 + 50 },
    document: doc,
  };
  doc.object = object;
  return object;
}

function canvasWith(tokens: TokenObjectLike[]): CanvasLike {
  return {
    scene: { id: "scene00000000001" },
    grid: { distance: 1, measurePath: ([a, b]) => ({ distance: measure(a!, b!) }) },
    tokens: { placeables: tokens },
  };
}

describe("measureSituation", () => {
  it("distance between the centres, engaging count and prone defender from the canvas", () => {
    const bera = actor("Bera", ["prone"]);
    const att = token("att", 2, 5, FRIENDLY, actor("Aldo"));
    const def = token("def", 5, 5, HOSTILE, bera);
    const friend = token("friend", 5, 4, FRIENDLY, actor("Cato"));
    const deadFriend = token("deadFriend", 6, 5, FRIENDLY, actor("Dido", ["dead"]));
    const outFriend = token("outFriend", 4, 6, FRIENDLY, actor("Enzo", ["unconscious"]));
    const s = measureSituation(
      att.document,
      def.document,
      bera,
      ["unconscious"],
      canvasWith([att, def, friend, deadFriend, outFriend]),
    );
    expect(s).toEqual({ engagingDefender: 2, defenderProne: true, distance: 3 });
  });

  it("no canvas, or the defender's scene not viewed: distance unknown, only the attacker counts", () => {
    const bera = actor("Bera");
    const att = token("att", 4, 5, FRIENDLY, actor("Aldo"));
    const def = token("def", 5, 5, HOSTILE, bera);
    const friend = token("friend", 5, 4, FRIENDLY, actor("Cato"));
    expect(measureSituation(att.document, def.document, bera, [], null)).toEqual({
      engagingDefender: 1,
      defenderProne: false,
      distance: null,
    });
    const other = { ...canvasWith([att, def, friend]), scene: { id: "otherScene000001" } };
    expect(measureSituation(att.document, def.document, bera, [], other).distance).toBeNull();
  });

  it("an attacker without a token on the scene: no distance, the others still counted", () => {
    const bera = actor("Bera");
    const def = token("def", 5, 5, HOSTILE, bera);
    const friend = token("friend", 5, 4, FRIENDLY, actor("Cato"));
    expect(measureSituation(null, def.document, bera, [], canvasWith([def, friend]))).toEqual({
      engagingDefender: 2,
      defenderProne: false,
      distance: null,
    });
  });

  it("tokenDefeated: a defeated combatant, dead, or an incapacitating status", () => {
    const t = (statuses: string[], combatant: TokenDocLike["combatant"] = null) =>
      token("x", 0, 0, FRIENDLY, actor("X", statuses), { combatant }).document;
    expect(tokenDefeated(t([]), ["unconscious"])).toBe(false);
    expect(tokenDefeated(t(["dead"]), [])).toBe(true);
    expect(tokenDefeated(t(["unconscious"]), ["unconscious"])).toBe(true);
    expect(tokenDefeated(t(["shock"]), ["unconscious"])).toBe(false);
    expect(tokenDefeated(t([], { isDefeated: true }), [])).toBe(true);
  });
});
