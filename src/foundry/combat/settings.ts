/**
 * The system's world settings for combat: the world's ruleset (only rulesets the Foundry
 * adapter can play, `FOUNDRY_RULESETS`), how the GM's client applies an exchange's
 * consequences (`applyMode`), whether players see the defender's target numbers, the cap on a
 * side's custom modifiers (`customModifierCap`: a player's attack or defence whose custom rows
 * total more than ± the cap waits for the GM's approval), whether the GM's client rolls every
 * die of a player's step (`gmRollsAll`), whether what the GM's canvas cannot measure is taken
 * as declared (`trustUnmeasured`; these three: issue 15, architecture §2.6), and one boolean per
 * optional rule of every playable ruleset (`blow-by-blow.<rulesetId>.<ruleId>`, e.g.
 * `blow-by-blow.hm3.killRoll`). The list of settings is plain data (`combatSettings`), built
 * from the rulesets and tested; `registerCombatSettings` registers it at `init`.
 */
import type { OptionalRule, OptionalRuleMenu } from "../../core/combat";
import type { RulesetId } from "../../core/ruleset";
import { DEFAULT_RULESET, FOUNDRY_RULESETS, type FoundryRuleset } from "../rulesets";
import { rulesMenuApp } from "./rules-menu-app";

const SYSTEM_ID = "blow-by-blow";

/** The default cap on the total of a side's custom modifiers (± this many points). */
export const CUSTOM_CAP_DEFAULT = 20;
/** The highest cap the setting offers. */
export const CUSTOM_CAP_MAX = 200;

export type ApplyMode = "auto" | "ask" | "report";

/** The apply modes in the order the setting lists them. */
export const APPLY_MODES: readonly ApplyMode[] = Object.freeze(["auto", "ask", "report"]);

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "blow-by-blow.ruleset": string;
    "blow-by-blow.applyMode": string;
    "blow-by-blow.showDefenceTargets": boolean;
    "blow-by-blow.customModifierCap": number;
    "blow-by-blow.gmRollsAll": boolean;
    "blow-by-blow.trustUnmeasured": boolean;
  }
}

/** One setting as `game.settings.register` takes it (world scope, shown in the settings). */
export interface SettingDefinition {
  /** Key under the system's namespace. */
  key: string;
  name: string;
  hint: string;
  scope: "world";
  config: boolean;
  type: typeof String | typeof Boolean | typeof Number;
  default: string | boolean | number;
  /** A number's bounds. */
  range?: { min: number; max: number; step: number };
  /** Value → localisation key of its label. */
  choices?: Record<string, string>;
  requiresReload?: boolean;
}

/** A ruleset's optional rules: its combat rules' and its turns' (issue 17). */
function rulesetOptionalRules(fr: FoundryRuleset | undefined): readonly OptionalRule[] {
  return [...(fr?.combat?.optionalRules ?? []), ...(fr?.turns?.optionalRules ?? [])];
}

/** The setting key of an optional rule: `<rulesetId>.<ruleId>`. */
export function optionalRuleKey(rulesetId: RulesetId, rule: Pick<OptionalRule, "id">): string {
  return `${rulesetId}.${rule.id}`;
}

/**
 * Every combat setting, in the order the settings window shows them: ruleset, apply mode,
 * defence targets, the cap on custom modifiers, the GM's client rolling every die, trusting what
 * the GM's canvas cannot measure, then each playable ruleset's optional rules (the rule's own
 * name and hint keys; the hint says which ruleset the rule belongs to).
 */
