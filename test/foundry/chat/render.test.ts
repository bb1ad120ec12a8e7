/**
 * The exchange card on a Foundry client (src/foundry/chat/render.ts), against the stand-ins:
 * the `renderChatMessageHTML` hook and template preloading, the viewer each user's client
 * builds (ownership looked up afresh, the active GM, the world settings), the card rendered
 * with the real templates (user text escaped), the weapon's name found on the attacker, and the
 * buttons wired to the flow actions (mocked here: the actions have their own tests), disabled
 * while their action runs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addUser,
  asUser,
  GM_ID,
  makeActor,
  resetStandIns,
  settle,
  standIns,
  type StandInUser,
} from "../stand-ins";
import { loadedTemplates } from "../stand-ins/applications";

const calls = vi.hoisted(() => [] as unknown[][]);
const gate = vi.hoisted(() => ({ release: null as null | (() => void) }));
vi.mock("../../../src/foundry/combat/actions", () => {
  const record =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      if (gate.release === null) return;
      await new Promise<void>((resolve) => {
        gate.release = resolve;
      });
    };
  return {
    defend: record("defend"),
    apply: record("apply"),
    takeAdvantage: record("takeAdvantage"),
    markAmputated: record("markAmputated"),
    approveAttack: record("approveAttack"),
  };
});

import type { ExchangeCard } from "../../../src/core/flow";
import { registerDataModels } from "../../../src/foundry/data";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import { EXCHANGE_TEMPLATE } from "../../../src/foundry/chat/card-context";
import { QUERY } from "../../../src/foundry/combat/queries";
import {
  cardViewer,
  chatTemplates,
  onRenderChatMessageHTML,
  preloadChatTemplates,
  registerChatCards,
  renderCardInto,
  renderExchangeCard,
  runCardAction,
  wireCardButtons,
  type CardMessage,
} from "../../../src/foundry/chat/render";
import { HM3_RESULT_TEMPLATE } from "../../../src/foundry/rulesets/hm3/card";
import { M2M_RESULT_TEMPLATE } from "../../../src/foundry/rulesets/m2m/card";
import { M2M_TURN_TEMPLATE } from "../../../src/foundry/rulesets/m2m/card-turn";
import * as F from "./fixtures";
import { HMZD_RESULT_TEMPLATE } from "../../../src/foundry/rulesets/hmzd/card";

type Obj = Record<string, unknown>;
const game = () =>
  standIns.game as unknown as {
    users: { get(id: string): StandInUser | undefined };
    actors: { set(id: string, actor: unknown): void };
    settings: { set(ns: string, key: string, value: unknown): Promise<unknown> };
  };

const ATTACKER_ID = "actorAttacker001";
const DEFENDER_ID = "actorDefender001";
let alice: StandInUser;
let bob: StandInUser;
let carol: StandInUser;

function world(): void {
  alice = addUser({ id: "userAlice0000001", name: "Alice" });
  bob = addUser({ id: "userBob000000001", name: "Bob" });
  carol = addUser({ id: "userCarol0000001", name: "Carol" });
  const attacker = makeActor({
    _id: ATTACKER_ID,
    name: F.ATTACKER_NAME,
    type: "thing",
    ownership: { default: 0, [alice.id]: 3 },
    items: [{ _id: "itemSword0000001", name: `Axe ${F.EVIL}`, type: "thing" }],
  });
  const defender = makeActor({
    _id: DEFENDER_ID,
    name: F.DEFENDER_NAME,
    type: "thing",
    ownership: { default: 0, [bob.id]: 3 },
  });
  game().actors.set(ATTACKER_ID, attacker);
  game().actors.set(DEFENDER_ID, defender);
}

/** A card naming the world's actors. */
function withActors(card: ExchangeCard): ExchangeCard {
  return {
    ...card,
    attacker: { ...card.attacker, actorUuid: `Actor.${ATTACKER_ID}` },
    defender: { ...card.defender, actorUuid: `Actor.${DEFENDER_ID}` },
  };
}

/** A card as the GM's client writes it (GM-authored: only such a card goes past `declared`). */
function message(card: ExchangeCard, author: { isGM: boolean } = { isGM: true }): CardMessage {
  return { id: "message000000001", type: "exchange", system: card, author };
}

