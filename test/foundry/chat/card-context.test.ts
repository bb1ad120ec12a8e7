/**
 * The exchange card's view model (src/foundry/chat/card-context.ts) for every card state and
 * every viewer: the GM, the attacker's owner, the defender's owner, a player owning neither,
 * with and without a connected GM. Cards are made by the real flow and HM3 ruleset
 * (./fixtures.ts). Checked: the state line, who gets the defence buttons (and why an option is
 * disabled), the Apply button (GM only, apply mode "ask"), the tactical advantage buttons
 * (owner of the advantaged side and the GM, until claimed), the attack target breakdown, and
 * that every localisation key the view names exists in lang/en.json.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../../src/core/flow";
import {
  exchangeCardContext,
  type CardApplyMode,
  type ExchangeCardView,
} from "../../../src/foundry/chat/card-context";
import { CARD_KEY, readAttackContext } from "../../../src/foundry/chat/card-lines";
import { isLangText, localizeTree, type LangText } from "../../../src/foundry/chat/text";
import { HM3_FOUNDRY } from "../../../src/foundry/rulesets/hm3";
import { HM3_RESULT_TEMPLATE } from "../../../src/foundry/rulesets/hm3/card";
import type { CardViewer } from "../../../src/foundry/rulesets";
import { format, localize } from "../stand-ins/handlebars";
import {
  a2Injury,
  applied,
  ATTACKER_NAME,
  awaiting,
  claimed,
  declaration,
  declared,
  DEFENDER_NAME,
  dta,
  EVIL,
  viewer,
  WEAPON_NAME,
  type ViewerId,
} from "./fixtures";

const ALL: ViewerId[] = ["gm", "attacker", "defender", "other"];

function view(card: ExchangeCard, v: CardViewer, applyMode?: CardApplyMode): ExchangeCardView {
  return exchangeCardContext(card, v, HM3_FOUNDRY, applyMode ? { applyMode } : {});
}

const key = (text: LangText | null | undefined) => text?.i18n;
const statusKeys = (v: ExchangeCardView) => v.status.map((s) => s.text.i18n);

/** Every LangText in a view model (walking arrays and plain objects). */
function langTexts(value: unknown, out: LangText[] = []): LangText[] {
  if (isLangText(value)) {
    out.push(value);
    for (const d of Object.values(value.data ?? {})) langTexts(d, out);
  } else if (Array.isArray(value)) value.forEach((v) => langTexts(v, out));
  else if (value !== null && typeof value === "object")
    Object.values(value).forEach((v) => langTexts(v, out));
  return out;
}

describe("the header", () => {
  it("names attacker, defender and weapon as given (user text kept as typed) and the attack", () => {
    const v = view(declared(), viewer("other"));
    expect(v.attacker).toBe(ATTACKER_NAME);
    expect(v.defender).toBe(DEFENDER_NAME);
    expect(v.weapon).toBe(WEAPON_NAME);
    expect(v.weaponLine).toEqual({
      i18n: "BLOWBYBLOW.Card.Header.with",
      data: { weapon: WEAPON_NAME },
    });
    // The summary is the ruleset's: Edge, aimed Mid, impact 5.
    expect(localizeTree(v.summary, localize, format)).toEqual(["Edge, aimed Mid, impact 5"]);
  });

  it("takes the weapon's name from the adapter when the context does not keep it", () => {
    const card = declared(declaration(), { itemName: undefined });
    expect(readAttackContext(card).itemName).toBeUndefined();
    const v = exchangeCardContext(card, viewer("gm"), HM3_FOUNDRY, { weaponName: "Mace" });
    expect(v.weapon).toBe("Mace");
    expect(exchangeCardContext(card, viewer("gm"), HM3_FOUNDRY).weaponLine).toBeNull();
  });

  it("refuses context values of the wrong shape instead of showing them", () => {
    const card = declared(declaration(), {
      itemName: 12,
      target: { baseKey: 1 },
      amputated: ["x", 1],
    });
    expect(readAttackContext(card)).toEqual({ amputated: [1] });
  });
});

describe("declared: waiting for the GM", () => {
  const card = declared();

  it.each(ALL)("%s sees the wait, no buttons, and the attack target itemised", (id) => {
    const v = view(card, viewer(id));
    expect(v.state).toBe("declared");
    expect(statusKeys(v)).toEqual(["BLOWBYBLOW.Card.State.declared"]);
    expect(v.defence).toBeNull();
    expect(v.apply).toBeNull();
    expect(v.advantages).toEqual([]);
    expect(v.attackTarget?.value).toBe(70);
    expect(v.attackTarget?.base).toEqual({
      label: { i18n: "BLOWBYBLOW.Modifier.Base.aml" },
      value: 80,
    });
    expect(v.attackTarget?.lines).toEqual([
      {
        label: { i18n: "BLOWBYBLOW.Modifier.physicalPenalty" },
        value: "\u22125",
        custom: false,
        cssClass: "",
      },
      { label: EVIL, value: "\u22125", custom: true, cssClass: "bbb-xc-custom" },
    ]);
  });

  it("says the exchange waits when no GM is connected", () => {
    const v = view(card, viewer("attacker", { gmOnline: false }));
    expect(v.status).toEqual([{ text: { i18n: "BLOWBYBLOW.Card.State.noGM" }, tone: "alert" }]);
  });

  it("shows the clamped value and the raw sum (EML 100 is rolled as 95)", () => {
    const v = view(
      declared(declaration({ eml: { baseKey: "aml", base: 100, modifiers: [] } })),
      viewer("gm"),
    );
    expect(v.attackTarget).toMatchObject({ raw: 100, value: 95, clamped: true });
  });
});

