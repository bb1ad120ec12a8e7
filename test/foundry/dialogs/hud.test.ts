/**
 * The Token HUD's Attack button (src/foundry/combat/hud.ts): added to the left column for the
 * owners of the token's actor only, with a localised tooltip and no user text; a click checks
 * ownership again, closes the HUD and starts an attack from that token; the `renderTokenHUD`
 * hook is registered. The HUD's HTML is a small element tree (Node has no DOM); `attack` (the
 * flow, actions.ts) is recorded.
 */
import {
  addUser,
  asUser,
  createScene,
  makeActor,
  placeToken,
  resetStandIns,
  standIns,
} from "../stand-ins";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerDataModels } from "../../../src/foundry/data";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import { KNIGHT_SYSTEM } from "../actor-sheet-fixtures";
import {
  addAttackButton,
  addRulesetButtons,
  canAttackFrom,
  HUD_ACTION_CLASS,
  HUD_BUTTON_CLASS,
  onHudAttack,
  registerTokenHud,
  type TokenHudLike,
} from "../../../src/foundry/combat/hud";

type Obj = Record<string, unknown>;

const attacks = vi.hoisted(() => [] as Obj[]);
const disengages = vi.hoisted(() => [] as Obj[]);
// The hm3 ruleset's Disengage action, recorded (its own tests: combat/hm3-disengage-standins).
vi.mock("../../../src/foundry/rulesets/hm3/disengage-action", () => ({
  disengage: async (args: Obj) => {
    disengages.push(args);
    return null;
  },
  disengageHtml: async () => "",
  hm3Derived: () => null,
  aglOf: () => null,
}));
vi.mock("../../../src/foundry/combat/actions", () => ({
  attack: async (args: Obj) => {
    attacks.push(args);
    return null;
  },
}));

/** Just enough of an element for the HUD code: classes, children, attributes, listeners. */
class El {
  children: El[] = [];
  className = "";
  type = "";
  dataset: Record<string, string> = {};
  attributes = new Map<string, string>();
  listeners = new Map<string, ((e: unknown) => void)[]>();
  parent: El | null = null;
  constructor(
    readonly tagName: string,
    readonly ownerDocument: { createElement(tag: string): El },
  ) {}
  get classList() {
    return this.className.split(/\s+/).filter(Boolean);
  }
  setAttribute(n: string, v: string) {
    this.attributes.set(n, v);
  }
  append(...els: El[]) {
    for (const el of els) {
      el.parent = this;
      this.children.push(el);
    }
  }
  remove() {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  /** Selectors used here: `.a.b` (all classes) only. */
  querySelector(selector: string): El | null {
    const wanted = selector.split(".").filter(Boolean);
    for (const child of this.children) {
      if (wanted.every((c) => child.classList.includes(c))) return child;
      const deeper = child.querySelector(selector);
      if (deeper) return deeper;
    }
    return null;
  }
  click() {
    const event = { preventDefault: vi.fn(), stopPropagation: vi.fn() };
    for (const fn of this.listeners.get("click") ?? []) fn(event);
    return event;
  }
}

function hudHtml(): { html: El; left: El } {
  const doc = { createElement: (tag: string): El => new El(tag.toUpperCase(), doc) };
  const html = doc.createElement("div");
  const left = doc.createElement("div");
  left.className = "col left";
  const right = doc.createElement("div");
  right.className = "col right";
  html.append(left, right);
  return { html, left };
}

function hud(owner: boolean, extra: Partial<TokenHudLike> = {}) {
  const actor = { uuid: "Actor.aldric", name: "Sir <b>Aldric</b>", isOwner: owner };
  const token = { uuid: "Scene.keep.Token.aldricToken", actor };
  const close = vi.fn(async () => undefined);
  return { hud: { document: token, close, ...extra } as TokenHudLike, actor, token, close };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  resetStandIns();
  registerDataModels();
  attacks.length = 0;
});