const as = <T>(user: StandInUser | string, fn: () => Promise<T>) => asUser(user, fn);

beforeEach(async () => {
  resetStandIns();
  registerDataModels();
  registerCombatSettings();
  world();
  calls.length = 0;
  gate.release = null;
  await preloadChatTemplates();
});

afterEach(async () => {
  await settle();
});

describe("registration", () => {
  it("hooks renderChatMessageHTML and preloads the card templates", async () => {
    loadedTemplates.length = 0;
    registerChatCards();
    await settle();
    expect(standIns.Hooks.count("renderChatMessageHTML")).toBe(1);
    // The turn card of a ruleset with turns (m2m) is loaded with them (the tracker posts it).
    expect(chatTemplates()).toEqual([
      EXCHANGE_TEMPLATE,
      HM3_RESULT_TEMPLATE,
      M2M_RESULT_TEMPLATE,
      HMZD_RESULT_TEMPLATE,
      M2M_TURN_TEMPLATE,
    ]);
    await vi.waitFor(() => expect(loadedTemplates).toEqual(chatTemplates()));
  });
});

describe("the viewer each client builds", () => {
  const card = () => withActors(F.awaiting());

  it("looks ownership up now: the GM owns both, Alice the attacker, Bob the defender", async () => {
    expect(await cardViewer(card())).toEqual({
      userId: GM_ID,
      isGM: true,
      owns: { attacker: true, defender: true },
      gmOnline: true,
      showDefenceTargets: false,
    });
    expect((await as(alice, () => cardViewer(card()))).owns).toEqual({
      attacker: true,
      defender: false,
    });
    expect((await as(bob, () => cardViewer(card()))).owns).toEqual({
      attacker: false,
      defender: true,
    });
    expect((await as(carol, () => cardViewer(card()))).owns).toEqual({
      attacker: false,
      defender: false,
    });
  });

  it("knows when no GM is connected and reads the world's showDefenceTargets", async () => {
    game().users.get(GM_ID)!.active = false;
    await game().settings.set("blow-by-blow", "showDefenceTargets", true);
    const v = await as(bob, () => cardViewer(card()));
    expect(v.gmOnline).toBe(false);
    expect(v.showDefenceTargets).toBe(true);
  });
});

describe("the card's HTML", () => {
  it("gives the defence buttons to the defender's owner and the GM only, names escaped", async () => {
    const msg = message(withActors(F.awaiting()));
    const count = (html: string) => (html.match(/data-action="bbb-defend"/g) ?? []).length;
    const gmHtml = await renderExchangeCard(msg);
    expect(count(gmHtml)).toBe(4);
    expect(count(await as(bob, () => renderExchangeCard(msg)))).toBe(4);
    expect(count(await as(alice, () => renderExchangeCard(msg)))).toBe(0);
    expect(count(await as(carol, () => renderExchangeCard(msg)))).toBe(0);
    expect(gmHtml).toContain("Sir &lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;");
    expect(gmHtml).not.toContain("<img");
    expect(gmHtml).not.toMatch(/BLOWBYBLOW\./);
  });

  it("says the exchange waits, with no button, while no GM is connected", async () => {
    game().users.get(GM_ID)!.active = false;
    const html = await as(bob, () => renderExchangeCard(message(withActors(F.awaiting()))));
    expect(html).toContain("No GM is connected: the exchange waits.");
    expect(html).toContain("A defence can be chosen once a GM is connected.");
    expect(html).not.toContain("data-action");
  });

  it("an attack waiting for the GM's approval: Approve and Refuse for the GM only, no defence, the reason and the cap shown (issue 15)", async () => {
    const waiting = withActors(F.awaiting());
    waiting.context = {
      ...waiting.context,
      approval: { pending: true, reasons: ["custom"], cap: 20, customTotal: 400 },
    };
    const msg = message(waiting);
    const gmHtml = await renderExchangeCard(msg);
    expect(gmHtml).toContain('data-action="bbb-approve"');
    expect(gmHtml).toContain('data-action="bbb-refuse"');
    expect(gmHtml).not.toContain('data-action="bbb-defend"');
    expect(gmHtml).toContain("Waiting for the GM&#x27;s approval");
    expect(gmHtml).toContain("Custom modifiers total +400, beyond this world&#x27;s cap of ±20.");
    expect(gmHtml).not.toMatch(/BLOWBYBLOW\./);
    const bobHtml = await as(bob, () => renderExchangeCard(msg));
    expect(bobHtml).not.toContain("data-action");
    expect(bobHtml).toContain("Custom modifiers total +400");
    // Approved: the defence buttons are back and the card says who approved.
    waiting.context.approval = {
      ...(waiting.context.approval as Obj),
      pending: false,
      approvedBy: "Gamemaster",
    };
    const approved = await as(bob, () => renderExchangeCard(message(waiting)));
    expect(approved).toContain('data-action="bbb-defend"');
    expect(approved).not.toContain('data-action="bbb-approve"');
    expect(approved).toContain("Approved by the GM Gamemaster.");
  });

  it("follows the world's apply mode: Apply only when the GM is asked", async () => {
    const msg = message(withActors(F.a2Injury()));
    expect(await renderExchangeCard(msg)).toContain('data-action="bbb-apply"');
    await game().settings.set("blow-by-blow", "applyMode", "report");
    const html = await renderExchangeCard(msg);
    expect(html).not.toContain('data-action="bbb-apply"');
    expect(html).toContain("The consequences are reported only");
  });

  it("finds the weapon's name on the attacker when the card does not keep it", async () => {
    const card = withActors(F.awaiting());
    card.context = { request: { itemId: "itemSword0000001" } };
    const html = await renderExchangeCard(message(card));
    expect(html).toContain("with Axe &lt;img");
  });

  it("says so for a ruleset this system cannot show, escaped", async () => {
    const card = { ...F.awaiting(), ruleset: "<b>x</b>" } as unknown as ExchangeCard;
    const html = await renderExchangeCard(message(card));
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("<b>");
  });
});

