/**
 * A world whose ruleset cannot fight in Foundry yet (GURPS Man to Man: registered, with its
 * documents and derived figures, but no combat rules or card until the next issue): every
 * entry of the generic combat flow refuses with a localised message naming the ruleset, and
 * nothing is written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { standIns } from "../stand-ins";
import { attack } from "../../../src/foundry/combat/actions";
import { CombatError, rulesetOf } from "../../../src/foundry/combat/query-common";
import { defeatingConditions, initiativeFormula } from "../../../src/foundry/combat/tracker";
import { chatTemplates, renderExchangeCard } from "../../../src/foundry/chat/render";
import type { ActorLike } from "../../../src/foundry/combat/snapshot";
import type { ExchangeCard } from "../../../src/core/flow";
import { resetFlow, world } from "./fixtures";

const SAYS =
  "GURPS Man to Man cannot fight in Foundry yet: its characters, items and figures work, " +
  "its exchanges come later. To fight, choose another ruleset in the world settings.";

const notices = (type: string): string[] =>
  standIns.notifications.messages.filter((n) => n.type === type).map((n) => n.message);

beforeEach(async () => {
  resetFlow();
  await standIns.game.settings.set("blow-by-blow", "ruleset", "m2m" as never);
});

describe("a world playing GURPS Man to Man cannot fight yet", () => {
  it("an attack is refused with the ruleset's name and no card is made", async () => {
    const w = world();
    const before = standIns.game.messages!.size;
    const made = await attack({
      actorUuid: w.aldric.uuid,
      tokenUuid: w.tAldric.document.uuid,
      itemId: "wpSword000000001",
    });
    expect(made).toBeNull();
    expect(notices("error")).toEqual([SAYS]);
    expect(standIns.game.messages!.size).toBe(before);
  });

  it("a card of the ruleset is refused by the GM's steps (CombatError cannotFight)", () => {
    const card = { ruleset: "m2m" } as unknown as ExchangeCard;
    let caught: unknown;
    try {
      rulesetOf(card);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CombatError);
    expect((caught as CombatError).code).toBe("cannotFight");
    expect((caught as CombatError).key).toBe("BLOWBYBLOW.Combat.Error.cannotFight");
    expect((caught as CombatError).data).toEqual({ ruleset: "GURPS Man to Man" });
  });

  it("its card renders as a notice naming it while it has no combat rules (its result partial loads with the others)", async () => {
    const html = await renderExchangeCard({
      id: "msg0000000000001",
      type: "exchange",
      system: { ruleset: "m2m", state: "declared" },
      author: { isGM: true },
    });
    expect(html).toContain("GURPS Man to Man cannot fight in Foundry yet");
    expect(chatTemplates()).toContain("systems/blow-by-blow/templates/chat/m2m/result.hbs");
  });

  it("initiative is refused with the error notice; only Foundry's defeated status marks defeat", () => {
    const w = world();
    expect(() => initiativeFormula(w.aldric as unknown as ActorLike)).toThrow(SAYS);
    expect(notices("error")).toEqual([SAYS]);
    expect(defeatingConditions()).toEqual(
      [standIns.CONFIG.specialStatusEffects?.DEFEATED].filter(Boolean),
    );
  });
});
