/**
 * The attack and defence dialogs' templates (templates/dialog/*.hbs) rendered from the pure
 * view models (src/foundry/combat/{attack,defence}-form.ts) with the system's real CSS in
 * Chromium: the attack dialog with the real HM3 rules behind its preview (a knight's sword,
 * shield and longbow), the breakdown's lines, a refused field's message beside it with Attack
 * marked disabled (aria-disabled, dimmed), the defence dialog for Block, Counterstrike, Dodge and Ignore,
 * a player's dialogs with the world's cap on custom modifiers (issue 15); no localisation key
 * missing; names and modifier labels with HTML in them shown as text. Screenshots are saved
 * under test-output/screenshots/dialog-*.png.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttackOption, ChoiceOptionView, FighterSnapshot } from "../../src/core/combat";
import {
  attackDialogContext,
  initialAttackDraft,
  type AttackDraft,
} from "../../src/foundry/combat/attack-form";
import {
  defenceDialogContext,
  initialDefenceDraft,
  type DefenceDraft,
} from "../../src/foundry/combat/defence-form";
import { hm3Combat } from "../../src/rules/hm3";
import { DEFENCES, defenceInput, knightSnapshot, XSS } from "../foundry/dialogs/fixtures";
import { format, localize, REPO_ROOT } from "../foundry/stand-ins/handlebars";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";

type Obj = Record<string, unknown>;

const PARTS = ["modifiers", "breakdown", "footer"] as const;

/** The dialog as Foundry assembles it: each part rendered with the context, in order. */
function dialogHtml(form: "attack" | "defence", context: Obj): string {
  return [form, ...PARTS]
    .map((part) =>
      renderTemplate(`templates/dialog/${part}.hbs`, {
        ...context,
        partId: `bbb-${form}-1-${part === form ? "form" : part}`,
      }),
    )
    .join("\n");
}

async function open(
  form: "attack" | "defence",
  context: Obj,
  name: string,
  height = 720,
): Promise<Page> {
  const page = await renderPage(browser, {
    html: dialogHtml(form, context),
    classes: ["bbb-dialog", `bbb-${form}-dialog`],
    width: form === "attack" ? 560 : 480,
    height,
  });
  await screenshot(page, `dialog-${name}`);
  return page;
}

/** The knight, his sword named with HTML. */
const knight = (name: string, bowEquipped = false) =>
  knightSnapshot(name, { swordName: `Broadsword ${XSS}`, bowEquipped });

const defender = knight("Sir Brand");
const situation = { engagingDefender: 2, defenderProne: true, distance: 1 };

/** The attack dialog's input for an attacker, with the real HM3 rules behind it. */
function inputFor(attacker: FighterSnapshot) {
  return {
    attacker,
    defender,
    options: hm3Combat.attackOptions(attacker, defender),
    preview: (r: Parameters<typeof hm3Combat.attackTarget>[2]) =>
      hm3Combat.attackTarget(attacker, defender, r),
    bandFor: (o: AttackOption, d: number) => hm3Combat.bandFor(o, d),
    labels: hm3Combat.labels,
  };
}

/** Sir Aldric, his longbow not strung (not equipped), and as an archer with it ready. */
const swordsman = inputFor(knight(`Sir Aldric ${XSS}`));
const archer = inputFor(knight(`Sir Aldric ${XSS}`, true));
const attacker = swordsman.attacker;
const options = swordsman.options;

function attackContext(extra: Partial<AttackDraft> = {}, input = swordsman): Obj {
  const draft = {
    ...initialAttackDraft(input.options, situation, "wpSword000000001"),
    ...extra,
  };
  return {
    ...attackDialogContext(input, draft, localize, format),
    submitLabel: "BLOWBYBLOW.Dialog.Attack.submit",
  };
}