// ── DOM fakes: the few members render.ts uses ──────────────────────────────────────────────

class FakeButton {
  disabled = false;
  attributes = new Map<string, string>();
  constructor(readonly dataset: Record<string, string>) {}
  closest(): FakeButton {
    return this;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }
}

class FakeRoot {
  innerHTML = "";
  listeners: ((event: Obj) => void)[] = [];
  constructor(readonly buttons: FakeButton[] = []) {}
  addEventListener(_type: string, fn: (event: Obj) => void): void {
    this.listeners.push(fn);
  }
  contains(el: unknown): boolean {
    return this.buttons.includes(el as FakeButton);
  }
  querySelector(): FakeRoot | null {
    return null;
  }
  click(button: FakeButton): { prevented: boolean } {
    const event = { target: button, prevented: false, preventDefault() {}, stopPropagation() {} };
    event.preventDefault = () => {
      event.prevented = true;
    };
    for (const l of this.listeners) l(event);
    return event;
  }
}

describe("the buttons", () => {
  it("call the flow action each names, with the message and the button's data", async () => {
    const b = (dataset: Record<string, string>) =>
      new FakeButton(dataset) as unknown as HTMLElement;
    await runCardAction("m1", b({ action: "bbb-defend", option: "dodge" }));
    await runCardAction("m1", b({ action: "bbb-apply" }));
    await runCardAction("m1", b({ action: "bbb-advantage", side: "defender" }));
    await runCardAction("m1", b({ action: "bbb-amputate", strike: "1" }));
    await runCardAction("m1", b({ action: "bbb-approve" }));
    await runCardAction("m1", b({ action: "bbb-refuse" }));
    // Malformed data calls nothing.
    await runCardAction("m1", b({ action: "bbb-advantage", side: "neither" }));
    await runCardAction("m1", b({ action: "bbb-amputate", strike: "-1" }));
    await runCardAction("m1", b({ action: "bbb-defend" }));
    await runCardAction("m1", b({ action: "bbb-other" }));
    expect(calls).toEqual([
      ["defend", "m1", "dodge"],
      ["apply", "m1"],
      ["takeAdvantage", "m1", "defender"],
      ["markAmputated", "m1", 1],
      ["approveAttack", "m1", true],
      ["approveAttack", "m1", false],
    ]);
  });

  it("disable the clicked button while its action runs: a double click sends one request", async () => {
    const button = new FakeButton({ action: "bbb-apply" });
    const root = new FakeRoot([button]);
    wireCardButtons(root as unknown as HTMLElement, "m2");
    gate.release = () => {};
    expect(root.click(button).prevented).toBe(true);
    root.click(button);
    expect(button.disabled).toBe(true);
    expect(button.attributes.get("aria-busy")).toBe("true");
    await vi.waitFor(() => expect(calls).toEqual([["apply", "m2"]]));
    gate.release();
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    expect(button.attributes.has("aria-busy")).toBe(false);
  });

  it("ignore clicks outside the card's buttons", () => {
    const stranger = new FakeButton({ action: "bbb-apply" });
    const root = new FakeRoot([]);
    wireCardButtons(root as unknown as HTMLElement, "m3");
    expect(root.click(stranger).prevented).toBe(false);
    expect(calls).toEqual([]);
  });

  it("the hook renders exchange messages into their content and leaves others alone", async () => {
    const content = new FakeRoot();
    const html = { querySelector: (s: string) => (s === ".message-content" ? content : null) };
    onRenderChatMessageHTML({ id: "x", type: "base", system: {} }, html as unknown as HTMLElement);
    await settle();
    expect(content.innerHTML).toBe("");
    await renderCardInto(message(withActors(F.declared())), html as unknown as HTMLElement);
    expect(content.innerHTML).toContain('class="blow-by-blow exchange-card bbb-state-declared"');
    expect(content.listeners.length).toBe(1);
  });

  it("scrolls a chat log that was at the bottom once the card is filled, not before", async () => {
    const content = new FakeRoot();
    const html = { querySelector: (s: string) => (s === ".message-content" ? content : null) };
    const scrolls: { options: unknown; filled: boolean }[] = [];
    const log = {
      isAtBottom: true,
      async scrollBottom(options: unknown) {
        scrolls.push({ options, filled: content.innerHTML.includes("exchange-card") });
      },
    };
    (globalThis as unknown as { ui: Obj }).ui.chat = log;
    const filling = onRenderChatMessageHTML(
      message(withActors(F.declared())),
      html as unknown as HTMLElement,
    );
    // v13 posts the message and scrolls meanwhile: the log is no longer at the bottom once the
    // card takes its height, but it was when the message was rendered.
    log.isAtBottom = false;
    expect(scrolls).toEqual([]);
    await filling;
    expect(scrolls).toEqual([{ options: { popout: true, waitImages: true }, filled: true }]);
  });

  it("leaves a chat log the user scrolled up where it is", async () => {
    const content = new FakeRoot();
    const html = { querySelector: (s: string) => (s === ".message-content" ? content : null) };
    let scrolled = 0;
    (globalThis as unknown as { ui: Obj }).ui.chat = {
      isAtBottom: false,
      async scrollBottom() {
        scrolled++;
      },
    };
    await onRenderChatMessageHTML(
      message(withActors(F.declared())),
      html as unknown as HTMLElement,
    );
    expect(content.innerHTML).toContain("exchange-card");
    expect(scrolled).toBe(0);
  });

  it("hides a step request message (queries.ts) and leaves its content alone", async () => {
    const content = new FakeRoot();
    const html = {
      hidden: false,
      querySelector: (s: string) => (s === ".message-content" ? content : null),
    };
    const request = {
      id: "r",
      type: "base",
      system: {},
      flags: { "blow-by-blow": { request: { query: QUERY.choose, data: { messageId: "m" } } } },
    };
    onRenderChatMessageHTML(request, html as unknown as HTMLElement);
    await settle();
    expect(html.hidden).toBe(true);
    expect(content.innerHTML).toBe("");
    // A message whose flag is not a request for a known step is not hidden.
    const other = { ...request, flags: { "blow-by-blow": { request: { query: "x", data: {} } } } };
    const html2 = { ...html, hidden: false };
    onRenderChatMessageHTML(other, html2 as unknown as HTMLElement);
    expect(html2.hidden).toBe(false);
  });

  it("a card a player wrote past declared renders as unverified, with no button (review B2)", async () => {
    for (const c of [F.awaiting(), F.a2Injury()]) {
      const html = await renderExchangeCard(message(withActors(c), { isGM: false }));
      expect(html).toContain(standIns.game.i18n.localize("BLOWBYBLOW.Card.State.unverified"));
      expect(html).not.toContain("data-action=");
      expect(html).not.toContain("bbb-hm3-result");
    }
  });
});
