/**
 * The GURPS Man to Man sheets' pure parts (issue 16): the actor sheet's context from the stored
 * block, the items and the derivation (Fiendish Friedrick, seed 004 L4187-4231), its submit step
 * (a bad value refused naming the field, the rest kept, arrays written whole), and the item
 * sheet's context and submit step. Every label is a key of lang/en.json.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HIT_LOCATIONS } from "../../../../src/rules/m2m/types";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import { checkRule, VALIDATION_KEYS } from "../../../../src/foundry/data/validate";
import type { Rule } from "../../../../src/foundry/data/rule-kinds";
import { m2mActorRules } from "../../../../src/foundry/rulesets/m2m/character-data";
import { M2M_ITEM_RULES, type M2mItemType } from "../../../../src/foundry/rulesets/m2m/item-data";
import {
  m2mActorContext,
  partsFor,
  type M2mActorContextInput,
} from "../../../../src/foundry/rulesets/m2m/sheets/actor/context";
import {
  actorSubmit,
  addSkill,
  removeSkill,
} from "../../../../src/foundry/rulesets/m2m/sheets/actor/submit";
import { m2mItemContext } from "../../../../src/foundry/rulesets/m2m/sheets/item/context";
import {
  addMode,
  itemSubmit,
  removeMode,
} from "../../../../src/foundry/rulesets/m2m/sheets/item/submit";
import {
  AXE_ID,
  ARMOUR_ID,
  CROSSBOW_ID,
  friedrickBlock,
  friedrickDerived,
  friedrickItems,
  HTML_NAME,
  piecesDerived,
  piecesItems,
  SWORD_ID,
} from "./sheet-fixtures";

const LANG: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
const base = localizerOf(LANG);

/** A localiser that records every key lang/en.json lacks. */
function recorder() {
  const missing = new Set<string>();
  const localize = (key: string) => {
    const s = base.localize(key);
    if (s === key) missing.add(key);
    return s;
  };
  return { localize, missing };
}

function actorInput(over: Partial<M2mActorContextInput> = {}): M2mActorContextInput {
  const block = friedrickBlock();
  return {
    type: "character",
    name: "Fiendish Friedrick",
    img: "",
    system: { m2m: block, description: "" },
    derived: friedrickDerived(block),
    items: friedrickItems(),
    editable: true,
    localize: base.localize,
    ...over,
  };
}

/** A checker over the block's rules, as checkUpdate does for `system.m2m.*` fields. */
function checker(rules: Readonly<Record<string, Rule>>) {
  return (flat: Record<string, unknown>) => {
    const accepted: Record<string, unknown> = {};
    const problems: { field: string; value: unknown; key: string }[] = [];
    for (const [field, value] of Object.entries(flat)) {
      const path = field.replace(/^system\./, "").replace(/\.\d+\./g, ".*.");
      const rule = rules[path];
      if (!rule) {
        accepted[field] = value;
        continue;
      }
      const c = checkRule(rule, value);
      if (c.ok) accepted[field] = c.value;
      else problems.push({ field, value, key: c.key });
    }
    return { accepted, problems };
  };
}

