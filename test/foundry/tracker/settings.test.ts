/**
 * The combat world settings (src/foundry/combat/settings.ts): the list as data (every
 * playable ruleset, its optional rules, apply mode, defence targets), its registration in
 * `game.settings` and the readers the flow uses (`worldOptions`, `applyMode`,
 * `showDefenceTargets`).
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../stand-ins/globals";
import "../stand-ins";
import type { CombatRules, OptionalRule } from "../../../src/core/combat";
import {
  applyMode,
  combatSettings,
  customModifierCap,
  gmRollsAll,
  optionalRuleKey,
  registerCombatSettings,
  showDefenceTargets,
  trustUnmeasured,
  worldOptions,
} from "../../../src/foundry/combat/settings";
import {
  FOUNDRY_RULESETS,
  fightingRuleset,
  type FoundryRuleset,
} from "../../../src/foundry/rulesets";
import { M2M_OPTIONAL_RULES } from "../../../src/foundry/rulesets/m2m/settings";
import { GOLD_OPTIONS } from "../../../src/rules/hm3/gold/options";

const lang = JSON.parse(
  readFileSync(new URL("../../../lang/en.json", import.meta.url), "utf8"),
) as Record<string, unknown>;
const hasKey = (key: string): boolean =>
  typeof key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], lang) ===
  "string";

const hm3Rules = fightingRuleset(FOUNDRY_RULESETS.hm3!).combat.optionalRules;

describe("the settings list", () => {
  const list = combatSettings();
  const byKey = new Map(list.map((s) => [s.key, s]));

  it("offers only the rulesets the Foundry adapter can play, and reloads on change", () => {
    const ruleset = byKey.get("ruleset")!;
    expect(Object.keys(ruleset.choices!)).toEqual(Object.keys(FOUNDRY_RULESETS));
    expect(ruleset.choices).toEqual({
      hm3: "BLOWBYBLOW.Ruleset.hm3",
      m2m: "BLOWBYBLOW.Ruleset.m2m",
      hmzd: "BLOWBYBLOW.Ruleset.hmzd",
    });
    expect(hasKey("BLOWBYBLOW.Ruleset.m2m")).toBe(true);
    expect(ruleset.default).toBe("hm3");
    expect(ruleset.requiresReload).toBe(true);
    expect(ruleset.type).toBe(String);
  });

  it("has the apply mode (auto, ask, report; default ask)", () => {
    const mode = byKey.get("applyMode")!;
    expect(Object.keys(mode.choices!)).toEqual(["auto", "ask", "report"]);
    expect(mode.default).toBe("ask");
    expect(mode.type).toBe(String);
  });

  it("hides the defender's target numbers from non-owners by default", () => {
    const show = byKey.get("showDefenceTargets")!;
    expect(show.type).toBe(Boolean);
    expect(show.default).toBe(false);
  });

  it("leaves a player's own-side dice to their client by default: the GM's client rolls every die only when set (issue 15)", () => {
    const all = byKey.get("gmRollsAll")!;
    expect(all.type).toBe(Boolean);
    expect(all.default).toBe(false);
    expect(all.name).toBe("BLOWBYBLOW.Settings.GMRollsAll.Name");
    expect(all.hint).toBe("BLOWBYBLOW.Settings.GMRollsAll.Hint");
  });

  it("has one boolean per HM3 optional rule the issue names, with the rule's default", () => {
    expect(hm3Rules.map((r) => r.id)).toEqual(
      expect.arrayContaining(["killRoll", "amputation", "bleeding", "limbInjuries"]),
    );
    for (const rule of hm3Rules) {
      const setting = byKey.get(`hm3.${rule.id}`);
      expect(setting, rule.id).toBeDefined();
      expect(setting!.type).toBe(Boolean);
      expect(setting!.default).toBe(rule.default);
      expect(setting!.name).toBe(rule.nameKey);
      expect(setting!.hint).toBe(rule.hintKey);
    }
  });

  it("caps a side's custom modifiers at ±20 by default, a whole number 0 to 200 (issue 15)", () => {
    const cap = byKey.get("customModifierCap")!;
    expect(cap.type).toBe(Number);
    expect(cap.default).toBe(20);
    expect(cap.range).toEqual({ min: 0, max: 200, step: 1 });
  });

  it("makes every setting a world setting with a unique key, shown in the settings window unless a menu edits it", () => {
    expect(new Set(list.map((s) => s.key)).size).toBe(list.length);
    const inMenu = new Set(hm3Rules.filter((r) => r.menu).map((r) => optionalRuleKey("hm3", r)));
    // The HârnMaster Gold options (issue 19) are edited in their own menu, every other setting
    // in the window.
    expect(inMenu.size).toBe(GOLD_OPTIONS.length);
    for (const s of list) {
      expect(s.scope, s.key).toBe("world");
      expect(s.config, s.key).toBe(!inMenu.has(s.key));
    }
    // ruleset, applyMode, showDefenceTargets, customModifierCap, gmRollsAll, trustUnmeasured,
    // then the optional rules: HM3's, GURPS Man to Man's combat rules (hit location, stun, Last
    // Wounds, close combat) and its turns' (the Advanced maneuvers).
    expect(list.length).toBe(6 + hm3Rules.length + M2M_OPTIONAL_RULES.length + 1);
    const advanced = list.find((s) => s.key === "m2m.advancedManeuvers")!;
    expect(advanced).toMatchObject({ type: Boolean, default: false });
  });

  it("names every label with a key of lang/en.json", () => {
    for (const s of list) {
      expect(hasKey(s.name), s.name).toBe(true);
      expect(hasKey(s.hint), s.hint).toBe(true);
      for (const label of Object.values(s.choices ?? {})) expect(hasKey(label), label).toBe(true);
    }
  });

  it("keys each ruleset's optional rules apart", () => {
    const rule = (id: string, value: boolean): OptionalRule => ({
      id,
      default: value,
      nameKey: `N.${id}`,
      hintKey: `H.${id}`,
    });
    const fake = (optionalRules: OptionalRule[]): FoundryRuleset =>
      ({ combat: { optionalRules } as unknown as CombatRules }) as FoundryRuleset;
    const two = combatSettings({
      hm3: fake([rule("killRoll", false)]),
      m2m: fake([rule("killRoll", true), rule("bleeding", false)]),
    });
    expect(two.map((s) => s.key)).toEqual([
      "ruleset",
      "applyMode",
      "showDefenceTargets",
      "customModifierCap",
      "gmRollsAll",
      "trustUnmeasured",
      "hm3.killRoll",
      "m2m.killRoll",
      "m2m.bleeding",
    ]);
    expect(two[0]!.choices).toEqual({
      hm3: "BLOWBYBLOW.Ruleset.hm3",
      m2m: "BLOWBYBLOW.Ruleset.m2m",
    });
    expect(two.find((s) => s.key === "m2m.killRoll")!.default).toBe(true);
    expect(optionalRuleKey("m2m", { id: "bleeding" })).toBe("m2m.bleeding");
  });
});

describe("registered in game.settings", () => {
  beforeEach(() => {
    resetStandIns();
    registerCombatSettings();
  });

  it("registers every setting under the system's namespace with its default", () => {
    const registered = standIns.game.settings.settings;
    for (const s of combatSettings()) {
      const entry = registered.get(`blow-by-blow.${s.key}`);
      expect(entry, s.key).toBeDefined();
      expect(entry!.default).toBe(s.default);
      expect(entry!.choices).toEqual(s.choices);
    }
    expect(standIns.game.settings.get("blow-by-blow", "hm3.killRoll")).toBe(
      hm3Rules.find((r) => r.id === "killRoll")!.default,
    );
  });

  it("reads the world's optional rules of a ruleset by rule id", async () => {
    const defaults = Object.fromEntries(hm3Rules.map((r) => [r.id, r.default]));
    expect(worldOptions("hm3")).toEqual(defaults);
    await standIns.game.settings.set("blow-by-blow", "hm3.killRoll", true);
    await standIns.game.settings.set("blow-by-blow", "hm3.bleeding", false);
    expect(worldOptions("hm3")).toEqual({ ...defaults, killRoll: true, bleeding: false });
    expect(worldOptions("rq3")).toEqual({});
  });

  it("reads the custom modifier cap; a stored value out of bounds counts as the default", async () => {
    expect(customModifierCap()).toBe(20);
    await standIns.game.settings.set("blow-by-blow", "customModifierCap", 35);
    expect(customModifierCap()).toBe(35);
    for (const bad of [-1, 201, 2.5, "40"]) {
      await standIns.game.settings.set("blow-by-blow", "customModifierCap", bad as never);
      expect(customModifierCap(), String(bad)).toBe(20);
    }
  });

  it("reads the apply mode; a stored value outside its choices counts as ask", async () => {
    expect(applyMode()).toBe("ask");
    await standIns.game.settings.set("blow-by-blow", "applyMode", "auto");
    expect(applyMode()).toBe("auto");
    await standIns.game.settings.set("blow-by-blow", "applyMode", "report");
    expect(applyMode()).toBe("report");
    // A value stored by an older version or a macro writing the database directly.
    standIns.game.settings.values.set("blow-by-blow.applyMode", "sometimes");
    expect(applyMode()).toBe("ask");
  });

  it("reads whether players see the defender's target numbers", async () => {
    expect(showDefenceTargets()).toBe(false);
    await standIns.game.settings.set("blow-by-blow", "showDefenceTargets", true);
    expect(showDefenceTargets()).toBe(true);
  });

  it("reads whether the GM's client rolls every die (off unless set)", async () => {
    expect(gmRollsAll()).toBe(false);
    await standIns.game.settings.set("blow-by-blow", "gmRollsAll", true);
    expect(gmRollsAll()).toBe(true);
  });

  it("reads whether what the GM's map cannot measure is taken as declared (off unless set)", async () => {
    const entry = combatSettings().find((s) => s.key === "trustUnmeasured")!;
    expect(entry).toMatchObject({ type: Boolean, default: false, scope: "world" });
    expect(trustUnmeasured()).toBe(false);
    await standIns.game.settings.set("blow-by-blow", "trustUnmeasured", true);
    expect(trustUnmeasured()).toBe(true);
    // Anything but true (a value written by a macro) is off.
    standIns.game.settings.values.set("blow-by-blow.trustUnmeasured", "yes");
    expect(trustUnmeasured()).toBe(false);
  });
});