function defenceContext(optionId: string, extra: Partial<DefenceDraft> = {}, cap?: number): Obj {
  const option = DEFENCES.find((o) => o.id === optionId);
  const draft = { ...initialDefenceDraft(option), ...extra };
  const input = {
    ...defenceInput(optionId),
    ...(cap === undefined ? {} : { approval: { cap } }),
  };
  return {
    ...defenceDialogContext(input, draft, localize, format),
    submitLabel: "BLOWBYBLOW.Dialog.Defence.submit",
  };
}

const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());

/** Nothing sticks out of the window sideways. */
const fitsWidth = (page: Page) =>
  page
    .locator("body > .application .window-content")
    .evaluate((el) => el.scrollWidth <= el.clientWidth);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

it("the manifest loads the dialogs' stylesheet (the pages here get every manifest style)", () => {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as {
    styles: (string | { src: string })[];
  };
  expect(manifest.styles.map((s) => (typeof s === "string" ? s : s.src))).toContain(
    "styles/dialog.css",
  );
});

describe("the attack dialog in Chromium", () => {
  it("shows the sword's modes, aims, the situation and the rules' itemised AML", async () => {
    const context = attackContext({
      mode: "edge",
      aim: "high",
      custom: [{ label: XSS, value: "-5" }],
    });
    const page = await open("attack", context, "attack");
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.locator(".bbb-dialog-heading").textContent()).toBe(
        `Sir Aldric ${XSS} attacks Sir Brand`,
      );
      expect(await page.locator(".window-content img").count()).toBe(0);
      expect(await page.locator('select[name="itemId"]').inputValue()).toBe("wpSword000000001");
      expect(await texts(page, 'select[name="itemId"] option')).toEqual(
        (context.weapons as { label: string }[]).map((w) => w.label),
      );
      expect(await texts(page, ".bbb-modes .bbb-choice")).toEqual([
        "Blunt impact 3",
        "Edge impact 5",
        "Point impact 3",
      ]);
      expect(await page.locator('input[name="mode"]:checked').inputValue()).toBe("edge");
      expect(await page.locator('input[name="aim"]:checked').inputValue()).toBe("high");
      expect(await page.locator('input[name="engagingDefender"]').inputValue()).toBe("2");
      expect(await page.locator('input[name="defenderProne"]').isChecked()).toBe(true);
      expect(await page.locator('input[name="distance"]').inputValue()).toBe("1");
      expect(await page.locator('input[name="custom.0.label"]').inputValue()).toBe(XSS);
      // The breakdown, line by line, as the rules build it (seed 003 lines 175-181).
      const target = hm3Combat.attackTarget(attacker, defender, {
        itemId: "wpSword000000001",
        mode: "edge",
        aim: "high",
        band: null,
        situation,
        custom: [{ label: XSS, value: -5 }],
      });
      const lines = await texts(page, ".bbb-breakdown-table tr");
      expect(lines).toEqual([
        `AML ${target.base}`,
        `Physical Penalty \u2212${-target.modifiers[0]!.value}`,
        "Aiming high \u221210",
        "Prone opponent +20",
        `${XSS} \u22125`,
        `Sum ${target.raw}`,
        `Rolled against ${target.value}`,
      ]);
      expect(await page.locator(".bbb-row-custom th").textContent()).toBe(XSS);
      const weight = await page
        .locator(".bbb-row-value td")
        .evaluate((el) => getComputedStyle(el).fontWeight);
      expect(Number(weight)).toBeGreaterThanOrEqual(700);
      // No message is shown; Attack can be pressed.
      expect(await page.locator(".bbb-field-error:visible").count()).toBe(0);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
      expect(await page.locator('select[name="itemId"] option[disabled]').count()).toBe(
        options.filter((o) => o.unavailableKey).length,
      );
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("a missile: the band from the distance first, each band by hand", async () => {
    const bow = archer.options.find((o) => o.kind === "missile")!;
    const page = await open(
      "attack",
      attackContext({ itemId: bow.itemId, mode: "point", distance: "80" }, archer),
      "attack-missile",
    );
    try {
      expect(await missingKeys(page)).toEqual([]);
      const bands = await texts(page, 'select[name="band"] option');
      expect(bands[0]).toBe("From distance (80 hexes): Long");
      expect(bands.slice(1)).toEqual(
        bow.bands.map(
          (b) => `${localize(b.labelKey)} (up to ${b.range} hexes, impact ${b.impact})`,
        ),
      );
      expect(await page.locator('select[name="band"]').inputValue()).toBe("");
      expect(await page.locator(".bbb-modes .bbb-impact").count()).toBe(0);
      // AML less PP, −40 at long range (seed 003 lines 208-215).
      expect((await texts(page, ".bbb-breakdown-table tr")).slice(2, 3)).toEqual([
        "Long range \u221240",
      ]);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("a player's dialog: the world's cap beside the modifiers, the GM's approval said beyond it", async () => {
    const player = { ...swordsman, approval: { cap: 20, measured: situation } };
    const page = await open(
      "attack",
      attackContext({ custom: [{ label: `luck ${XSS}`, value: "30" }] }, player),
      "attack-cap",
    );
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await texts(page, ".bbb-modifiers .bbb-custom-cap")).toEqual([
        "Up to ±20 in total without the GM's approval.",
      ]);
      expect(await texts(page, ".bbb-breakdown .bbb-approval")).toEqual([
        "Custom modifiers total +30, beyond this world's cap of ±20: the GM will have to approve this attack.",
      ]);
      expect(await page.locator(".bbb-custom-cap").isVisible()).toBe(true);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("a refused field: its message beside it, no breakdown, Attack disabled", async () => {
    const page = await open(
      "attack",
      attackContext({ engagingDefender: "0", custom: [{ label: "", value: "lots" }] }),
      "attack-errors",
    );
    try {
      expect(await missingKeys(page)).toEqual([]);
      const slot = page.locator('[data-error-for="engagingDefender"]');
      expect(await slot.isVisible()).toBe(true);
      expect((await slot.textContent())!.trim()).toBe(
        "Hostiles engaging the defender: 0 is less than 1.",
      );
      const color = await slot.evaluate((el) => getComputedStyle(el).color);
      expect(color).toBe("rgb(139, 30, 30)");
      expect(await texts(page, ".bbb-modifier-row .bbb-field-error:visible")).toEqual([
        "Modifier 1, name may not be empty.",
        'Modifier 1, value: "lots" is not a number.',
      ]);
      expect(await page.locator('[data-error-for="distance"]').isVisible()).toBe(false);
      expect(
        await page.locator('input[name="engagingDefender"]').getAttribute("aria-invalid"),
      ).toBe("true");
      expect(await page.locator('input[name="distance"]').getAttribute("aria-invalid")).toBe(
        "false",
      );
      const border = await page
        .locator('input[name="engagingDefender"]')
        .evaluate((el) => getComputedStyle(el).borderColor);
      expect(border).toBe("rgb(139, 30, 30)");
      expect(await texts(page, ".bbb-pending")).toEqual([
        "Correct the fields marked in red to see the target.",
      ]);
      expect(await page.locator(".bbb-breakdown-table").count()).toBe(0);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("true");
      expect(
        await page.locator("button.bbb-submit").evaluate((el) => getComputedStyle(el).opacity),
      ).toBe("0.5");
    } finally {
      await page.close();
    }
  });

  it("the rules' refusal (no band reaches the distance) shows beside the band", async () => {
    const page = await open(
      "attack",
      attackContext({ itemId: "msLongbow0000001", mode: "point", distance: "500" }, archer),
      "attack-out-of-range",
    );
    try {
      expect(await missingKeys(page)).toEqual([]);
      const slot = page.locator('[data-error-for="band"]');
      expect((await slot.textContent())!.trim()).toBe(
        "Range: no range band reaches 500 hexes; choose one.",
      );
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("true");
      expect(
        await page.locator("button.bbb-submit").evaluate((el) => getComputedStyle(el).opacity),
      ).toBe("0.5");
    } finally {
      await page.close();
    }
  });
});

describe("the defence dialog in Chromium", () => {
  it("Block: the items with their targets, the chosen one's DML itemised", async () => {
    const page = await open(
      "defence",
      defenceContext("block", { custom: [{ label: XSS, value: "10" }] }),
      "defence-block",
      560,
    );
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.locator(".bbb-dialog-heading").textContent()).toBe(
        `Brigand ${XSS} defends against Sir ${XSS}`,
      );
      expect(await page.locator(".window-content img").count()).toBe(0);
      expect(await texts(page, ".bbb-defence-option")).toEqual(["Defence Block"]);
      expect(await texts(page, ".bbb-items .bbb-choice")).toEqual([
        `Shortsword ${XSS} target 50`,
        "Round shield target 65",
      ]);
      expect(await texts(page, ".bbb-breakdown-table tr")).toEqual([
        "DML 55",
        "Physical Penalty \u22125",
        `${XSS} +10`,
        "Sum 60",
      ]);
      expect(await texts(page, ".bbb-limits")).toEqual(["The rules' limits apply when rolled."]);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("a player's Block: the world's cap beside the modifiers, the GM's approval said beyond it", async () => {
    const within = await open(
      "defence",
      defenceContext("block", { custom: [{ label: "luck", value: "20" }] }, 20),
      "defence-cap",
      600,
    );
    try {
      expect(await missingKeys(within)).toEqual([]);
      expect(await texts(within, ".bbb-modifiers .bbb-custom-cap")).toEqual([
        "Up to ±20 in total without the GM's approval.",
      ]);
      expect(await within.locator(".bbb-custom-cap").isVisible()).toBe(true);
      expect(await within.locator(".bbb-approval").count()).toBe(0);
      expect(await fitsWidth(within)).toBe(true);
    } finally {
      await within.close();
    }
    const beyond = await open(
      "defence",
      defenceContext("block", { custom: [{ label: `luck ${XSS}`, value: "100" }] }, 20),
      "defence-cap-beyond",
      600,
    );
    try {
      expect(await missingKeys(beyond)).toEqual([]);
      expect(await texts(beyond, ".bbb-breakdown .bbb-approval")).toEqual([
        "Custom modifiers total +100, beyond this world's cap of ±20: the GM will have to approve this defence.",
      ]);
      expect(await beyond.locator(".window-content img").count()).toBe(0);
      // Still possible: the GM decides.
      expect(await beyond.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
    } finally {
      await beyond.close();
    }
  });

  it("a GM's Block says no cap", async () => {
    const page = await open(
      "defence",
      defenceContext("block", { custom: [{ label: "luck", value: "100" }] }),
      "defence-gm-no-cap",
    );
    try {
      expect(await page.locator(".bbb-custom-cap").count()).toBe(0);
      expect(await page.locator(".bbb-approval").count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it("Counterstrike: the weapon's modes with impact and the aims", async () => {
    const page = await open("defence", defenceContext("counterstrike"), "defence-counterstrike");
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await texts(page, ".bbb-modes .bbb-choice")).toEqual([
        "Edge impact 4",
        "Point impact 3",
      ]);
      expect(await texts(page, ".bbb-aims .bbb-choice")).toEqual(["High", "Mid", "Low"]);
      expect(await page.locator('input[name="aim"]:checked').inputValue()).toBe("mid");
      expect(await texts(page, ".bbb-breakdown-table tr")).toEqual([
        "AML 60",
        "Physical Penalty \u22125",
        "Sum 55",
        "Rolled against 55",
      ]);
    } finally {
      await page.close();
    }
  });

  it("Dodge: the option's own target", async () => {
    const page = await open("defence", defenceContext("dodge"), "defence-dodge", 420);
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.locator(".bbb-items").count()).toBe(0);
      expect((await texts(page, ".bbb-breakdown-table tr")).at(-1)).toBe("Rolled against 93");
    } finally {
      await page.close();
    }
  });

  it("Ignore: a confirmation with nothing to choose, one click on Defend", async () => {
    const page = await open("defence", defenceContext("ignore"), "defence-ignore", 300);
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.locator(".bbb-modifiers").isVisible()).toBe(false);
      expect(await texts(page, ".bbb-no-roll")).toEqual(["Nothing is rolled."]);
      expect(await texts(page, "button.bbb-submit")).toEqual(["Defend"]);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
    } finally {
      await page.close();
    }
  });
});

/** The counts' context: `counts` on the one option (Counterstrike or a star spending). */
function countsContext(counts: NonNullable<ChoiceOptionView["counts"]>, extra = {}): Obj {
  const option: ChoiceOptionView = {
    id: "counterstrike",
    labelKey: "BLOWBYBLOW.HM3.Defence.counterstrike",
    items: [],
    target: null,
    aims: [],
    counts,
  };
  const draft = { ...initialDefenceDraft(option), ...extra };
  return {
    ...defenceDialogContext(defenceInput("counterstrike", [option]), draft, localize, format),
    submitLabel: "BLOWBYBLOW.Dialog.Defence.submit",
  };
}

describe("the defence dialog's counts in Chromium", () => {
  it("Gold counts each stand under their own label, a 0/1 toggle as a checkbox", async () => {
    const page = await open(
      "defence",
      countsContext(
        [
          { id: "gold.angry", labelKey: "BLOWBYBLOW.HM3.Gold.Impact.Count.angry", max: 100 },
          { id: "gold.feint", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Count.feint", max: 90 },
          {
            id: "gold.dodged",
            labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Count.dodged",
            max: 1,
            toggle: true,
          },
          {
            id: "gold.dodgeHex",
            labelKey: "BLOWBYBLOW.HM3.Gold.Paired.Carry.dodgeHexCount",
            max: 1,
            toggle: true,
          },
        ],
        {
          counts: {
            "gold.angry": "20",
            "gold.feint": "0",
            "gold.dodged": "1",
            "gold.dodgeHex": "0",
          },
        },
      ),
      "defence-gold-counts",
    );
    try {
      expect(await missingKeys(page)).toEqual([]);
      // No shared legend: nothing says "Tactical advantages".
      expect(await page.locator(".bbb-counts legend").count()).toBe(0);
      expect(await page.locator(".bbb-count-own").count()).toBe(4);
      expect(await texts(page, ".bbb-count")).toEqual([
        "Angry counterstrike (EML points given up, in tens)",
        "Feint (EML points given up)",
        "Dodged last turn",
        "Into an adjacent open hex, at full EML (the defender says the hex is open)",
      ]);
      expect(await page.locator('input[name="counts.gold.angry"]').getAttribute("type")).toBe(
        "number",
      );
      expect(await page.locator('input[name="counts.gold.angry"]').inputValue()).toBe("20");
      const dodged = page.locator('input[name="counts.gold.dodged"]');
      const hex = page.locator('input[name="counts.gold.dodgeHex"]');
      expect(await dodged.getAttribute("type")).toBe("checkbox");
      expect(await dodged.isChecked()).toBe(true);
      expect(await hex.getAttribute("type")).toBe("checkbox");
      expect(await hex.isChecked()).toBe(false);
      // Clicking the label ticks the box (the label wraps it).
      await page.locator('.bbb-count[data-count="gold.dodgeHex"]').click();
      expect(await hex.isChecked()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("the tactical advantages share their one legend, as number fields", async () => {
    const legendKey = "BLOWBYBLOW.HMZD.Combat.Spend.legend";
    const page = await open(
      "defence",
      countsContext([
        { id: "impact", labelKey: "BLOWBYBLOW.HMZD.Combat.Spend.impact", max: 2, legendKey },
        { id: "action", labelKey: "BLOWBYBLOW.HMZD.Combat.Spend.action", max: 1, legendKey },
      ]),
      "defence-ta-counts",
    );
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await texts(page, ".bbb-counts legend")).toEqual(["Tactical advantages to spend"]);
      expect(await page.locator(".bbb-counts-shared .bbb-count").count()).toBe(2);
      expect(await page.locator('.bbb-counts input[type="checkbox"]').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
