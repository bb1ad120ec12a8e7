/**
 * The body diagram (src/foundry/rulesets/hm3/sheets/body-diagram.ts): built from the rules core's derived
 * plan, armour and injuries. The human plan's silhouette has a shape for every sided location
 * of seed 003 (lines 74-89), none overlapping; a creature's plan is laid out automatically
 * with every location and no overlap; the fill class follows the worst injury (K > G > S > M).
 */
import { describe, expect, it } from "vitest";
import {
  bodyDiagram,
  humanBox,
  overlaps,
  type BodyShape,
} from "../../src/foundry/rulesets/hm3/sheets/body-diagram";
import { sidedLocationIds, HUMAN_BODY_PLAN } from "../../src/rules/hm3/body-plan";
import type { Hm3Derived } from "../../src/rules/hm3/character-types";
import { derive, dogSystem, DOG_ITEMS, KNIGHT_ITEMS, KNIGHT_SYSTEM } from "./actor-sheet-fixtures";
import { localize } from "./stand-ins/handlebars";
import { hmzdInjury } from "./rulesets/hmzd/blocks";

function pairwiseOverlaps(shapes: readonly BodyShape[]): string[] {
  const found: string[] = [];
  for (const [i, a] of shapes.entries())
    for (const b of shapes.slice(i + 1)) if (overlaps(a, b)) found.push(`${a.id} × ${b.id}`);
  return found;
}

function diagramOf(derived: Hm3Derived, notes = {}) {
  return bodyDiagram({
    plan: derived.plan,
    armour: derived.armour,
    injuries: derived.injuries,
    injuryNotes: notes,
    localize,
  });
}

