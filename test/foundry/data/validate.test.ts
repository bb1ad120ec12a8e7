/**
 * Sheet input checks (validate.ts): a refused field gets a problem with a whole-literal
 * localisation key and the field's label, every other field passes through, and the problems
 * read as English sentences naming the field and the value.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../stand-ins/globals";
import { FIELD_LABELS } from "../../../src/foundry/data/labels";
import { notifyProblems } from "../../../src/foundry/data/notify";
import {
  checkUpdate,
  formatProblem,
  HUMAN_PLAN_CONTEXT,
  planContext,
  VALIDATION_KEYS,
  type Localizer,
  type Problem,
} from "../../../src/foundry/data/validate";
import { TYPE_KEYS } from "../../../src/foundry/data/rules";

beforeEach(() => resetStandIns());
const i18n = () => standIns.game.i18n as unknown as Localizer;
const messages = (problems: Problem[]) => problems.map((p) => formatProblem(p, i18n()));

describe("checkUpdate", () => {
  it("refuses a non-number attribute and passes every other field", () => {
    const { accepted, problems } = checkUpdate("Actor.character", {
      name: "Hero",
      "system.hm3.attributes.str": "strong",
      "system.hm3.attributes.dex": "14",
      "system.hm3.fatigue": 2,
      "system.description": "<p>Tall</p>",
    });
    expect(accepted).toEqual({
      name: "Hero",
      "system.hm3.attributes.dex": 14,
      "system.hm3.fatigue": 2,
      "system.description": "<p>Tall</p>",
    });
    expect(problems).toEqual([
      {
        field: "system.hm3.attributes.str",
        value: "strong",
        key: VALIDATION_KEYS.notNumber,
        label: "BLOWBYBLOW.HM3.Actor.FIELDS.hm3.attributes.str.label",
        data: {},
      },
    ]);
    expect(messages(problems)).toEqual(['Strength: "strong" is not a number.']);
  });

  it("refuses an out-of-range or fractional WQ", () => {
    const { accepted, problems } = checkUpdate("Item.weapon", {
      "system.hm3.wq": 40,
      "system.hm3.attack": "7.5",
      "system.hm3.defence": "-10",
    });
    expect(accepted).toEqual({ "system.hm3.defence": -10 });
    expect(messages(problems)).toEqual([
      "Weapon quality: 40 is outside the range 0 to 30.",
      'Attack modifier: "7.5" is not a whole number.',
    ]);
  });

  it("bounds with one side: fatigue below 0, weight below 0", () => {
    expect(messages(checkUpdate("Actor.character", { "system.hm3.fatigue": -1 }).problems)).toEqual(
      ["Fatigue: -1 is less than 0."],
    );
    expect(messages(checkUpdate("Item.gear", { "system.weight": "-2" }).problems)).toEqual([
      'Weight (lb): "-2" is less than 0.',
    ]);
  });

  it("an empty nullable number is null (encumbrance from the load, aspect absent); an empty required one is refused", () => {
    const c = checkUpdate("Actor.character", { "system.hm3.encumbrance": "" });
    expect(c).toEqual({ accepted: { "system.hm3.encumbrance": null }, problems: [] });
    expect(checkUpdate("Item.weapon", { "system.hm3.impact.blunt": "" }).accepted).toEqual({
      "system.hm3.impact.blunt": null,
    });
    // Ruling R41: an empty WQ is no weapon quality (fists, sling stones).
    expect(checkUpdate("Item.weapon", { "system.hm3.wq": " " }).accepted).toEqual({
      "system.hm3.wq": null,
    });
    expect(messages(checkUpdate("Item.weapon", { "system.hm3.attack": " " }).problems)).toEqual([
      "Attack modifier may not be empty.",
    ]);
  });

  it("choices: material, severity, held hand", () => {
    const { problems } = checkUpdate("Item.armour", {
      "system.hm3.material": "mithril",
      "system.held": "left",
    });
    expect(messages(problems)).toEqual([
      'Material: "mithril" is not one of cloth, quilt, leather, kurbul, ring, mail, scale, plate.',
      'Held in: "left" is not one of none, main, off, both.',
    ]);
  });

  it("armour locations: bare and sided ids of the human plan; an unknown one is refused", () => {
    const good = checkUpdate("Item.armour", {
      "system.hm3.locations": ["thorax", "left-forearm", "forearm"],
    });
    expect(good.problems).toEqual([]);
    expect(good.accepted).toEqual({
      "system.hm3.locations": ["thorax", "left-forearm", "forearm"],
    });
    // A text input: comma-separated.
    expect(checkUpdate("Item.armour", { "system.hm3.locations": "skull, face" }).accepted).toEqual({
      "system.hm3.locations": ["skull", "face"],
    });
    // One entry of the list, as an indexed form field.
    expect(checkUpdate("Item.armour", { "system.hm3.locations.1": "tail" }).problems).toHaveLength(
      1,
    );
    expect(checkUpdate("Item.armour", { "system.hm3.locations.1": "neck" }).accepted).toEqual({
      "system.hm3.locations.1": "neck",
    });
    const bad = checkUpdate("Item.armour", { "system.hm3.locations": ["thorax", "tail"] });
    expect(bad.accepted).toEqual({});
    expect(messages(bad.problems)).toEqual([
      'Locations: ["thorax","tail"] is not a location of the human body plan.',
    ]);
  });

  it("injury location: a paired location needs its side", () => {
    expect(checkUpdate("Item.injury", { "system.hm3.location": "right-thigh" }).problems).toEqual(
      [],
    );
    expect(checkUpdate("Item.injury", { "system.hm3.location": "neck" }).problems).toEqual([]);
    const { problems } = checkUpdate("Item.injury", { "system.hm3.location": "thigh" });
    expect(messages(problems)).toEqual([
      'Location: "thigh" is not a location of the human body plan.',
    ]);
  });

  it("an item on a creature is checked against the creature's plan", () => {
    const plan = planContext({
      name: "Wolf",
      locations: [
        { id: "head", paired: false },
        { id: "foreleg", paired: true },
      ],
    });
    expect(plan.armourIds).toEqual(["head", "foreleg", "left-foreleg", "right-foreleg"]);
    expect(plan.injuryIds).toEqual(["head", "left-foreleg", "right-foreleg"]);
    expect(
      checkUpdate("Item.injury", { "system.hm3.location": "left-foreleg" }, plan).problems,
    ).toEqual([]);
    const { problems } = checkUpdate("Item.injury", { "system.hm3.location": "thorax" }, plan);
    expect(messages(problems)).toEqual([
      'Location: "thorax" is not a location of the Wolf body plan.',
    ]);
    expect(HUMAN_PLAN_CONTEXT.injuryIds).toContain("left-foot");
    expect(HUMAN_PLAN_CONTEXT.injuryIds).not.toContain("foot");
  });

  it("an injury code sets severity and level; a bad code is refused", () => {
    expect(checkUpdate("Item.injury", { "system.hm3.code": "g4" })).toEqual({
      accepted: { "system.hm3.severity": "G", "system.hm3.level": 4 },
      problems: [],
    });
    const { problems } = checkUpdate("Item.injury", { "system.hm3.code": "X9" });
    expect(problems[0]).toMatchObject({
      key: VALIDATION_KEYS.badInjuryCode,
      label: "BLOWBYBLOW.HM3.Injury.code",
    });
    expect(messages(problems)[0]).toMatch(
      /^Injury code: "X9" is not an injury code: severity M, S, G or K and level 1 to 5/,
    );
  });

  it("a creature's injury cell given as a code becomes the cell; a bad one names the cell", () => {
    const ok = checkUpdate("Actor.creature", {
      "system.hm3.bodyPlan.locations.3.injury.4": "♦K4▼",
    });
    expect(ok.accepted).toEqual({
      "system.hm3.bodyPlan.locations.3.injury.4": {
        severity: "K",
        level: 4,
        fumbleStumble: true,
        amputation: true,
      },
    });
    const bad = checkUpdate("Actor.creature", { "system.hm3.bodyPlan.locations.3.injury.4": "K9" });
    expect(bad.problems[0]).toMatchObject({
      field: "system.hm3.bodyPlan.locations.3.injury.4",
      key: VALIDATION_KEYS.badInjuryCode,
      label: "BLOWBYBLOW.HM3.Actor.FIELDS.hm3.bodyPlan.locations.element.injury.label",
    });
  });

  it("body plan cells: aim points 0-100, a location id's form, the region list", () => {
    const { accepted, problems } = checkUpdate("Actor.creature", {
      "system.hm3.bodyPlan.locations.0.aim.high": "101",
      "system.hm3.bodyPlan.locations.0.id": "Fore Leg",
      "system.hm3.bodyPlan.locations.0.region": "fin",
      "system.hm3.bodyPlan.locations.0.aim.mid": "25",
    });
    expect(accepted).toEqual({ "system.hm3.bodyPlan.locations.0.aim.mid": 25 });
    expect(messages(problems)).toEqual([
      'Aim points, high: "101" is outside the range 0 to 100.',
      'Location id: "Fore Leg" is not a location id (lower-case letters, digits and hyphens, starting with a letter).',
      'Region: "fin" is not one of head, neck, arm, torso, leg, wing, tail, other.',
    ]);
  });

  it("a container submitted whole is checked leaf by leaf and refused whole if a leaf is bad", () => {
    const good = checkUpdate("Item.weapon", { "system.hm3.impact": { blunt: "3", edge: 5 } });
    expect(good.accepted).toEqual({ "system.hm3.impact": { blunt: 3, edge: 5 } });
    const bad = checkUpdate("Item.weapon", { "system.hm3.impact": { blunt: "3", edge: 60 } });
    expect(bad.accepted).toEqual({});
    expect(bad.problems.map((p) => p.field)).toEqual(["system.hm3.impact.edge"]);
  });

  it("skill-base attributes: at most three, each an attribute id", () => {
    expect(
      checkUpdate("Item.skill", { "system.hm3.sbAttributes": ["str", "dex", "dex"] }).problems,
    ).toEqual([]);
    expect(
      messages(
        checkUpdate("Item.skill", { "system.hm3.sbAttributes": "str, dex, agl, wil" }).problems,
      ),
    ).toEqual(['Skill base attributes: at most 3 entries, got "str, dex, agl, wil".']);
  });
});

describe("localisation", () => {
  it("every message key and every field label exists in lang/en.json", () => {
    const missing = [
      ...Object.values(VALIDATION_KEYS),
      ...TYPE_KEYS.flatMap((t) => Object.values(FIELD_LABELS[t] ?? {})),
    ].filter((k) => !standIns.game.i18n.has(k));
    expect(missing).toEqual([]);
  });

  it("notifyProblems shows one warning per problem, in English", () => {
    const { problems } = checkUpdate("Item.weapon", {
      "system.hm3.wq": 31,
      "system.hm3.handMode": "three",
    });
    const shown = notifyProblems(problems);
    expect(standIns.notifications.messages).toEqual([
      { type: "warning", message: "Weapon quality: 31 is outside the range 0 to 30.", options: {} },
      { type: "warning", message: 'Hands: "three" is not one of one, two, either.', options: {} },
    ]);
    expect(shown).toEqual(standIns.notifications.messages.map((m) => m.message));
  });
});