describe("awaiting the defence", () => {
  const card = awaiting();
  const options = ["block", "counterstrike", "dodge", "ignore"];

  it.each(["gm", "defender"] as const)("%s gets a button per defence option", (id) => {
    const v = view(card, viewer(id));
    expect(statusKeys(v)).toEqual(["BLOWBYBLOW.Card.State.awaitingDefence"]);
    expect(v.status[0]!.text.data).toEqual({ name: DEFENDER_NAME });
    expect(v.defence?.prompt).toEqual({
      i18n: "BLOWBYBLOW.Card.Defence.prompt",
      data: { name: DEFENDER_NAME },
    });
    expect(v.defence?.blocked).toBeNull();
    expect(v.defence?.buttons.map((b) => b.option)).toEqual(options);
    expect(v.defence?.buttons.map((b) => key(b.label))).toEqual(
      options.map((o) => `BLOWBYBLOW.HM3.Defence.${o}`),
    );
    expect(v.defence?.buttons.every((b) => !b.disabled && b.reason === null)).toBe(true);
    // The target is shown only once the defence is declared; the attack's is shown before.
    expect(v.attackTarget?.value).toBe(70);
  });

  it.each(["attacker", "other"] as const)("%s sees who must choose but no button", (id) => {
    const v = view(card, viewer(id));
    expect(statusKeys(v)).toEqual(["BLOWBYBLOW.Card.State.awaitingDefence"]);
    expect(v.defence).toBeNull();
  });

  it("lists the defences the defender's hands rule out as disabled, with the reason", () => {
    const empty = awaiting(declaration({ defenderHolds: { weapon: false, shield: false } }));
    const buttons = view(empty, viewer("defender")).defence!.buttons;
    expect(buttons.map((b) => [b.option, b.disabled, key(b.reason)])).toEqual([
      ["block", true, "BLOWBYBLOW.HM3.Unavailable.NothingToBlock"],
      ["counterstrike", true, "BLOWBYBLOW.HM3.Unavailable.NoWeapon"],
      ["dodge", false, undefined],
      ["ignore", false, undefined],
    ]);
  });

  it("offers no counterstrike against a missile (seed 003 line 30)", () => {
    const missile = awaiting(declaration({ type: "missile", aspect: "point", impact: 8 }));
    expect(view(missile, viewer("gm")).defence!.buttons.map((b) => b.option)).toEqual([
      "block",
      "dodge",
      "ignore",
    ]);
  });

  it("shows no button and says why while no GM is connected", () => {
    for (const id of ["gm", "defender"] as const) {
      const v = view(card, viewer(id, { gmOnline: false }));
      expect(v.defence?.buttons).toEqual([]);
      expect(key(v.defence?.blocked)).toBe("BLOWBYBLOW.Card.Defence.noGM");
      expect(statusKeys(v)).toEqual([
        "BLOWBYBLOW.Card.State.awaitingDefence",
        "BLOWBYBLOW.Card.State.noGM",
      ]);
    }
    expect(view(card, viewer("other", { gmOnline: false })).defence).toBeNull();
  });
});

