/**
 * The optional-rules menu (issue 19: the HârnMaster Gold options' own settings window):
 * `combatSettingMenus` (which menus, which rules), its registration with
 * `game.settings.registerMenu` (GM only), the view model (rows in order, sub-rules disabled
 * while their rule is off), the submitted values (a disabled sub-rule keeps its value, anything
 * but a boolean is ignored) and `saveRuleValues` (only changed values are written). The window
 * itself runs in Chromium: test/browser/gold-menu.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../stand-ins/globals";
import "../stand-ins";
import {
  combatSettingMenus,
  registerCombatSettings,
  saveRuleValues,
  worldOptions,
} from "../../../src/foundry/combat/settings";
import { rulesMenuContext, rulesMenuValues } from "../../../src/foundry/combat/rules-menu";
import { GOLD_OPTIONS } from "../../../src/rules/hm3/gold/options";
import { localize } from "../stand-ins/handlebars";
import { SettingsConfig } from "../stand-ins/applications";

beforeEach(() => {
  resetStandIns();
  registerCombatSettings();
});

const gold = () => combatSettingMenus().find((m) => m.key === "hm3.goldMenu")!;

describe("the optional-rules menus", () => {
  it("gives hm3 one menu, the HârnMaster Gold options, editing every Gold option in the seed's order", () => {
    const menus = combatSettingMenus();
    expect(menus.map((m) => m.key)).toEqual(["hm3.goldMenu"]);
    expect(gold().rules.map((r) => r.id)).toEqual(GOLD_OPTIONS.map((o) => o.id));
    expect(gold().rules.find((r) => r.id === "angryStrikeMaxBonus")!.parent).toBe("angryStrike");
    const menu = standIns.game.settings.menus.get("blow-by-blow.hm3.goldMenu")!;
    expect(menu).toMatchObject({
      name: "BLOWBYBLOW.HM3.Combat.GoldMenu.Name",
      label: "BLOWBYBLOW.HM3.Combat.GoldMenu.Label",
      hint: "BLOWBYBLOW.HM3.Combat.GoldMenu.Hint",
      restricted: true,
    });
    expect(typeof menu.type).toBe("function");
  });

  it("rows: every rule with its name and hint; a sub-rule disabled until its rule is on", () => {
    const off = rulesMenuContext(gold().rules, worldOptions("hm3"), localize);
    expect(off.rows).toHaveLength(GOLD_OPTIONS.length);
    const row = (id: string, c = off) => c.rows.find((r) => r.id === id)!;
    expect(row("bluntTrauma")).toMatchObject({ checked: false, sub: false, disabled: false });
    expect(row("bluntTrauma").hint).toContain("seed 000 lines 31-37");
    expect(row("bluntTraumaMinimumInjury")).toMatchObject({
      sub: true,
      parent: "bluntTrauma",
      disabled: true,
    });
    const on = rulesMenuContext(
      gold().rules,
      { ...worldOptions("hm3"), bluntTrauma: true },
      localize,
    );
    expect(row("bluntTraumaMinimumInjury", on).disabled).toBe(false);
    expect(row("bluntTrauma", on).checked).toBe(true);
  });

  it("values: the form's booleans; a rule the form does not carry keeps its value; junk is ignored", () => {
    const previous = { ...worldOptions("hm3"), angryStrikeMaxBonus: true };
    const values = rulesMenuValues(
      { angryStrike: true, feint: "yes", randomAspect: false },
      gold().rules,
      previous,
    );
    expect(values.angryStrike).toBe(true);
    expect(values.angryStrikeMaxBonus).toBe(true);
    expect(values.feint).toBe(false);
    expect(values.randomAspect).toBe(false);
    expect(Object.keys(values)).toEqual(GOLD_OPTIONS.map((o) => o.id));
  });

  it("saving writes only the values that changed, and the world's options follow", async () => {
    const writes: string[] = [];
    const settings = standIns.game.settings;
    const set = settings.set.bind(settings);
    settings.set = (ns: string, key: string, value: unknown) => {
      writes.push(key);
      return set(ns, key, value);
    };
    await saveRuleValues(gold(), { ...worldOptions("hm3"), feint: true, dodging: true });
    expect(writes.sort()).toEqual(["hm3.dodging", "hm3.feint"]);
    expect(worldOptions("hm3")).toMatchObject({ feint: true, dodging: true, killRoll: false });
  });

  it("asks to reload the world (v13 SettingsConfig.reloadConfirm({world: true})) only when a rule the derivation reads changed (G90)", async () => {
    const calls = SettingsConfig.reloadCalls;
    expect(await saveRuleValues(gold(), { ...worldOptions("hm3"), feint: true })).toEqual([
      "feint",
    ]);
    expect(calls).toEqual([]);
    expect(
      await saveRuleValues(gold(), { ...worldOptions("hm3"), encumbranceFatigue: true }),
    ).toEqual(["encumbranceFatigue"]);
    expect(calls).toEqual([{ world: true }]);
    // Saving again with nothing changed: no prompt.
    await saveRuleValues(gold(), worldOptions("hm3"));
    expect(calls).toHaveLength(1);
    // The Kamtóla skill base and the rule it depends on are read by the derivation too.
    await saveRuleValues(gold(), { ...worldOptions("hm3"), unarmedStyles: true });
    await saveRuleValues(gold(), { ...worldOptions("hm3"), kamtolaSkillBase: true });
    expect(calls).toHaveLength(3);
    const reload = (id: string) => gold().rules.find((r) => r.id === id)!.requiresReload;
    expect(["encumbranceFatigue", "unarmedStyles", "kamtolaSkillBase"].map(reload)).toEqual([
      true,
      true,
      true,
    ]);
    expect(reload("feint")).toBeUndefined();
  });
});