describe("actor sheet context", () => {
  it("every label and message is in lang/en.json", () => {
    const { localize, missing } = recorder();
    m2mActorContext(actorInput({ localize }));
    m2mActorContext(actorInput({ localize, derived: null, derivationError: "x" }));
    m2mActorContext(actorInput({ localize, derived: null }));
    expect([...missing]).toEqual([]);
  });

  it("attributes with the book's point costs 20/20/0/45 and 100 points in all (L4193-4199)", () => {
    const c = m2mActorContext(actorInput());
    expect(c.attributes.list.map((a) => [a.abbr, a.value, a.cost, a.name])).toEqual([
      ["ST", 12, "20", "system.m2m.attributes.st"],
      ["DX", 12, "20", "system.m2m.attributes.dx"],
      ["IQ", 10, "0", "system.m2m.attributes.iq"],
      ["HT", 14, "45", "system.m2m.attributes.ht"],
    ]);
    expect(c.attributes.points.find((p) => p.id === "total")?.value).toBe("100");
    expect(c.attributes.advantages.map((a) => [a.id, a.value, a.cost])).toEqual([
      ["ambidextrousness", 0, "0"],
      ["combat-reflexes", 0, "0"],
      ["peripheral-vision", 0, "0"],
      ["toughness", 0, "0"],
    ]);
    expect(c.attributes.advantages[3]!.options.map((o) => o.value)).toEqual(["0", "1", "2"]);
  });

  it("a left-handed checkbox on system.m2m.leftHanded (L522, ruling M132), unticked by default", () => {
    expect(m2mActorContext(actorInput()).attributes.leftHanded).toEqual({
      name: "system.m2m.leftHanded",
      label: "Left-handed",
      checked: false,
    });
    const block = { ...friedrickBlock(), leftHanded: true };
    const c = m2mActorContext(actorInput({ system: { m2m: block, description: "" } }));
    expect(c.attributes.leftHanded.checked).toBe(true);
  });

  it("skills with points, level, default and effective level with its story (L4210-4213)", () => {
    const c = m2mActorContext(actorInput());
    const axe = c.skills.rows.find((r) => r.id === "axe-mace")!;
    expect(axe).toMatchObject({
      label: "Axe/Mace",
      index: 0,
      pointsName: "system.m2m.skills.0.points",
      points: 8,
      level: "14",
      effective: "12",
      difficulty: "Average",
      from: "points",
    });
    expect(axe.tooltip).toBe("Skill level 14, Large shield −2");
    // The crossbow is ready but its skill is not on the sheet: listed at its default.
    expect(c.skills.weaponOnly.map((r) => [r.id, r.index, r.from])).toEqual([
      ["crossbow", null, "default from DX"],
    ]);
    expect(c.skills.addOptions.some((o) => o.value === "axe-mace")).toBe(false);
  });

  it("combat: every ready weapon's skill, damage by mode, Parry; Dodge, Block, PD/DR; the book's figures", () => {
    const c = m2mActorContext(actorInput());
    const [axe, xbow] = c.combat.weapons;
    expect(axe).toMatchObject({
      id: AXE_ID,
      name: HTML_NAME,
      skill: "Axe/Mace",
      level: "12",
      parry: "6",
    });
    // Swing for ST 12 is 1d+2 (L4197); the axe swings at +2 cutting.
    expect(axe!.modes.map((m) => [m.label, m.damage, m.type, m.reach])).toEqual([
      ["Swing", "1d+4", "cutting", "1"],
    ]);
    expect(xbow).toMatchObject({ id: CROSSBOW_ID, skill: "Crossbow", parry: "—" });
    expect(xbow!.modes[0]).toMatchObject({ label: "Missile", type: "impaling" });
    expect(xbow!.ranges).toMatch(/^½D \d+ yd, Max \d+ yd$/);
    const fig = Object.fromEntries(c.combat.defences.map((f) => [f.id, f.value]));
    expect(fig).toMatchObject({ dodge: "5", block: "4", speed: "8.125" });
    const prot = Object.fromEntries(c.combat.protection.map((f) => [f.id, f.value]));
    expect(prot).toMatchObject({ pd: "7", dr: "4" });
    expect(c.combat.protection[0]!.tooltip).toBe("PD 0, Armour +3, Shield +4");
  });

  it("PD and DR on every hit location from the derivation, with the pieces by name (L1170, L2470, L4806, L4838)", () => {
    const { localize, missing } = recorder();
    const c = m2mActorContext(
      actorInput({ items: piecesItems(), derived: piecesDerived(), localize }),
    );
    expect(missing).toEqual(new Set());
    const rows = c.combat.locations;
    expect(rows.map((r) => r.id)).toEqual([...HIT_LOCATIONS]);
    const at = (id: string) => rows.find((r) => r.id === id)!;
    // Pot-helm PD 3, DR 4, and the skull's 1 (L2470): DR 5, itemised.
    expect(at("head")).toMatchObject({ label: "head", pd: "3", dr: "5", pieces: ["Pot-helm"] });
    expect(at("head").drTooltip).toMatch(/Armour \+4/);
    // The face: no armour (L2458), the skull's 1 only.
    expect(at("face")).toMatchObject({ pd: "0", dr: "1", pieces: [], fromBehind: "" });
    // Steel breastplate PD 4 DR 5 over cloth armour, +1 DR (L1170); from behind the cloth alone.
    expect(at("torso")).toMatchObject({
      pd: "4",
      dr: "6",
      vsImpaling: "",
      fromBehind: "from behind: PD 1, DR 1",
      pieces: ["Breastplate (steel)", "Cloth armor"],
    });
    expect(at("left-leg")).toMatchObject({ pd: "0", dr: "0", pieces: [], fromBehind: "" });
    expect(c.combat.noPieces).toBe("none");
    // Scale armour (a Basic suit) is the worn suit's name on every location but the face.
    const suit = m2mActorContext(actorInput()).combat.locations;
    expect(suit.find((r) => r.id === "torso")!.pieces).toEqual(["Scale armour"]);
    expect(suit.find((r) => r.id === "face")!.pieces).toEqual([]);
    expect(m2mActorContext(actorInput({ derived: null })).combat.locations).toEqual([]);
  });

  it("HP and fatigue trackers with their thresholds, the reached ones marked (L1872-1876, L3641, L3755)", () => {
    const c = m2mActorContext(actorInput());
    const hp = c.combat.trackers!.hp;
    expect([hp.value, hp.max, hp.label]).toEqual([9, 14, "Hit points (of 14)"]);
    expect(hp.rows.slice(0, 5).map((r) => [r.value, r.label])).toEqual([
      [3, "Move and Dodge halved"],
      [0, "HT roll each turn to stay conscious"],
      [-1, "Unconscious"],
      [-14, "HT roll or die"],
      [-19, "HT roll or die"],
    ]);
    expect(hp.rows.at(-1)).toEqual({ value: -140, label: "Body destroyed", reached: false });
    const low = m2mActorContext(actorInput({ system: { m2m: { ...friedrickBlock(), hp: -15 } } }));
    expect(low.combat.trackers!.hp.rows.filter((r) => r.reached).map((r) => r.value)).toEqual([
      3, 0, -1, -14,
    ]);
    expect(c.combat.trackers!.fatigue.rows.map((r) => [r.value, r.reached])).toEqual([
      [9, false],
      [11, false],
    ]);
  });

  it("current conditions from the encounter state, in the header and as fields", () => {
    const c = m2mActorContext(actorInput());
    expect(c.header.conditions.map((x) => x.label)).toEqual(["Shock −2", "Crippled left hand"]);
    expect(c.combat.encounter.crippled.find((x) => x.id === "left-hand")).toMatchObject({
      name: "bbb.crippled.left-hand",
      checked: true,
    });
    expect(c.header.stats.map((s) => [s.id, s.value])).toEqual([
      ["hp", "9/14"],
      ["fatigue", "2"],
      ["move", "5"],
      ["dodge", "5"],
      ["points", "100"],
    ]);
  });

  it("without a derivation: no figures, the reason shown; a Limited viewer gets header and description", () => {
    const c = m2mActorContext(actorInput({ derived: null, derivationError: "ST: 3 is below 7" }));
    expect(c.header.stats).toEqual([]);
    expect(c.header.error).toBe("The sheet's figures cannot be computed: ST: 3 is below 7");
    expect(c.combat.weapons).toEqual([]);
    expect(c.combat.trackers).toBeNull();
    expect(partsFor(true)).toEqual(["header", "limited"]);
    expect(partsFor(false)).toEqual([
      "header",
      "tabs",
      "attributes",
      "skills",
      "combat",
      "description",
    ]);
  });
});

