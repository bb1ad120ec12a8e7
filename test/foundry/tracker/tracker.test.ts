/**
 * The combat tracker against the stand-ins (docs/foundry-stand-ins.md): initiative from the
 * world ruleset's Initiative EML (hm3.md §2, highest first; ties in the tracker's stable order,
 * ruling R6), tactical advantage per character turn (hm3.md §2) reset as turns start, defeated
 * marking when an incapacitating condition is applied, and the conditions shown in the tracker.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  addUser,
  asUser,
  createCombat,
  makeActor,
  resetStandIns,
  settle,
  standIns,
  updateLog,
  type StandInActor,
  type StandInCombat,
  type StandInCombatant,
} from "../stand-ins";
import { registerDataModels } from "../../../src/foundry/data";
import { registerStatusEffects } from "../../../src/foundry/config";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import {
  combatOfActor,
  decorateTracker,
  gainAdvantage,
  initiativeFormula,
  registerTracker,
  trackerDocumentClasses,
  type CombatLike,
  type ElementLike,
} from "../../../src/foundry/combat/tracker";
import type { ActorLike } from "../../../src/foundry/combat/snapshot";
import { KNIGHT_SYSTEM } from "../actor-sheet-fixtures";

type Obj = Record<string, unknown>;

/** An HM3 character with an Initiative skill of `ml` and injuries of the given levels, nothing carried. */
function fighter(id: string, name: string, ml: number, injuryLevels: number[] = []): StandInActor {
  const items: Obj[] = [
    {
      _id: `${id.slice(0, 10)}Init00`,
      name: "Initiative",
      type: "skill",
      system: {
        description: "",
        hm3: {
          category: "combat",
          sbAttributes: ["agl", "wil", "wil"],
          sbModifier: 0,
          skillBase: null,
          ml,
        },
      },
    },
    ...injuryLevels.map((level, i) => ({
      _id: `${id.slice(0, 10)}Inj${String(i).padStart(3, "0")}`,
      name: "Cut",
      type: "injury",
      system: {
        description: "",
        hm3: {
          location: "right-thigh",
          aspect: "edge",
          severity: level >= 4 ? "G" : level >= 2 ? "S" : "M",
          level,
          healingRate: 4,
          bleeding: false,
        },
      },
    })),
  ];
  const actor = makeActor({
    _id: id,
    name,
    type: "character",
    system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
    items: items as never,
  });
  standIns.game.actors.set(actor.id!, actor);
  return actor;
}

const eml = (actor: StandInActor): number =>
  (actor.system as unknown as { derived: { initiative: { eml: { value: number } } } }).derived
    .initiative.eml.value;

const names = (combat: StandInCombat): string[] => combat.turns.map((t) => t.name);
const systemOf = (c: StandInCombatant | undefined) =>
  (c as unknown as { system: { advantages: number; turnKey: string } } | undefined)?.system;

beforeEach(() => {
  resetStandIns();
  registerDataModels();
  registerStatusEffects();
  registerCombatSettings();
  registerTracker();
});

describe("document classes", () => {
  it("sets the system's Combat and Combatant classes, extending Foundry's", () => {
    const config = standIns.CONFIG as unknown as Record<string, { documentClass: unknown }>;
    const classes = trackerDocumentClasses();
    expect(config.Combat!.documentClass).toBe(classes.Combat);
    expect(config.Combatant!.documentClass).toBe(classes.Combatant);
    expect(classes.Combat.prototype).toBeInstanceOf(Combat);
    expect(classes.Combatant.prototype).toBeInstanceOf(Combatant);
  });
});