export function combatSettings(
  rulesets: Readonly<Partial<Record<RulesetId, FoundryRuleset>>> = FOUNDRY_RULESETS,
): SettingDefinition[] {
  const ids = Object.keys(rulesets) as RulesetId[];
  const rulesetChoices: Record<string, string> = {};
  for (const id of ids) rulesetChoices[id] = `BLOWBYBLOW.Ruleset.${id}`;
  const settings: SettingDefinition[] = [
    {
      key: "ruleset",
      name: "BLOWBYBLOW.Settings.Ruleset.Name",
      hint: "BLOWBYBLOW.Settings.Ruleset.Hint",
      scope: "world",
      config: true,
      type: String,
      choices: rulesetChoices,
      // The registry's first ruleset (the default) when offered, else the first offered.
      default: ids.includes(DEFAULT_RULESET.id)
        ? DEFAULT_RULESET.id
        : (ids[0] ?? DEFAULT_RULESET.id),
      requiresReload: true,
    },
    {
      key: "applyMode",
      name: "BLOWBYBLOW.Settings.ApplyMode.Name",
      hint: "BLOWBYBLOW.Settings.ApplyMode.Hint",
      scope: "world",
      config: true,
      type: String,
      choices: {
        auto: "BLOWBYBLOW.Settings.ApplyMode.auto",
        ask: "BLOWBYBLOW.Settings.ApplyMode.ask",
        report: "BLOWBYBLOW.Settings.ApplyMode.report",
      },
      default: "ask",
    },
    {
      key: "showDefenceTargets",
      name: "BLOWBYBLOW.Settings.ShowDefenceTargets.Name",
      hint: "BLOWBYBLOW.Settings.ShowDefenceTargets.Hint",
      scope: "world",
      config: true,
      type: Boolean,
      default: false,
    },
    {
      key: "customModifierCap",
      name: "BLOWBYBLOW.Settings.CustomModifierCap.Name",
      hint: "BLOWBYBLOW.Settings.CustomModifierCap.Hint",
      scope: "world",
      config: true,
      type: Number,
      range: { min: 0, max: CUSTOM_CAP_MAX, step: 1 },
      default: CUSTOM_CAP_DEFAULT,
    },
    {
      key: "gmRollsAll",
      name: "BLOWBYBLOW.Settings.GMRollsAll.Name",
      hint: "BLOWBYBLOW.Settings.GMRollsAll.Hint",
      scope: "world",
      config: true,
      type: Boolean,
      default: false,
    },
    {
      key: "trustUnmeasured",
      name: "BLOWBYBLOW.Settings.TrustUnmeasured.Name",
      hint: "BLOWBYBLOW.Settings.TrustUnmeasured.Hint",
      scope: "world",
      config: true,
      type: Boolean,
      default: false,
    },
  ];
  for (const id of ids) {
    for (const rule of rulesetOptionalRules(rulesets[id])) {
      settings.push({
        key: optionalRuleKey(id, rule),
        name: rule.nameKey,
        hint: rule.hintKey,
        scope: "world",
        // A rule edited in a menu of its own (`OptionalRule.menu`) is kept out of the window.
        config: !rule.menu,
        type: Boolean,
        default: rule.default,
        ...(rule.requiresReload ? { requiresReload: true } : {}),
      });
    }
  }
  return settings;
}

/** A settings menu as `game.settings.registerMenu` takes it, less its application class. */
export interface SettingMenuDefinition {
  /** Key under the system's namespace: `<rulesetId>.<menuId>Menu`. */
  key: string;
  rulesetId: RulesetId;
  menu: OptionalRuleMenu;
  /** The optional rules it edits, in the ruleset's order. */
  rules: readonly OptionalRule[];
}

/** Every ruleset's optional-rule menus (`CombatRules.ruleMenus`) with the rules each edits. */
export function combatSettingMenus(
  rulesets: Readonly<Partial<Record<RulesetId, FoundryRuleset>>> = FOUNDRY_RULESETS,
): SettingMenuDefinition[] {
  const out: SettingMenuDefinition[] = [];
  for (const id of Object.keys(rulesets) as RulesetId[]) {
    const fr = rulesets[id];
    const rules = rulesetOptionalRules(fr);
    for (const menu of fr?.combat?.ruleMenus ?? []) {
      out.push({
        key: `${id}.${menu.id}Menu`,
        rulesetId: id,
        menu,
        rules: rules.filter((r) => r.menu === menu.id),
      });
    }
  }
  return out;
}

/**
 * What this module reads and writes of `game.settings`. The pinned fvtt-types type
 * `register`/`get` by the keys declared in `SettingConfig`; the optional rules' keys are built
 * from the rulesets at run time, so the settings are reached through these two members.
 */
