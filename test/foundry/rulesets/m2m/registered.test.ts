/**
 * GURPS Man to Man registered in the adapter (issue 16): an actor's `system.m2m` and its items'
 * m2m blocks, read through the data models in a world playing m2m, give the engine's figures
 * (`deriveM2mActor` on the gear the items contribute, src/foundry/rulesets/m2m/gear.ts), tagged
 * with the ruleset that derived them; what the items give that the engine refuses names the
 * items. Fiendish Friedrick (seed 004 L4187-4231) with his gear from the item packs.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../../stand-ins/globals";
import "../../stand-ins";
import { makeActor, type DocumentInput } from "../../stand-ins/data";
import { registerDataModels } from "../../../../src/foundry/data";
import { registerCombatSettings } from "../../../../src/foundry/combat/settings";
import { SAMPLE_FIGHTERS } from "../../../../src/foundry/rulesets/m2m/sample-fighters";
import { deriveM2mActor } from "../../../../src/foundry/rulesets/m2m/character-input";
import { m2mGear } from "../../../../src/foundry/rulesets/m2m/gear";

type Obj = Record<string, unknown>;

const packItem = (pack: string, file: string, over: Obj = {}): Obj => {
  const doc = JSON.parse(
    readFileSync(
      new URL(`../../../../packs/_source/${pack}/${file}.json`, import.meta.url),
      "utf8",
    ),
  ) as Obj;
  return {
    _id: doc._id,
    name: doc.name,
    type: doc.type,
    system: { ...(doc.system as Obj), ...over },
  };
};

const friedrick = SAMPLE_FIGHTERS.find((f) => f.name === "Fiendish Friedrick")!;
const gear = () => [
  packItem("m2m-hand-weapons", "axe", { equipped: true }),
  packItem("m2m-hand-weapons", "large-knife", { quantity: 2 }),
  packItem("m2m-shields", "large-shield", { equipped: true }),
  packItem("m2m-armour-suits", "scale-armor", { equipped: true }),
];

function actor(items: Obj[]) {
  return makeActor({
    _id: "m2mFriedrick0001",
    name: friedrick.name,
    type: "character",
    system: { m2m: structuredClone(friedrick.m2m) },
    items,
  } as unknown as DocumentInput);
}

type Derived = { derived: Obj | null; errors: { field: string; label: string }[] };

beforeEach(async () => {
  resetStandIns();
  registerCombatSettings();
  registerDataModels();
  await standIns.game.settings.set("blow-by-blow", "ruleset", "m2m" as never);
});

describe("an m2m actor in a world playing GURPS Man to Man", () => {
  it("derives the engine's figures from its block and its items, tagged m2m", () => {
    const a = actor(gear());
    const { derived, errors } = a.system as unknown as Derived;
    expect(errors).toEqual([]);
    expect(derived!.ruleset).toBe("m2m");
    const items = a.items.contents.map((i) => ({
      id: i.id,
      type: i.type,
      name: i.name,
      system: i.system,
    }));
    const g = m2mGear(items);
    // The sheet's 81 lb (L4229): every carried item, from the tables' weights.
    expect(g.load).toBe(81);
    expect(g.shield).toEqual({ pd: 4, size: "large" });
    expect(g.armour).toMatchObject({ pd: 3, dr: 4 });
    expect(g.weapons.map((w) => [w.name, w.skill])).toEqual([["Axe", "axe-mace"]]);
    const engine = deriveM2mActor((a.system as unknown as Obj).m2m as never, g);
    expect(derived).toEqual({ ruleset: "m2m", ...engine.derived });
    const c = (derived as unknown as { character: { [k: string]: { value: number } } }).character;
    expect([c.speed!.value, c.move!.value, c.dodge!.value, c.block!.value]).toEqual([
      8.125, 5, 5, 4,
    ]);
    expect([c.pd!.value, c.dr!.value]).toEqual([7, 4]);
  });

  it("Advanced pieces from the packs give PD and DR per location through the engine (L2619-2627, L1170, ruling M95)", () => {
    const worn = (file: string) => packItem("m2m-armour-pieces", file, { equipped: true });
    const items = [
      ...gear().filter((i) => i.type !== "armour"),
      worn("pot-helm"),
      worn("breastplate-steel"),
      worn("cloth-armor"),
    ];
    const a = actor(items);
    const { derived, errors } = a.system as unknown as Derived;
    expect(errors).toEqual([]);
    const loc = (
      derived as unknown as {
        character: {
          locations: Record<string, { armourPd: number; armourDr: number; pieces: string[] }>;
        };
      }
    ).character.locations;
    // Pot-helm PD 3 / DR 4 on the head (L4806); the face has none (L2458).
    expect([loc.head!.armourPd, loc.head!.armourDr]).toEqual([3, 4]);
    expect(loc.head!.pieces).toEqual([items[3]!._id]);
    expect([loc.face!.armourPd, loc.face!.armourDr]).toEqual([0, 0]);
    // Steel breastplate PD 4 / DR 5 over cloth armour: plate over cloth +1 DR, no PD (L1170).
    expect([loc.torso!.armourPd, loc.torso!.armourDr]).toEqual([4, 6]);
    // No piece on the legs.
    expect([loc["left-leg"]!.armourPd, loc["left-leg"]!.armourDr]).toEqual([0, 0]);
  });

  it("a Basic suit with Advanced pieces is refused naming the items (L2625); an HM3 armour's default m2m block is no piece", () => {
    const suitAndPiece = actor([
      ...gear(),
      packItem("m2m-armour-pieces", "pot-helm", { equipped: true }),
    ]);
    const refused = suitAndPiece.system as unknown as Derived;
    expect(refused.derived).toBeNull();
    expect(refused.errors.map((e) => e.field)).toEqual(["system.items"]);
    const hm3Cap = packItem("hm3-armour", "leather-cap", { equipped: true });
    const withCap = actor([...gear(), hm3Cap]);
    expect((withCap.system as unknown as Derived).errors).toEqual([]);
  });

  it("two worn suits are refused naming the items, not a crash", () => {
    const a = actor([...gear(), packItem("m2m-armour-suits", "chainmail", { equipped: true })]);
    const { derived, errors } = a.system as unknown as Derived;
    expect(derived).toBeNull();
    expect(errors.map((e) => e.field)).toEqual(["system.items"]);
  });

  it("an HM3 actor without m2m data derives from the block's defaults (no items' m2m use)", () => {
    const a = makeActor({
      _id: "hm3Only000000001",
      name: "HM3 only",
      type: "character",
      system: {},
      items: [],
    } as unknown as DocumentInput);
    const { derived, errors } = a.system as unknown as Derived;
    expect(errors).toEqual([]);
    expect(derived!.ruleset).toBe("m2m");
  });
});