describe("human silhouette", () => {
  const derived = derive(KNIGHT_SYSTEM, KNIGHT_ITEMS);
  const diagram = diagramOf(derived, { "left-forearm": ["S2 Edge"] });

  it("has one shape per sided location of the human plan (26), none overlapping", () => {
    const ids = sidedLocationIds(HUMAN_BODY_PLAN);
    expect(ids).toHaveLength(26);
    expect(diagram.layout).toBe("human");
    expect(diagram.shapes.map((s) => s.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(humanBox(id), id).toBeDefined();
    expect(pairwiseOverlaps(diagram.shapes)).toEqual([]);
  });

  it("keeps every shape inside the view box and mirrors left and right", () => {
    for (const s of diagram.shapes) {
      expect(s.x).toBeGreaterThanOrEqual(0);
      expect(s.y).toBeGreaterThanOrEqual(0);
      expect(s.x + s.width).toBeLessThanOrEqual(diagram.width);
      expect(s.y + s.height).toBeLessThanOrEqual(diagram.height);
    }
    const left = humanBox("left-hand")!;
    const right = humanBox("right-hand")!;
    expect(left.y).toBe(right.y);
    expect(left.x + left.width / 2 - diagram.width / 2).toBe(
      diagram.width / 2 - (right.x + right.width / 2),
    );
    // Front view: the figure's right side is on the viewer's left.
    expect(right.x).toBeLessThan(left.x);
  });

  it("puts the core's armour per aspect in the tooltip and the side table", () => {
    const skull = diagram.shapes.find((s) => s.id === "skull")!;
    const a = derived.armour.skull!;
    expect(a.edge).toBeGreaterThan(0); // plate helm
    expect(skull.armourText).toBe(`B ${a.blunt} E ${a.edge} P ${a.point} F ${a.fire}`);
    expect(skull.tooltip.split("\n")).toEqual(["Skull", skull.armourText]);
    const row = diagram.rows.find((r) => r.id === "left-shoulder")!;
    expect(row.label).toBe("Left Shoulder");
    expect(row.armour.map((v) => v.value)).toEqual([
      derived.armour["left-shoulder"]!.blunt,
      derived.armour["left-shoulder"]!.edge,
      derived.armour["left-shoulder"]!.point,
      derived.armour["left-shoulder"]!.fire,
    ]);
    expect(diagram.aspects.map((x) => x.short)).toEqual(["B", "E", "P", "F"]);
  });

  it("fills by injury and lists the injury notes", () => {
    const forearm = diagram.shapes.find((s) => s.id === "left-forearm")!;
    expect(forearm.injury).toBe("S");
    expect(forearm.cssClass).toBe("bbb-injury-S");
    expect(forearm.tooltip.split("\n")).toContain("S2 Edge");
    expect(diagram.shapes.find((s) => s.id === "right-forearm")!.cssClass).toBe("bbb-injury-none");
    expect(diagram.shapes.find((s) => s.id === "right-thigh")!.injury).toBe("M");
    expect(diagram.legend.map((l) => l.injury)).toEqual(["none", "M", "S", "G", "K"]);
  });
});

describe("colour class follows the worst injury", () => {
  const base = derive(KNIGHT_SYSTEM, []);
  it.each([
    [{ levels: 1, worst: "M", count: 1 }, "bbb-injury-M"],
    [{ levels: 3, worst: "S", count: 2 }, "bbb-injury-S"],
    [{ levels: 5, worst: "G", count: 2 }, "bbb-injury-G"],
    [{ levels: 5, worst: "K", count: 1 }, "bbb-injury-K"],
  ] as const)("%o → %s", (summary, cls) => {
    const d = diagramOf({ ...base, injuries: { abdomen: { ...summary } } });
    expect(d.shapes.find((s) => s.id === "abdomen")!.cssClass).toBe(cls);
    expect(d.rows.find((r) => r.id === "abdomen")!.cssClass).toBe(cls);
    expect(d.shapes.filter((s) => s.injury !== "none").map((s) => s.id)).toEqual(["abdomen"]);
  });

  it("the core reports the worst of several injuries at one location", () => {
    const items = [
      ...KNIGHT_ITEMS.filter((i) => i.type !== "injury"),
      ...(["M", "G", "S"] as const).map((severity, n) => ({
        id: `inTest${n}0000000000`,
        name: `Wound ${n}`,
        img: "",
        type: "injury" as const,
        system: {
          description: "",
          hmzd: hmzdInjury(),
          hm3: {
            location: "thorax",
            aspect: "edge",
            severity,
            level: n + 1,
            healingRate: 0,
            bleeding: false,
          },
        },
      })),
    ];
    const d = diagramOf(derive(KNIGHT_SYSTEM, items));
    expect(d.shapes.find((s) => s.id === "thorax")!.cssClass).toBe("bbb-injury-G");
  });
});

describe("automatic layout of a creature plan", () => {
  const derived = derive(dogSystem(), DOG_ITEMS);
  const diagram = diagramOf(derived);

  it("lays out all its sided locations, none overlapping", () => {
    expect(diagram.layout).toBe("auto");
    expect(diagram.shapes.map((s) => s.id).sort()).toEqual(
      [
        "head",
        "neck",
        "left-foreleg",
        "right-foreleg",
        "body",
        "left-hindleg",
        "right-hindleg",
        "tail",
      ].sort(),
    );
    expect(pairwiseOverlaps(diagram.shapes)).toEqual([]);
    for (const s of diagram.shapes) expect(s.y + s.height).toBeLessThanOrEqual(diagram.height);
  });

  it("puts a paired location's sides left and right on one row, unpaired ones in the middle", () => {
    const right = diagram.shapes.find((s) => s.id === "right-foreleg")!;
    const left = diagram.shapes.find((s) => s.id === "left-foreleg")!;
    const head = diagram.shapes.find((s) => s.id === "head")!;
    expect(right.y).toBe(left.y);
    const middle = diagram.width / 2;
    expect(right.x + right.width).toBeLessThanOrEqual(middle);
    expect(left.x).toBeGreaterThanOrEqual(middle);
    expect(head.cx).toBe(middle);
    // Rows by region: head above neck above torso above legs above tail.
    const y = (id: string) => diagram.shapes.find((s) => s.id === id)!.y;
    expect(y("head")).toBeLessThan(y("neck"));
    expect(y("neck")).toBeLessThan(y("body"));
    expect(y("body")).toBeLessThan(y("left-foreleg"));
    expect(y("left-hindleg")).toBeLessThan(y("tail"));
  });

  it("names the creature's locations (user text) and marks its injury", () => {
    const leg = diagram.shapes.find((s) => s.id === "left-foreleg")!;
    expect(leg.label).toBe("Left Foreleg");
    expect(leg.text).toBe("Left Foreleg");
    expect(leg.cssClass).toBe("bbb-injury-G");
    expect(diagram.rows.find((r) => r.id === "body")!.armour.some((a) => a.value > 0)).toBe(true);
  });

  it("lays out a plan of many locations without overlap", () => {
    const locations = Array.from({ length: 12 }, (_, i) => ({
      id: i % 3 === 0 ? `part-${i}` : `limb-${i}`,
      name: `Part ${i}`,
      region: (["head", "torso", "leg", "wing", "tail", "other"] as const)[i % 6]!,
      paired: i % 2 === 0,
    })).flatMap((l) =>
      l.paired
        ? [
            { ...l, id: `left-${l.id}` },
            { ...l, id: `right-${l.id}` },
          ]
        : [l],
    );
    const d = bodyDiagram({
      plan: { id: "creature", name: "Many", locations },
      armour: {},
      injuries: {},
      localize,
    });
    expect(d.shapes).toHaveLength(locations.length);
    expect(pairwiseOverlaps(d.shapes)).toEqual([]);
  });
});