interface SettingsLike {
  register(namespace: string, key: string, config: Omit<SettingDefinition, "key">): void;
  registerMenu(namespace: string, key: string, config: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}

function settings(): SettingsLike {
  const s = (game as { settings?: unknown }).settings;
  if (!s) throw new Error("Blow by Blow: game.settings is not ready.");
  return s as SettingsLike;
}

/** Registers every combat setting (call in the `init` hook). */
export function registerCombatSettings(): void {
  const s = settings();
  for (const { key, ...config } of combatSettings()) s.register(SYSTEM_ID, key, config);
  // The long lists of optional rules (HârnMaster Gold's) each get a window of their own (GM only).
  for (const def of combatSettingMenus()) {
    s.registerMenu(SYSTEM_ID, def.key, {
      name: def.menu.nameKey,
      label: def.menu.labelKey,
      hint: def.menu.hintKey,
      icon: "fa-solid fa-list-check",
      type: rulesMenuApp(def),
      restricted: true,
    });
  }
}

/**
 * Saves a menu's rules (the GM's client): only the values that changed are written. When a
 * changed rule requires a reload (`OptionalRule.requiresReload`: the actors' derivation reads
 * it), the GM is asked to reload the world, as Foundry's settings window asks for a setting with
 * `requiresReload` (`promptWorldReload`). Returns the ids of the rules written.
 */
export async function saveRuleValues(
  def: SettingMenuDefinition,
  values: Readonly<Record<string, boolean>>,
): Promise<string[]> {
  const s = settings();
  const now = worldOptions(def.rulesetId);
  const changed: string[] = [];
  for (const rule of def.rules) {
    const v = values[rule.id];
    if (typeof v === "boolean" && v !== now[rule.id]) {
      await s.set(SYSTEM_ID, optionalRuleKey(def.rulesetId, rule), v);
      changed.push(rule.id);
    }
  }
  if (def.rules.some((r) => r.requiresReload && changed.includes(r.id))) await promptWorldReload();
  return changed;
}

/** v13 `SettingsConfig.reloadConfirm` (not in the pinned types' stub of SettingsConfig). */
interface ReloadConfirm {
  reloadConfirm(options?: { world?: boolean }): Promise<void>;
}

/**
 * Foundry v13's own reload prompt (`foundry.applications.settings.SettingsConfig.reloadConfirm`,
 * the one its settings window shows for a `requiresReload` setting): `world: true` asks to
 * reload every connected client too.
 */
export async function promptWorldReload(): Promise<void> {
  const apps = foundry.applications as unknown as { settings?: { SettingsConfig?: ReloadConfirm } };
  await apps.settings?.SettingsConfig?.reloadConfirm({ world: true });
}

/**
 * The world's optional rules of a ruleset, by rule id (`{killRoll: false, amputation: true…}`),
 * for `CombatRules.buildDeclaration`. A ruleset the adapter cannot play has none.
 */
export function worldOptions(rulesetId: RulesetId): Record<string, boolean> {
  const rules = rulesetOptionalRules(FOUNDRY_RULESETS[rulesetId]);
  const s = settings();
  const options: Record<string, boolean> = {};
  for (const rule of rules) {
    const value = s.get(SYSTEM_ID, optionalRuleKey(rulesetId, rule));
    options[rule.id] = typeof value === "boolean" ? value : rule.default;
  }
  return options;
}

/** How the GM's client applies a resolved exchange: automatically, after asking, or not at all. */
export function applyMode(): ApplyMode {
  const value = settings().get(SYSTEM_ID, "applyMode");
  return (APPLY_MODES as readonly unknown[]).includes(value) ? (value as ApplyMode) : "ask";
}

/** Whether players see the defender's target numbers on cards for actors they do not own. */
export function showDefenceTargets(): boolean {
  return settings().get(SYSTEM_ID, "showDefenceTargets") === true;
}

/**
 * The world's cap on the total of a side's custom modifiers (a whole number 0…200; a stored
 * value out of bounds or not a number gives the default).
 */
export function customModifierCap(): number {
  const value = settings().get(SYSTEM_ID, "customModifierCap");
  return typeof value === "number" &&
    Number.isInteger(value) &&
    value >= 0 &&
    value <= CUSTOM_CAP_MAX
    ? value
    : CUSTOM_CAP_DEFAULT;
}

/**
 * Whether the active GM's client rolls every die of a player's step (issue 15): off by default,
 * when a player's client rolls its own side's dice (docs/architecture.md §2.6).
 */
export function gmRollsAll(): boolean {
  return settings().get(SYSTEM_ID, "gmRollsAll") === true;
}

/**
 * Whether the GM's client takes a player's declared situation as declared where it cannot
 * measure it (issue 15, for tables that play without tokens): off by default, when such an
 * attack waits for the GM's approval (src/core/approval.ts `ApprovalTrust`, architecture §2.6).
 */
export function trustUnmeasured(): boolean {
  return settings().get(SYSTEM_ID, "trustUnmeasured") === true;
}
