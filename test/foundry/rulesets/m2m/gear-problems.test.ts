/**
 * An m2m actor whose items keep its figures from being derived tells the player why, in the
 * player's language, naming the item, its field and value (issue 16): the problem the data
 * model lists (`deriveActor` with the m2m ruleset, as prepareDerivedData calls it) has its own
 * message key and placeholders, formatted with lang/en.json as the sheet does; the engine's
 * English reason stays for the console and the CLI. "Lnnn" is a line of seed 004.
 */
import { describe, expect, it } from "vitest";
import "../../stand-ins";
import { deriveActor } from "../../../../src/foundry/data/actor/derive";
import { formatProblem, ProblemError, type Problem } from "../../../../src/foundry/data/validate";
import { M2M_FOUNDRY } from "../../../../src/foundry/rulesets/m2m";
import type { ItemLike } from "../../../../src/foundry/rulesets/contract";
import { shieldBlock } from "../../../../src/foundry/rulesets/m2m/item-tables";
import { m2mActorContext } from "../../../../src/foundry/rulesets/m2m/sheets/actor/context";
import { getShield } from "../../../../src/rules/m2m/equipment";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import LANG from "../../../../lang/en.json";
import {
  ARMOUR_ID,
  friedrickBlock,
  friedrickItems,
  piecesItems,
  SHIELD_ID,
} from "./sheet-fixtures";

const i18n = localizerOf(LANG);

/** The problems the data model lists for Friedrick with these items, and what the console got. */
function derive(items: readonly ItemLike[], block = friedrickBlock()) {
  const reported: unknown[] = [];
  const out = deriveActor(
    "Actor.character",
    { m2m: block } as never,
    items,
    (e) => reported.push(e),
    M2M_FOUNDRY,
  );
  return { ...out, reported };
}

const message = (p: Problem) => formatProblem(p, i18n as never);
const items = () => friedrickItems() as ItemLike[];
const withSystem = (item: ItemLike, over: Record<string, unknown>, name = item.name): ItemLike => ({
  ...item,
  id: `${item.id}x`,
  name,
  system: { ...(item.system as object), ...over },
});

