/**
 * HârnMaster Gold encumbrance in Foundry (seed 000 lines 101-113, G64-G65): the world option
 * `hm3.encumbranceFatigue` is read by the actor's derivation (ENC from Condition, in PP) and
 * its setting reloads the world when changed, so every actor re-derives.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { makeActor, resetStandIns, standIns } from "../../stand-ins";
import { registerDataModels } from "../../../../src/foundry/data";
import { registerStatusEffects } from "../../../../src/foundry/config";
import { registerCombatSettings } from "../../../../src/foundry/combat/settings";
import { KNIGHT_SYSTEM } from "../../actor-sheet-fixtures";
import type { Hm3Derived } from "../../../../src/rules/hm3/character-types";

beforeEach(() => {
  resetStandIns();
  registerDataModels();
  registerStatusEffects();
  registerCombatSettings();
});

const actor = () =>
  makeActor({
    _id: "actorGoldEnc0001",
    name: "Gold",
    type: "character",
    system: structuredClone(KNIGHT_SYSTEM) as unknown as Record<string, unknown>,
    items: [],
  });
const derivedOf = (a: ReturnType<typeof actor>) =>
  (a.system as unknown as { derived: Hm3Derived }).derived;

describe("Gold encumbrance in the actor's derivation", () => {
  it("off: HM3's encumbrance, no Gold figures", () => {
    expect(derivedOf(actor()).goldEncumbrance).toBeUndefined();
  });
  it("on: the Gold figures, Condition ML = Endurance × 5 without a Condition skill (G65)", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.encumbranceFatigue", true as never);
    const d = derivedOf(actor());
    expect(d.goldEncumbrance).toMatchObject({
      conditionMl: d.endurance * 5,
      fatigueRate: 1,
      recovery: Math.floor((d.endurance * 5) / 10),
    });
    expect(d.goldEncumbrance!.enc).toBe(Math.round((d.load * 20) / (d.endurance * 5)));
  });
  it("the setting reloads the world (actors re-derive)", () => {
    const s = standIns.game.settings.settings.get("blow-by-blow.hm3.encumbranceFatigue");
    expect(s?.requiresReload).toBe(true);
    expect(standIns.game.settings.settings.get("blow-by-blow.hm3.initiative")?.requiresReload).toBe(
      undefined,
    );
  });
});

describe("Kamtóla skill base in the actor's derivation (000:362, G91)", () => {
  // STR 16, DEX 12, AGL 11: STR DEX AGL → 13; DEX AGL AGL → round(34 / 3) = 11.
  const kamtola = (style: string) => {
    const system = structuredClone(KNIGHT_SYSTEM) as unknown as {
      hm3: { unarmedStyle: string };
    };
    system.hm3.unarmedStyle = style;
    return makeActor({
      _id: "actorGoldKamt001",
      name: "Kamtóla",
      type: "character",
      system: system as unknown as Record<string, unknown>,
      items: [
        {
          _id: "skUnarmed0000001",
          name: "Unarmed",
          type: "skill",
          system: {
            hm3: { category: "combat", sbAttributes: ["str", "dex", "agl"], sbModifier: 0, ml: 40 },
          },
        },
      ],
    });
  };
  const sb = (a: ReturnType<typeof kamtola>) => derivedOf(a).skills.skUnarmed0000001!.sb;
  const set = (key: string, on: boolean) =>
    standIns.game.settings.set("blow-by-blow", `hm3.${key}`, on as never);

  it("off: STR DEX AGL, whatever the style", () => {
    expect(sb(kamtola("kamtola"))).toBe(13);
  });
  it("on (with unarmedStyles): DEX AGL AGL for a Kamtóla fighter only; both settings reload the world", async () => {
    await set("unarmedStyles", true);
    await set("kamtolaSkillBase", true);
    expect(sb(kamtola("kamtola"))).toBe(11);
    expect(sb(kamtola("wrestling"))).toBe(13);
    for (const key of ["unarmedStyles", "kamtolaSkillBase"])
      expect(standIns.game.settings.settings.get(`blow-by-blow.hm3.${key}`)?.requiresReload).toBe(
        true,
      );
  });
  it("kamtolaSkillBase without unarmedStyles takes no effect", async () => {
    await set("kamtolaSkillBase", true);
    expect(sb(kamtola("kamtola"))).toBe(13);
  });
});
