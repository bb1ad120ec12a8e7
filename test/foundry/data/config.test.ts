/** Status effects: every core condition (src/core/ruleset.ts ConditionId) is a token status effect. */
import { beforeEach, expect, it } from "vitest";
import { resetStandIns, standIns } from "../stand-ins/globals";
import { CONDITION_EFFECTS, registerStatusEffects } from "../../../src/foundry/config";
import type { ConditionId } from "../../../src/core/ruleset";

/** Every ConditionId, listed by hand: a new condition must be added here and to config.ts. */
const CONDITIONS: readonly ConditionId[] = [
  "shock",
  "unconscious",
  "stunned",
  "prone",
  "disarmed",
  "dead",
  "dying",
  "bleeding",
  "burning",
  "shocked",
  "offBalance",
  "weaponUnready",
  "shieldUnready",
  "crippled",
  "amputated",
];

beforeEach(() => resetStandIns());

it("registers one effect per condition, first, with a localised name and a core icon", () => {
  registerStatusEffects();
  const effects = standIns.CONFIG.statusEffects;
  expect(effects.slice(0, CONDITIONS.length).map((e) => e.id)).toEqual(CONDITIONS);
  for (const e of effects.slice(0, CONDITIONS.length)) {
    expect(standIns.game.i18n.has(e.name), e.name).toBe(true);
    expect(e.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
  }
  expect(standIns.game.i18n.localize(effects[0]!.name)).toBe("Shock");
});

it("replaces core effects of the same id, drops core 'stun', keeps the others once", () => {
  registerStatusEffects();
  const ids = standIns.CONFIG.statusEffects.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).not.toContain("stun");
  expect(ids).toContain("invisible");
  expect(ids).toContain("blind");
  const dead = standIns.CONFIG.statusEffects.find((e) => e.id === "dead")!;
  expect(dead.name).toBe("BLOWBYBLOW.Condition.dead");
  // Foundry marks defeated combatants with the effect named in specialStatusEffects.
  expect(ids).toContain(standIns.CONFIG.specialStatusEffects.DEFEATED);
});

it("registering twice changes nothing", () => {
  registerStatusEffects();
  const once = standIns.CONFIG.statusEffects.map((e) => e.id);
  registerStatusEffects();
  expect(standIns.CONFIG.statusEffects.map((e) => e.id)).toEqual(once);
  expect(CONDITION_EFFECTS).toHaveLength(CONDITIONS.length);
});