describe("resolved", () => {
  const card = a2Injury();

  it("gives the GM the Apply button when the world asks the GM (the default)", () => {
    const v = view(card, viewer("gm"));
    expect(v.state).toBe("resolved");
    expect(key(v.apply?.label)).toBe("BLOWBYBLOW.Card.Apply.button");
    expect(statusKeys(v)).toEqual(["BLOWBYBLOW.Card.State.resolvedAsk"]);
    expect(v.defence).toBeNull();
    expect(v.attackTarget).toBeNull(); // the result part shows both rolls with their targets
  });

  it.each(["attacker", "defender", "other"] as const)("%s gets no Apply button", (id) => {
    expect(view(card, viewer(id)).apply).toBeNull();
  });

  it("keeps the GM's Apply button in auto mode (a failed auto-apply leaves the card resolved) and shows none when the world only reports", () => {
    expect(view(card, viewer("gm"), "auto").apply).not.toBeNull();
    expect(view(card, viewer("attacker"), "auto").apply).toBeNull();
    expect(statusKeys(view(card, viewer("gm"), "auto"))).toEqual([
      "BLOWBYBLOW.Card.State.resolvedAuto",
    ]);
    expect(view(card, viewer("gm"), "report").apply).toBeNull();
    expect(statusKeys(view(card, viewer("other"), "report"))).toEqual([
      "BLOWBYBLOW.Card.State.resolvedReport",
    ]);
  });

  it("says who applied the consequences when the caller gives its own line (the workbench)", () => {
    const v = exchangeCardContext(card, viewer("gm"), HM3_FOUNDRY, {
      applyMode: "report",
      resolvedKey: CARD_KEY.resolvedWorkbench,
    });
    expect(statusKeys(v)).toEqual(["BLOWBYBLOW.Card.State.resolvedWorkbench"]);
    expect(v.status[0]!.tone).toBe("done");
    expect(localize(CARD_KEY.resolvedWorkbench)).toBe(
      "Resolved. The workbench applied the consequences to its fighters.",
    );
    // Only a resolved card takes it.
    const declared = { ...card, state: "declared" } as ExchangeCard;
    expect(
      statusKeys(
        exchangeCardContext(declared, viewer("gm"), HM3_FOUNDRY, {
          resolvedKey: CARD_KEY.resolvedWorkbench,
        }),
      ),
    ).not.toContain("BLOWBYBLOW.Card.State.resolvedWorkbench");
  });

  it("passes the ruleset's result part and its template", () => {
    const v = view(card, viewer("gm"));
    expect(v.resultTemplate).toBe(HM3_RESULT_TEMPLATE);
    expect(v.result.resolved).toBe(true);
    expect((v.result.strikes as unknown[]).length).toBe(1);
  });

  it("gives no advantage button when the result gives no tactical advantage", () => {
    expect(view(card, viewer("gm")).advantages).toEqual([]);
  });
});

describe("the tactical advantage (DTA, seed 003 line 24)", () => {
  const card = dta();

  it.each(["gm", "defender"] as const)("%s may take the defender's extra action", (id) => {
    const [adv, ...rest] = view(card, viewer(id)).advantages;
    expect(rest).toEqual([]);
    expect(adv).toEqual({
      side: "defender",
      text: { i18n: "BLOWBYBLOW.Card.Advantage.gains", data: { name: DEFENDER_NAME } },
      button: {
        label: { i18n: "BLOWBYBLOW.Card.Advantage.take", data: { name: DEFENDER_NAME } },
        disabled: false,
        reason: null,
      },
      taken: null,
    });
  });

  it.each(["attacker", "other"] as const)("%s sees the advantage but no button", (id) => {
    const [adv] = view(card, viewer(id)).advantages;
    expect(adv?.button).toBeNull();
    expect(key(adv?.text)).toBe("BLOWBYBLOW.Card.Advantage.gains");
  });

  it("disables the button, with the reason, while no GM is connected", () => {
    const [adv] = view(card, viewer("defender", { gmOnline: false })).advantages;
    expect(adv?.button?.disabled).toBe(true);
    expect(key(adv?.button?.reason)).toBe("BLOWBYBLOW.Card.Advantage.noGM");
  });

  it("shows it taken, with no button for anyone, once claimed", () => {
    const taken = claimed(card, "defender");
    for (const id of ALL) {
      const [adv] = view(taken, viewer(id)).advantages;
      expect(adv?.button).toBeNull();
      expect(adv?.taken).toEqual({
        i18n: "BLOWBYBLOW.Card.Advantage.taken",
        data: { name: DEFENDER_NAME },
      });
    }
  });

  it("can still be taken once the consequences were applied", () => {
    const v = view(applied(card), viewer("defender"));
    expect(v.state).toBe("applied");
    expect(v.advantages[0]?.button).not.toBeNull();
  });
});

describe("applied", () => {
  const card = applied(a2Injury());

  it.each(ALL)("%s sees it applied, with no Apply or defence button", (id) => {
    const v = view(card, viewer(id));
    expect(statusKeys(v)).toEqual(["BLOWBYBLOW.Card.State.applied"]);
    expect(v.apply).toBeNull();
    expect(v.defence).toBeNull();
    expect(v.result.resolved).toBe(true);
  });
});

describe("localisation", () => {
  const cards = {
    declared: declared(),
    awaiting: awaiting(declaration({ defenderHolds: { weapon: false, shield: false } })),
    resolved: a2Injury(),
    dta: dta(),
    claimed: claimed(dta(), "defender"),
    applied: applied(a2Injury()),
  };

  it("names only keys that exist in lang/en.json, in every state and for every viewer", () => {
    for (const [name, card] of Object.entries(cards)) {
      for (const id of ALL) {
        for (const gmOnline of [true, false]) {
          const texts = langTexts(view(card, viewer(id, { gmOnline })));
          expect(texts.length, name).toBeGreaterThan(0);
          for (const text of texts)
            expect(localize(text.i18n), `${name}: ${text.i18n}`).not.toBe(text.i18n);
        }
      }
    }
  });

  it("localises the whole view: no key is left, user text stays as typed", () => {
    const out = JSON.stringify(
      localizeTree(view(cards.awaiting, viewer("defender")), localize, format),
    );
    expect(out).not.toMatch(/BLOWBYBLOW\./);
    expect(out).toContain("Choose Brigand <img src=x onerror=alert(1)>'s defence:");
    expect(out).toContain("Block needs a weapon or shield in hand.");
  });
});
