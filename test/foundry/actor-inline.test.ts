/**
 * In-place edits on the actor sheet (a skill's ML on the Skills tab): the pure decision
 * (`inlineItemUpdate`, checked by the data layer like any item change) and the sheet's change
 * handler against a stand-in actor (the stand-in sheets run no `_onRender`, so the handler is
 * called as the listener calls it): the owner's change updates the embedded item, a refused
 * value is reported naming the field and the shown value restored, a non-owner changes nothing.
 */
import "./stand-ins";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "./stand-ins/globals";
import { makeActor, type StandInActor } from "./stand-ins/data";
import { resetApplications } from "./stand-ins/applications";
import { registerDataModels } from "../../src/foundry/data";
import {
  CharacterSheet,
  type InlineInput,
} from "../../src/foundry/rulesets/hm3/sheets/actor/actor-sheet";
import { inlineItemUpdate } from "../../src/foundry/rulesets/hm3/sheets/actor/inline";
import { KNIGHT_ITEMS, KNIGHT_SYSTEM } from "./actor-sheet-fixtures";

type Obj = Record<string, unknown>;

const SWORD = KNIGHT_ITEMS.find((i) => i.id === "skSword000000001")!;
const ML = "system.hm3.ml";

describe("inlineItemUpdate", () => {
  it("accepts a whole ML in range, cast from the typed text", () => {
    expect(inlineItemUpdate("skill", ML, "55")).toEqual({ update: { [ML]: 55 } });
    expect(inlineItemUpdate("skill", ML, 0)).toEqual({ update: { [ML]: 0 } });
  });

  it("refuses text and an out-of-range ML, naming the field and the value", () => {
    const abc = inlineItemUpdate("skill", ML, "abc");
    expect(abc).toEqual({
      problems: [
        expect.objectContaining({
          field: ML,
          value: "abc",
          key: "BLOWBYBLOW.Validation.notNumber",
          label: "BLOWBYBLOW.HM3.Skill.FIELDS.hm3.ml.label",
        }),
      ],
    });
    const high = inlineItemUpdate("skill", ML, "500");
    expect(high).toEqual({
      problems: [
        expect.objectContaining({
          field: ML,
          value: "500",
          key: "BLOWBYBLOW.Validation.outOfRange",
          label: "BLOWBYBLOW.HM3.Skill.FIELDS.hm3.ml.label",
          data: { min: 0, max: 200 },
        }),
      ],
    });
  });

  it("edits nothing but the fields the sheet offers in place", () => {
    expect(inlineItemUpdate("skill", "system.hm3.skillBase", "12")).toEqual({ problems: [] });
    expect(inlineItemUpdate("weapon", ML, "55")).toEqual({ problems: [] });
  });
});

describe("the sheet's change handler", () => {
  beforeEach(() => {
    resetStandIns();
    resetApplications();
    registerDataModels();
  });

  function setup(level: number) {
    const user = standIns.game.user;
    user.isGM = false;
    const actor = makeActor({
      _id: "actorKnight00001",
      name: "Sir Aldric",
      type: "character",
      system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
      items: [
        {
          _id: SWORD.id,
          name: SWORD.name,
          type: "skill",
          system: structuredClone(SWORD.system) as unknown as Obj,
        },
      ],
    });
    actor.ownership = { default: level };
    const sheet = new CharacterSheet({ document: actor as never });
    const input: InlineInput = { value: "", dataset: { itemId: SWORD.id, itemField: ML } };
    return { actor, sheet, input };
  }

  const storedMl = (actor: StandInActor) =>
    ((actor.items.get(SWORD.id)!._source.system as Obj).hm3 as Obj).ml;

  it("updates the embedded skill's ML for the owner", async () => {
    const { actor, sheet, input } = setup(3);
    input.value = "72";
    await expect(sheet.onInlineChange(input)).resolves.toBe(true);
    expect(storedMl(actor)).toBe(72);
    expect(standIns.notifications.messages).toEqual([]);
  });

  it("refuses a bad value with a message naming the field and shows the stored ML again", async () => {
    const { actor, sheet, input } = setup(3);
    input.value = "500";
    await expect(sheet.onInlineChange(input)).resolves.toBe(false);
    expect(storedMl(actor)).toBe(65);
    expect(input.value).toBe("65");
    const messages = standIns.notifications.messages;
    expect(messages.map((m) => m.type)).toEqual(["warning"]);
    expect(messages[0]!.message).toContain("500");
    expect(messages[0]!.message).toContain(
      standIns.game.i18n.localize("BLOWBYBLOW.HM3.Skill.FIELDS.hm3.ml.label"),
    );
  });

  it("does nothing for a player who does not own the actor", async () => {
    const { actor, sheet, input } = setup(2);
    input.value = "72";
    await expect(sheet.onInlineChange(input)).resolves.toBe(false);
    expect(storedMl(actor)).toBe(65);
    expect(input.value).toBe("65");
    expect(standIns.notifications.messages).toEqual([]);
  });
});