describe("actor sheet submit", () => {
  const check = checker(m2mActorRules());

  it("a bad attribute is refused naming the field; the other changes go through", () => {
    const r = actorSubmit({
      block: friedrickBlock(),
      form: { "system.m2m.attributes.st": 3, "system.m2m.fatigue": 4, name: "Fritz" },
      check,
    });
    expect(r.problems).toEqual([
      { field: "system.m2m.attributes.st", value: 3, key: VALIDATION_KEYS.outOfRange },
    ]);
    expect(r.changes).toEqual({ "system.m2m.fatigue": 4, name: "Fritz" });
  });

  it("skill points are written as the whole list; a half point is accepted, a negative refused", () => {
    const block = friedrickBlock();
    const r = actorSubmit({
      block,
      form: { "system.m2m.skills.1.points": 0.5, "system.m2m.skills.2.points": -1 },
      check,
    });
    expect(r.problems.map((p) => p.field)).toEqual(["system.m2m.skills.2.points"]);
    const skills = r.changes["system.m2m.skills"] as { id: string; points: number }[];
    expect(skills.map((s) => s.points)).toEqual([8, 0.5, 1, 2]);
    expect(block.skills[1]!.points).toBe(4);
  });

  it("the crippled boxes become the crippled list; add and remove a skill", () => {
    const r = actorSubmit({
      block: friedrickBlock(),
      form: { "bbb.crippled.left-hand": false, "bbb.crippled.right-leg": true },
      check,
    });
    expect(r.changes).toEqual({ "system.m2m.encounter.crippled": ["right-leg"] });
    expect(addSkill(friedrickBlock(), "axe-mace")).toBeNull();
    expect(addSkill(friedrickBlock(), "bow")!.at(-1)).toEqual({ id: "bow", points: 0 });
    expect(removeSkill(friedrickBlock(), 0)!.map((s) => s.id)).toEqual([
      "knife",
      "shield",
      "running",
    ]);
    expect(removeSkill(friedrickBlock(), 9)).toBeNull();
  });
});

