/**
 * A world playing GURPS Man to Man (issue 17): its exchanges run through the generic flow
 * (test/foundry/combat/m2m-exchange.test.ts), its card is the m2m card (rulesets/m2m/card.ts;
 * test/foundry/chat) and the tracker plays it (test/foundry/tracker/m2m-*.test.ts): nothing of
 * it is refused any more. A ruleset without combat rules at all is still refused by the GM's
 * steps (`cannotFight`, `unknownRuleset`).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { standIns } from "../stand-ins";
import { CombatError, rulesetOf } from "../../../src/foundry/combat/query-common";
import { defeatingConditions, initiativeFormula } from "../../../src/foundry/combat/tracker";
import { chatTemplates, renderExchangeCard } from "../../../src/foundry/chat/render";
import type { ActorLike } from "../../../src/foundry/combat/snapshot";
import type { ExchangeCard } from "../../../src/core/flow";
import { resetFlow, world } from "./fixtures";

const notices = (type: string): string[] =>
  standIns.notifications.messages.filter((n) => n.type === type).map((n) => n.message);

beforeEach(async () => {
  resetFlow();
  await standIns.game.settings.set("blow-by-blow", "ruleset", "m2m" as never);
});

describe("a world playing GURPS Man to Man: nothing is refused as not built", () => {
  it("the GM's steps take its cards (it has combat rules); an unknown ruleset is refused", () => {
    expect(rulesetOf({ ruleset: "m2m" } as unknown as ExchangeCard).id).toBe("m2m");
    let caught: unknown;
    try {
      rulesetOf({ ruleset: "rq3" } as unknown as ExchangeCard);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CombatError);
    expect((caught as CombatError).code).toBe("unknownRuleset");
  });

  it("its card is the m2m card (its result partial loads with the others), not a notice", async () => {
    const html = await renderExchangeCard({
      id: "msg0000000000001",
      type: "exchange",
      system: { ruleset: "m2m", state: "awaitingDefence" },
      author: { isGM: true },
    });
    expect(html).not.toContain("cannot fight in Foundry yet");
    expect(html).not.toContain("are not built yet");
    expect(chatTemplates()).toContain("systems/blow-by-blow/templates/chat/m2m/result.hbs");
  });

  it("initiative is no longer refused (the tracker plays m2m); unconscious and dead mark defeat", () => {
    const w = world();
    expect(() => initiativeFormula(w.aldric as unknown as ActorLike)).not.toThrow();
    expect(notices("error")).toEqual([]);
    // Foundry's own defeated status is `dead`, already listed.
    expect(standIns.CONFIG.specialStatusEffects?.DEFEATED).toBe("dead");
    expect(defeatingConditions()).toEqual(["unconscious", "dead"]);
  });
});