describe("initiative (hm3.md §2: Initiative EML, highest first)", () => {
  it("rolls the Initiative EML as a constant: no dice", async () => {
    const hurt = fighter("actorHurt0000001", "Hurt", 70, [2, 1]);
    // EML = ML − 5 × PP (ruling R22): two injuries of levels 2 and 1, nothing carried.
    expect(eml(hurt)).toBe(55);
    expect(initiativeFormula(hurt as unknown as ActorLike)).toBe("55");
    expect(initiativeFormula(null)).toBe("0");
    const combat = await createCombat([hurt]);
    const combatant = combat.combatants.contents[0]!;
    const roll = combatant.getInitiativeRoll();
    await roll.evaluate();
    expect(roll.total).toBe(55);
    expect(roll.dice).toHaveLength(0);
  });

  it("orders the tracker by Initiative EML, highest first, ties by the tracker's stable order (R6)", async () => {
    const aldric = fighter("actorAldric00001", "Sir Aldric", 60);
    const brigand = fighter("actorBrigand0001", "Brigand", 75);
    const cedric = fighter("actorCedric00001", "Cedric", 70, [3]);
    const dara = fighter("actorDara0000001", "Dara", 60);
    const combat = await createCombat([aldric, cedric, dara, brigand]);
    await combat.rollAll();
    const byName = Object.fromEntries(combat.combatants.map((c) => [c.name, c.initiative]));
    expect(byName).toEqual({ "Sir Aldric": 60, Brigand: 75, Cedric: 55, Dara: 60 });
    // Foundry v13: initiative descending, then name, then id: Dara before Sir Aldric.
    expect(names(combat)).toEqual(["Brigand", "Dara", "Sir Aldric", "Cedric"]);
    // The chat log records each initiative.
    const flavors = standIns.game.messages!.map((m) => (m as unknown as { flavor: string }).flavor);
    expect(flavors).toHaveLength(4);
  });

  it("lets the GM break a tie by hand (R6)", async () => {
    const aldric = fighter("actorAldric00001", "Sir Aldric", 60);
    const dara = fighter("actorDara0000001", "Dara", 60);
    const combat = await createCombat([aldric, dara]);
    await combat.rollAll();
    expect(names(combat)).toEqual(["Dara", "Sir Aldric"]);
    const aldricCombatant = combat.combatants.find((c) => c.name === "Sir Aldric")!;
    await combat.updateEmbeddedDocuments("Combatant", [
      { _id: aldricCombatant.id, initiative: 60.5 },
    ]);
    expect(names(combat)).toEqual(["Sir Aldric", "Dara"]);
  });
});

/** A started fight: the Brigand (Initiative EML 75) acts first, then Sir Aldric (60). */
async function startedFight() {
  const brigand = fighter("actorBrigand0001", "Brigand", 75);
  const aldric = fighter("actorAldric00001", "Sir Aldric", 60);
  const combat = await createCombat([aldric, brigand]);
  await combat.rollAll();
  await combat.startCombat();
  await settle();
  return { combat, brigand, aldric };
}

describe("tactical advantage per character turn (hm3.md §2)", () => {
  const fight = startedFight;

  it("gives the first advantage in a turn the extra action and refuses a second", async () => {
    const { combat, brigand, aldric } = await fight();
    expect(combat.combatant?.name).toBe("Brigand");
    expect(systemOf(combat.combatant)).toEqual({ advantages: 0, turnKey: "1.0" });
    // The defender (Aldric) gains it in the Brigand's turn: counted on the Brigand's turn.
    expect(await gainAdvantage(aldric.uuid)).toBe("extraAction");
    expect(systemOf(combat.combatant)).toEqual({ advantages: 1, turnKey: "1.0" });
    // A second in the same character turn, whoever gains it.
    expect(await gainAdvantage(brigand.uuid)).toBe("refused");
    expect(await gainAdvantage(aldric.uuid)).toBe("refused");
    expect(systemOf(combat.combatant)).toEqual({ advantages: 1, turnKey: "1.0" });
  });

  it("hands v13's turn context on to Foundry's _onStartTurn and keys the turn by it (review m4)", async () => {
    const base = Object.getPrototypeOf(trackerDocumentClasses().Combat.prototype) as {
      _onStartTurn(c: unknown, ctx?: unknown): Promise<void>;
    };
    const spy = vi.spyOn(base, "_onStartTurn");
    const { combat } = await fight();
    await combat.nextTurn();
    await settle();
    expect(spy.mock.calls.map(([c, ctx]) => [(c as { name: string }).name, ctx])).toEqual([
      ["Brigand", { round: 1, turn: 0, skipped: false }],
      ["Sir Aldric", { round: 1, turn: 1, skipped: false }],
    ]);
    expect(systemOf(combat.combatant)).toEqual({ advantages: 0, turnKey: "1.1" });
    spy.mockRestore();
  });

  it("resets on the next turn and the next round", async () => {
    const { combat, aldric } = await fight();
    expect(await gainAdvantage(aldric.uuid)).toBe("extraAction");
    await combat.nextTurn();
    await settle();
    expect(combat.combatant?.name).toBe("Sir Aldric");
    expect(systemOf(combat.combatant)).toEqual({ advantages: 0, turnKey: "1.1" });
    expect(await gainAdvantage(aldric.uuid)).toBe("extraAction");
    expect(await gainAdvantage(aldric.uuid)).toBe("refused");
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(2);
    expect(combat.combatant?.name).toBe("Brigand");
    expect(systemOf(combat.combatant)).toEqual({ advantages: 0, turnKey: "2.0" });
    expect(await gainAdvantage(aldric.uuid)).toBe("extraAction");
  });

  it("counts a stale turn as none even when no turn start reset it", async () => {
    const { combat, aldric } = await fight();
    expect(await gainAdvantage(aldric.uuid)).toBe("extraAction");
    // The turn moves on without turn events (as when no GM was connected).
    await combat.update({ turn: 1 }, { turnEvents: false });
    await settle();
    expect(systemOf(combat.combatant)?.turnKey).not.toBe("1.1");
    expect(await gainAdvantage(aldric.uuid)).toBe("extraAction");
    expect(systemOf(combat.combatant)).toEqual({ advantages: 1, turnKey: "1.1" });
  });

  it("grants only one of two claims made at once", async () => {
    const { aldric, brigand } = await fight();
    const outcomes = await Promise.all([gainAdvantage(aldric.uuid), gainAdvantage(brigand.uuid)]);
    expect(outcomes.sort()).toEqual(["extraAction", "refused"]);
  });

  it("has no turn to count in outside a started combat", async () => {
    const loner = fighter("actorLoner000001", "Loner", 50);
    expect(await gainAdvantage(loner.uuid)).toBe("extraAction");
    expect(await gainAdvantage(loner.uuid)).toBe("extraAction");
    const combat = await createCombat([loner]);
    expect(combatOfActor(loner.uuid)).toBeNull();
    expect(await gainAdvantage(loner.uuid)).toBe("extraAction");
    expect(systemOf(combat.combatants.contents[0])).toEqual({ advantages: 0, turnKey: "" });
  });
});