describe("item sheet context and submit", () => {
  const item = (id: string) => friedrickItems().find((i) => i.id === id)!;
  const ctx = (id: string, isGM = true, localize = base.localize) => {
    const i = item(id);
    return m2mItemContext({
      type: i.type as M2mItemType,
      system: i.system as never,
      name: i.name,
      img: "",
      editable: true,
      isGM,
      localize,
    });
  };

  it("every label is in lang/en.json", () => {
    const { localize, missing } = recorder();
    for (const id of [AXE_ID, ARMOUR_ID, CROSSBOW_ID, SWORD_ID]) ctx(id, true, localize);
    expect([...missing]).toEqual([]);
  });

  it("a weapon's modes table, with its reaches and flags", () => {
    const c = ctx(SWORD_ID);
    expect(c.weapon!.modes.map((m) => m.skill.options.find((o) => o.selected)?.value)).toEqual(
      item(SWORD_ID).system.m2m &&
        (item(SWORD_ID).system.m2m as { modes: { skill: string }[] }).modes.map((m) => m.skill),
    );
    expect(c.weapon!.modes[0]!.reach.map((r) => [r.name, r.checked])).toEqual([
      ["bbb.reach.0.C", false],
      ["bbb.reach.0.1", true],
      ["bbb.reach.0.2", false],
      ["bbb.reach.0.3", false],
    ]);
    expect(c.weapon!.shield).toBeNull();
  });

  it("the HM3 block is listed for a GM only, leaf by leaf with HM3's field labels", () => {
    const { localize, missing } = recorder();
    const others = ctx(SWORD_ID, true, localize).others;
    expect(others.title).toBe("Other rulesets' data");
    expect(others.blocks.map((b) => [b.id, b.name])).toEqual([["hm3", "HârnMaster 3"]]);
    expect(others.blocks[0]!.rows.map((r) => [r.path, r.value])).toEqual([
      ["skill", "Sword"],
      ["wq", "12"],
      ["attack", "15"],
      ["defence", "10"],
      ["impact.blunt", "3"],
      ["impact.edge", "5"],
      ["impact.point", "3"],
      ["impact.fire", "—"],
      ["handMode", "one"],
      ["shield", "No"],
    ]);
    const label = (path: string) => others.blocks[0]!.rows.find((r) => r.path === path)!.label;
    expect(label("wq")).toBe(localize("BLOWBYBLOW.HM3.Weapon.FIELDS.hm3.wq.label"));
    expect(label("impact.edge")).toBe(
      `${localize("BLOWBYBLOW.HM3.Weapon.FIELDS.hm3.impact.label")} › ${localize("BLOWBYBLOW.HM3.Weapon.FIELDS.hm3.impact.edge.label")}`,
    );
    expect([...missing]).toEqual([]);
    // A player sees none; the axe's HM3 block (none stored) gives no table.
    expect(ctx(SWORD_ID, false).others.blocks).toEqual([]);
    expect(ctx(AXE_ID).others.blocks).toEqual([]);
  });

  it("armour's locations grid: every location, the covered ones with PD and DR inputs", () => {
    const c = ctx(ARMOUR_ID);
    expect(c.armour!.rows.map((r) => [r.id, r.covered.checked, r.cells.length])).toEqual([
      ["head", true, 4],
      ["body", true, 4],
      ["arms", true, 4],
      ["legs", true, 4],
      ["hands", true, 4],
      ["feet", true, 4],
    ]);
    expect(c.armour!.rows[1]!.cells[0]).toMatchObject({
      name: "system.m2m.locations.1.pd",
      value: 3,
    });
  });

  it("submit: a bad mode field is refused naming it; reaches and mode fields written as the whole modes list", () => {
    const i = item(SWORD_ID);
    const r = itemSubmit({
      type: "weapon",
      block: i.system.m2m,
      form: {
        "system.m2m.modes.0.mod": 99,
        "system.m2m.modes.1.mod": 1,
        "bbb.reach.0.C": true,
        "bbb.reach.0.1": true,
        "system.m2m.quality": "fine",
      },
      check: checker(M2M_ITEM_RULES.weapon),
    });
    expect(r.problems.map((p) => p.field)).toEqual(["system.m2m.modes.0.mod"]);
    const modes = r.changes["system.m2m.modes"] as { mod: number; reach: string[] }[];
    expect(modes[0]!.reach).toEqual(["C", "1"]);
    expect(modes[0]!.mod).toBe((i.system.m2m as { modes: { mod: number }[] }).modes[0]!.mod);
    expect(modes[1]!.mod).toBe(1);
    expect(r.changes["system.m2m.quality"]).toBe("fine");
  });

  it("submit: unticking a covered location of a piece removes it, ticking one adds it at 0", () => {
    const i = item(ARMOUR_ID);
    // As an Advanced piece: a Basic suit must cover every location (L2625).
    const piece = { ...(i.system.m2m as Record<string, unknown>), kind: "piece" };
    const form: Record<string, unknown> = {};
    for (const l of ["head", "body", "arms", "legs", "hands", "feet"])
      form[`bbb.covered.${l}`] = l !== "feet";
    const r = itemSubmit({
      type: "armour",
      block: piece,
      form,
      check: checker(M2M_ITEM_RULES.armour),
    });
    expect(r.problems).toEqual([]);
    expect(r.blockRefused).toBe(false);
    const locs = r.changes["system.m2m.locations"] as { location: string }[];
    expect(locs.map((l) => l.location)).toEqual(["head", "body", "arms", "legs", "hands"]);
    const sword = item(SWORD_ID).system.m2m as never;
    const modes = addMode(sword);
    expect(modes).toHaveLength((sword as { modes: unknown[] }).modes.length + 1);
    expect(modes.at(-1)).toMatchObject({ base: "sw", type: "cut", reach: ["1"], technique: "" });
    expect(removeMode(sword, 0)).toHaveLength((sword as { modes: unknown[] }).modes.length - 1);
  });
});