describe("a derivation refused because of the items names the item, field and value", () => {
  it("two suits worn (L1166): both by name", () => {
    const suit = items().find((i) => i.id === ARMOUR_ID)!;
    const out = derive([...items(), withSystem(suit, {}, "Chainmail <b>suit</b>")]);
    expect(out.derived).toBeNull();
    expect(out.errors).toEqual([
      {
        field: "system.items",
        value: "Chainmail <b>suit</b>",
        key: "BLOWBYBLOW.M2M.Gear.twoSuits",
        label: "BLOWBYBLOW.M2M.Actor.items",
        data: { item: "Chainmail <b>suit</b>", other: "Scale armour" },
      },
    ]);
    expect(message(out.errors[0]!)).toBe(
      "Chainmail <b>suit</b> and Scale armour are both worn: only one suit of armour is worn at a time (seed 004 L1166).",
    );
    // The English reason still reaches the console (and the CLI's one line).
    expect(out.reported).toHaveLength(1);
    expect(out.reported[0]).toBeInstanceOf(ProblemError);
    expect((out.reported[0] as Error).message).toContain("only one suit of armour at a time");
  });

  it("two shields equipped", () => {
    const shield = items().find((i) => i.id === SHIELD_ID)!;
    const out = derive([...items(), withSystem(shield, {}, "Buckler")]);
    expect(message(out.errors[0]!)).toBe(
      "Buckler and Large shield are both equipped as shields: only one shield is used at a time.",
    );
  });

  it("a Basic suit worn with Advanced pieces (L2625): the suit and the pieces by name", () => {
    const suit = items().find((i) => i.id === ARMOUR_ID)!;
    const out = derive([...(piecesItems() as ItemLike[]), suit]);
    expect(out.errors[0]).toMatchObject({
      key: "BLOWBYBLOW.M2M.Gear.suitWithPieces",
      value: "Scale armour",
    });
    expect(message(out.errors[0]!)).toBe(
      "Scale armour is a Basic armour suit: it is worn alone, never with Advanced pieces (Pot-helm, Breastplate (steel), Cloth armor) (seed 004 L2625).",
    );
  });

  it("an improvised shield whose PD the GM has not set (L1078): the item and its field", () => {
    const block = shieldBlock(getShield("improvised"));
    const door: ItemLike = {
      id: "door",
      name: "Tavern door",
      type: "weapon",
      system: {
        equipped: true,
        carried: true,
        weight: 20,
        quantity: 1,
        m2m: { ...block, shield: { ...block.shield!, pd: null } },
      },
    };
    const out = derive([...items().filter((i) => i.id !== SHIELD_ID), door]);
    expect(out.errors[0]).toMatchObject({
      key: "BLOWBYBLOW.M2M.Gear.shieldPd",
      value: null,
      data: { item: "Tavern door", itemField: "BLOWBYBLOW.M2M.Weapon.FIELDS.m2m.shield.pd.label" },
    });
    expect(message(out.errors[0]!)).toBe(
      "Tavern door: Shield PD is not set; an improvised shield's is 1 or 2, as the GM rules (seed 004 L1078).",
    );
  });

  it("more than the most ST 12 can carry (30×ST = 360 lb, L1250, L3441): the load and the limit", () => {
    const anvil: ItemLike = {
      id: "anvil",
      name: "Anvil",
      type: "weapon",
      system: { equipped: false, carried: true, weight: 300, quantity: 1, m2m: {} },
    };
    const out = derive([...items(), anvil]);
    expect(out.errors[0]).toMatchObject({
      key: "BLOWBYBLOW.M2M.Gear.overloaded",
      value: 388,
      data: { st: 12, max: 360 },
    });
    expect(message(out.errors[0]!)).toBe(
      "The items carried weigh 388 lb, more than ST 12 can carry (360 lb at most; seed 004 L1250, L3441).",
    );
  });

  it("a piece's value the engine refuses: traced back to the piece by name, its field by label", () => {
    const pieces = piecesItems() as ItemLike[];
    const helm = pieces.find((i) => i.name === "Pot-helm")!;
    const m2m = (helm.system as { m2m: { locations: object[] } }).m2m;
    const bad = withSystem(
      helm,
      { m2m: { ...m2m, locations: [{ ...m2m.locations[0], dr: 101 }] } },
      "Dented pot-helm",
    );
    const out = derive([...pieces.filter((i) => i !== helm), bad]);
    expect(out.errors[0]).toMatchObject({
      key: "BLOWBYBLOW.M2M.Gear.itemValue",
      value: 101,
      data: {
        item: "Dented pot-helm",
        itemField: "BLOWBYBLOW.M2M.Armour.FIELDS.m2m.locations.element.dr.label",
      },
    });
    expect(message(out.errors[0]!)).toBe(
      "Dented pot-helm: DR 101 cannot be used for the figures; the console has the details.",
    );
  });

  it("a ready weapon with a skill the engine does not know: the weapon and its skill field", () => {
    const axe = items()[0]!;
    const m2m = (axe.system as { m2m: { modes: object[] } }).m2m;
    const bad = withSystem(
      axe,
      { m2m: { ...m2m, modes: m2m.modes.map((m) => ({ ...m, skill: "lance" })) } },
      "Lance",
    );
    const out = derive([...items().filter((i) => i !== axe), bad]);
    expect(out.errors[0]).toMatchObject({
      key: "BLOWBYBLOW.M2M.Gear.itemValue",
      value: "lance",
      data: {
        item: "Lance",
        itemField: "BLOWBYBLOW.M2M.Weapon.FIELDS.m2m.modes.element.skill.label",
      },
    });
  });

  it("the sheet's header shows the specific message (not the generic line)", () => {
    const suit = items().find((i) => i.id === ARMOUR_ID)!;
    const out = derive([...items(), withSystem(suit, {}, "Second suit")]);
    const block = friedrickBlock();
    const context = m2mActorContext({
      type: "character",
      name: "Fiendish Friedrick",
      img: "",
      system: { m2m: block },
      derived: null,
      derivationError: message(out.errors[0]!),
      items: friedrickItems(),
      editable: true,
      localize: i18n.localize,
    });
    expect(context.header.error).toBe(
      "The sheet's figures cannot be computed: Second suit and Scale armour are both worn: only one suit of armour is worn at a time (seed 004 L1166).",
    );
  });
});