describe("defeated combatants", () => {
  async function fight() {
    const aldric = fighter("actorAldric00001", "Sir Aldric", 60);
    const brigand = fighter("actorBrigand0001", "Brigand", 75);
    const combat = await createCombat([aldric, brigand]);
    const of = (actor: StandInActor) => combat.combatants.find((c) => c.actor === actor)!;
    return { combat, aldric, brigand, of };
  }

  it("marks the combatant defeated when shock is applied (the world ruleset's incapacitating)", async () => {
    const { aldric, brigand, of } = await fight();
    await aldric.toggleStatusEffect("shock", { active: true });
    await settle();
    expect(of(aldric).defeated).toBe(true);
    expect(of(brigand).defeated).toBe(false);
  });

  it("marks the combatant defeated when dead is applied", async () => {
    const { brigand, of } = await fight();
    await brigand.toggleStatusEffect("dead", { active: true, overlay: true });
    await settle();
    expect(of(brigand).defeated).toBe(true);
  });

  it("leaves a combatant in the fight for a condition that does not incapacitate", async () => {
    const { aldric, of } = await fight();
    await aldric.toggleStatusEffect("prone", { active: true });
    await aldric.toggleStatusEffect("stunned", { active: true });
    await settle();
    expect(of(aldric).defeated).toBe(false);
  });

  it("marks once, however many incapacitating conditions follow (idempotent)", async () => {
    const { aldric, of } = await fight();
    const marks = () =>
      updateLog.filter((u) => u.uuid === of(aldric).uuid && (u.changes as Obj).defeated === true)
        .length;
    await aldric.toggleStatusEffect("shock", { active: true });
    await settle();
    await aldric.toggleStatusEffect("unconscious", { active: true });
    await settle();
    expect(of(aldric).defeated).toBe(true);
    expect(marks()).toBe(1);
  });

  it("is written by the active GM's client only, even when a player applies the condition", async () => {
    const alice = addUser({ id: "userAlice0000001", name: "Alice" });
    const aldric = makeActor({
      _id: "actorAldric00001",
      name: "Sir Aldric",
      type: "character",
      system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
      ownership: { default: 0, [alice.id]: 3 },
    });
    standIns.game.actors.set(aldric.id!, aldric);
    const combat = await createCombat([aldric]);
    await asUser(alice, () => aldric.toggleStatusEffect("unconscious", { active: true }));
    await settle();
    expect(combat.combatants.contents[0]!.defeated).toBe(true);
    const writers = updateLog.filter((u) => (u.changes as Obj).defeated === true);
    expect(writers).toHaveLength(1);
  });
});