describe("the Token HUD's Attack button", () => {
  it("is added to the left column for the owner of the token's actor", () => {
    const { html, left } = hudHtml();
    const button = addAttackButton(hud(true).hud, html as never) as unknown as El;
    expect(button).not.toBeNull();
    expect(left.children).toEqual([button]);
    expect(button.tagName).toBe("BUTTON");
    expect(button.type).toBe("button");
    expect(button.classList).toEqual(["control-icon", HUD_BUTTON_CLASS]);
    expect(button.dataset.tooltip).toBe("Attack the targeted token");
    expect(button.attributes.get("aria-label")).toBe("Attack the targeted token");
    expect(button.children[0]!.className).toBe("fa-solid fa-sword");
  });

  it("is not added for a user who does not own the actor, nor for a token with no actor", () => {
    const { html, left } = hudHtml();
    expect(addAttackButton(hud(false).hud, html as never)).toBeNull();
    expect(addAttackButton({ document: { uuid: "x", actor: null } }, html as never)).toBeNull();
    expect(addAttackButton({}, html as never)).toBeNull();
    expect(left.children).toEqual([]);
    expect(canAttackFrom(null)).toBe(false);
  });

  it("finds the token through the placeable too, and is added once per render", () => {
    const { html, left } = hudHtml();
    const { token } = hud(true);
    const viaObject: TokenHudLike = { object: { document: token } };
    addAttackButton(viaObject, html as never);
    addAttackButton(viaObject, html as never);
    expect(left.children).toHaveLength(1);
  });

  it("a click closes the HUD and attacks from the token", async () => {
    const { html } = hudHtml();
    const { hud: h, close } = hud(true);
    const button = addAttackButton(h, html as never) as unknown as El;
    const event = button.click();
    await flush();
    expect(event.preventDefault).toHaveBeenCalled();
    expect(event.stopPropagation).toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
    expect(attacks).toEqual([
      { actorUuid: "Actor.aldric", tokenUuid: "Scene.keep.Token.aldricToken" },
    ]);
  });

  it("ownership is checked again at the click", async () => {
    const { html } = hudHtml();
    const { hud: h, actor, close } = hud(true);
    addAttackButton(h, html as never);
    actor.isOwner = false;
    await onHudAttack(h);
    expect(attacks).toEqual([]);
    expect(close).not.toHaveBeenCalled();
    expect(standIns.notifications.messages.map((n) => n.message)).toEqual([
      "You do not own this token's actor.",
    ]);
  });

  it("registerTokenHud hooks renderTokenHUD", () => {
    registerTokenHud();
    const { html, left } = hudHtml();
    // The stand-in HUD and element carry only what the handler reads, not a whole TokenHUD.
    Hooks.callAll(
      "renderTokenHUD",
      hud(true).hud as never,
      html as never,
      {} as never,
      {} as never,
    );
    expect(left.children).toHaveLength(1);
  });

  it("with the stand-ins' users and tokens: the owner and the GM get it, another player not", async () => {
    const alice = addUser({ id: "userAlice0000001", name: "Alice" });
    const bob = addUser({ id: "userBob000000001", name: "Bob" });
    const actor = makeActor({
      _id: "actorKnight00001",
      name: "Sir Aldric",
      type: "character",
      system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
      ownership: { default: 0, [alice.id]: 3 },
    });
    createScene({ id: "scene00000000001" });
    const token = placeToken(actor as never, { at: [0, 0] }) as unknown as {
      document: { uuid: string };
    };
    // v13 TokenHUD: `document` is the TokenDocument, `object` the placeable.
    const tokenHud = { document: token.document, object: token, close: vi.fn() } as never;
    const shown = (user: unknown) =>
      asUser(user as never, () => {
        const { html } = hudHtml();
        return addAttackButton(tokenHud, html as never) !== null;
      });
    expect(await shown(alice)).toBe(true);
    expect(await shown(bob)).toBe(false);
    expect(await shown(standIns.game.user)).toBe(true);
    await asUser(alice as never, () => onHudAttack(tokenHud));
    expect(attacks).toEqual([{ actorUuid: actor.uuid, tokenUuid: token.document.uuid }]);
    await asUser(bob as never, () => onHudAttack(tokenHud));
    expect(attacks).toHaveLength(1);
  });
});

describe("the Token HUD's ruleset action buttons (HM3: Disengage, HârnMaster Gold 000:85-91)", () => {
  beforeEach(() => {
    registerCombatSettings();
    disengages.length = 0;
  });

  it("none while the world does not offer the action (option off, or another ruleset)", async () => {
    const { html, left } = hudHtml();
    expect(addRulesetButtons(hud(true).hud, html as never)).toEqual([]);
    await standIns.game.settings.set("blow-by-blow", "hm3.disengaging", true as never);
    await standIns.game.settings.set("blow-by-blow", "ruleset", "m2m" as never);
    expect(addRulesetButtons(hud(true).hud, html as never)).toEqual([]);
    expect(left.children).toEqual([]);
  });

  it("hm3 with the option on: a Disengage button for the owner, none for another user", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.disengaging", true as never);
    const { html, left } = hudHtml();
    expect(addRulesetButtons(hud(false).hud, html as never)).toEqual([]);
    const [button] = addRulesetButtons(hud(true).hud, html as never) as unknown as El[];
    expect(left.children).toEqual([button]);
    expect(button!.classList).toEqual(["control-icon", HUD_ACTION_CLASS]);
    expect(button!.dataset.action).toBe("disengage");
    expect(button!.dataset.tooltip).toBe("Disengage (HârnMaster Gold)");
    expect(button!.children[0]!.className).toBe("fa-solid fa-person-running");
  });

  it("a click closes the HUD and runs the action for the token's actor; ownership checked again", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.disengaging", true as never);
    const { html } = hudHtml();
    const { hud: h, actor, close } = hud(true);
    const [button] = addRulesetButtons(h, html as never) as unknown as El[];
    button!.click();
    await flush();
    expect(close).toHaveBeenCalledTimes(1);
    expect(disengages).toEqual([{ actorUuid: "Actor.aldric" }]);
    actor.isOwner = false;
    button!.click();
    await flush();
    expect(disengages).toHaveLength(1);
    expect(standIns.notifications.messages.map((n) => n.message)).toContain(
      "You do not own this token's actor.",
    );
  });
});