// ── Conditions in the tracker ────────────────────────────────────────────────────────────────

/** A rendered tracker row as far as the decoration reads it (Foundry v13's tracker markup). */
class FakeElement implements ElementLike {
  dataset: Record<string, string | undefined> = {};
  children: FakeElement[] = [];
  html = "";
  removed = false;
  constructor(
    readonly selector: string,
    readonly parent: FakeElement | null = null,
  ) {
    parent?.children.push(this);
  }
  private all(): FakeElement[] {
    return this.children.flatMap((c) => [c, ...c.all()]).filter((c) => !c.removed);
  }
  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  querySelectorAll(selector: string): FakeElement[] {
    return this.all().filter((c) => c.selector === selector);
  }
  insertAdjacentHTML(_position: "beforeend", html: string): void {
    this.html += html;
    if (html.includes("bbb-tracker-conditions"))
      new FakeElement(".bbb-tracker-conditions", this).html = html;
  }
  remove(): void {
    this.removed = true;
    if (this.parent) this.parent.html = "";
  }
}

function trackerHtml(combat: StandInCombat): {
  root: FakeElement;
  rows: Map<string, FakeElement>;
} {
  const root = new FakeElement("#combat");
  const rows = new Map<string, FakeElement>();
  for (const c of combat.turns) {
    const li = new FakeElement("li.combatant[data-combatant-id]", root);
    li.dataset.combatantId = c.id!;
    rows.set(c.name, new FakeElement(".token-name", li));
  }
  return { root, rows };
}

describe("conditions in the tracker", () => {
  it("adds each combatant's conditions under its name, localised, and nothing for others", async () => {
    const aldric = fighter("actorAldric00001", "Sir Aldric", 60);
    const brigand = fighter("actorBrigand0001", "Brigand", 75);
    const combat = await createCombat([aldric, brigand]);
    await aldric.toggleStatusEffect("prone", { active: true });
    await aldric.toggleStatusEffect("shock", { active: true });
    await settle();
    const { root, rows } = trackerHtml(combat);
    standIns.Hooks.callAll("renderCombatTracker", { viewed: combat }, root);
    const html = rows.get("Sir Aldric")!.html;
    expect(html).toContain('data-condition="shock" data-tooltip="Shock"');
    expect(html).toContain('data-condition="prone" data-tooltip="Prone"');
    expect(html.indexOf("shock")).toBeLessThan(html.indexOf("prone"));
    expect(html).toContain('aria-label="Conditions"');
    expect(html).not.toMatch(/BLOWBYBLOW\./);
    expect(rows.get("Brigand")!.html).toBe("");
  });

  it("replaces its own markup on a second render instead of adding it twice", async () => {
    const aldric = fighter("actorAldric00001", "Sir Aldric", 60);
    const combat = await createCombat([aldric]);
    await aldric.toggleStatusEffect("prone", { active: true });
    const { root, rows } = trackerHtml(combat);
    decorateTracker(combat as unknown as CombatLike, root);
    decorateTracker(combat as unknown as CombatLike, root);
    expect(rows.get("Sir Aldric")!.html.match(/bbb-tracker-conditions/g)).toHaveLength(1);
  });

  it("marks the current combatant whose turn's tactical advantage is taken", async () => {
    const { combat, aldric } = await startedFight();
    await gainAdvantage(aldric.uuid);
    const { root, rows } = trackerHtml(combat);
    decorateTracker(combat as unknown as CombatLike, root);
    expect(rows.get("Brigand")!.html).toContain(
      'data-tooltip="Tactical advantage taken this turn"',
    );
    expect(rows.get("Sir Aldric")!.html).toBe("");
    await combat.nextTurn();
    await settle();
    const again = trackerHtml(combat);
    decorateTracker(combat as unknown as CombatLike, again.root);
    expect(again.rows.get("Brigand")!.html).toBe("");
  });

  it("does nothing without a combat", () => {
    const root = new FakeElement("#combat");
    expect(() => decorateTracker(null, root)).not.toThrow();
    expect(root.html).toBe("");
  });
});
