/**
 * The combat workbench's GURPS Man to Man part (issue 16) in Chromium: the ruleset selector
 * offers GURPS Man to Man; its sample fighters are listed; Fiendish Friedrick's figures, as the
 * page shows them, are his character sheet's (seed 004 L4187-4231, read from the book's text at
 * test time), each itemised; the fight controls say that m2m exchanges come later; switching
 * back to HârnMaster 3, the fight works as before. Screenshots go to test-output/screenshots.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { SAMPLE_FIGHTERS } from "../../src/foundry/rulesets/m2m/sample-fighters";
import { m2mFightExchange, type M2mFightFlags } from "../../src/cli/m2m-fight";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { foundryRuleset } from "../../src/foundry/rulesets";
import type { M2mResult } from "../../src/rules/m2m/exchange";
import { oddsInput } from "../../src/rules/m2m/odds";
import type { ActorSource } from "../../src/sim/duel";
import { m2mDuelFighter, runM2mDuels } from "../../src/sim/m2m-duel";
import { seedLine as line } from "../m2m/sources";
import { REPO_ROOT } from "../foundry/stand-ins/handlebars";
import { missingKeys } from "./harness";
import { rollAndCheckHm3, shot, workbenchSuite } from "./workbench-page";

const { open } = workbenchSuite();
const M2M = en.BLOWBYBLOW.Workbench.M2M;

/** Switches the ruleset and waits until the page is drawn again for it. */
async function switchTo(page: Page, id: "hm3" | "m2m"): Promise<void> {
  await page.selectOption("#wb-ruleset", id);
  await page.waitForSelector(`#workbench[data-ruleset="${id}"][aria-busy="false"]`);
}

/** A figure's value, the base of its story and its modifiers (`[key, value]`), as shown. */
async function figure(
  side: Locator,
  id: string,
): Promise<{ value: string; base: string; modifiers: string[][] }> {
  const cell = side.locator(`[data-figure="${id}"]`);
  return {
    value: (await cell.locator(".bbb-wb-value").textContent()) ?? "",
    base: (await cell.locator('[data-line="base"]').textContent()) ?? "",
    modifiers: await cell
      .locator('[data-line="modifier"]')
      .evaluateAll((lis) =>
        lis.map((li) => [li.getAttribute("data-key") ?? "", li.textContent ?? ""]),
      ),
  };
}

const text = async (side: Locator, id: string) =>
  ((await side.locator(`[data-figure="${id}"]`).textContent()) ?? "").trim();

/** The numbers of a seed line, in order (`7 (6)` → 7, 6). */
const numbers = (n: number) => [...line(n).matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));

/** The m2m sample fighters pack, by name, as actor documents. */
function m2mActors(): Map<string, ActorSource> {
  const dir = join(REPO_ROOT, "packs/_source/m2m-sample-fighters");
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as ActorSource)
      .map((a) => [a.name, a]),
  );
}
const M2M_RULESET = foundryRuleset("m2m")!;
const snap = (name: string) => fighterFromSource(m2mActors().get(name)!, [], M2M_RULESET);

/** The newest exchange card of the log. */
const newestCard = (page: Page) => page.locator('#wb-log li[data-kind="exchange"]').first();

/** An odds figure as shown (`12.34%` → 12.34). */
async function oddsFigure(page: Page, table: string, id: string): Promise<number> {
  const text = await page.locator(`#${table} [data-odds="${id}"] td`).textContent();
  return parseFloat(text ?? "NaN");
}

describe("the workbench's GURPS Man to Man fighters", () => {
  it("lists the m2m sample fighters, shows Friedrick's figures as on his sheet, then fights in HM3 again", async () => {
    const { page, errors } = await open();
    try {
      // The selector offers GURPS Man to Man, enabled.
      const m2mOption = page.locator('#wb-ruleset option[value="m2m"]');
      expect(await m2mOption.textContent()).toBe("GURPS Man to Man");
      expect(await m2mOption.isDisabled()).toBe(false);
      await switchTo(page, "m2m");
      expect(await page.locator(".bbb-wb-header p").textContent()).toBe(M2M.intro);
      // Its sample fighters, in the sample file's order.
      expect(await page.locator("#wb-a option").allTextContents()).toEqual(
        SAMPLE_FIGHTERS.map((f) => f.name),
      );
      expect(await page.locator("#wb-b option").allTextContents()).toEqual(
        SAMPLE_FIGHTERS.map((f) => f.name),
      );

      // Every fight control is on; the note says what Roll and Next turn play.
      expect(await page.locator("#wb-later").count()).toBe(0);
      expect(await page.locator("#wb-m2m-note").textContent()).toBe(M2M.Fight.note);
      for (const id of ["wb-attack", "wb-aim", "wb-mod", "wb-defence", "wb-seed", "wb-roll"])
        expect(await page.locator(`#${id}`).isDisabled()).toBe(false);
      for (const id of ["wb-step", "wb-reset", "wb-many", "wb-n"])
        expect(await page.locator(`#${id}`).isDisabled()).toBe(false);
      // A hand weapon: no range or aim to give.
      expect(await page.locator("#wb-range").isVisible()).toBe(false);
      expect(await page.locator("#wb-aim-turns").isVisible()).toBe(false);
      expect(await page.locator("#wb-log .exchange-card").count()).toBe(0);

      // The defender at first: Filthy Pierre of the Example of Combat (L1750-1756): Move and
      // Dodge 4, Shield 14 (Block 4), Shortsword 13 (Parry 6), PD 2 + 1.
      expect(await page.locator("#wb-a option:checked").textContent()).toBe("Rogan the Reaver");
      const pierre = page.locator("#wb-side-b");
      expect(await pierre.locator("h2").textContent()).toBe("Filthy Pierre");
      expect((await figure(pierre, "dodge")).value).toBe("4");
      expect(await text(pierre, "skill.shield.level")).toBe("14");
      expect((await figure(pierre, "block")).value).toBe("4");
      const sword = "weapon.hand-weapon.shortsword";
      expect((await figure(pierre, `${sword}.level`)).value).toBe("13");
      expect((await figure(pierre, `${sword}.parry`)).value).toBe("6");
      expect((await figure(pierre, "pd")).modifiers).toEqual([
        ["armour", "Armour +1"],
        ["shield", "Shield +2"],
      ]);

      // Pick Friedrick as the attacker: his panel shows his sheet's figures.
      await page.selectOption("#wb-a", { label: "Fiendish Friedrick" });
      const side = page.locator("#wb-side-a");
      expect(await side.locator("h2").textContent()).toBe("Fiendish Friedrick");
      expect(await side.getAttribute("data-fighter")).toBe("m2mFriedrick0001");

      // L4193 point total; L4195-4199 ST, DX, IQ, HT with their point costs.
      expect(line(4193)).toMatch(/Player 100$/);
      expect(await text(side, "points.total")).toBe("100");
      expect(line(4195)).toMatch(/ST 12/);
      const book = {
        st: [12, numbers(4196)[0]],
        dx: numbers(4197),
        iq: numbers(4198).slice(0, 2),
        ht: numbers(4199),
      };
      expect(book).toEqual({ st: [12, 20], dx: [20, 12], iq: [0, 10], ht: [45, 14] });
      for (const [id, [score, cost]] of Object.entries({
        st: [12, 20],
        dx: [12, 20],
        iq: [10, 0],
        ht: [14, 45],
      })) {
        expect(await text(side, id)).toBe(String(score));
        expect(await text(side, `${id}.cost`)).toBe(String(cost));
      }
      expect(await text(side, "points.attributes")).toBe("85");
      expect(await text(side, "points.skills")).toBe("15");

      // L4200: Basic Speed 8.125 = (HT+DX)/4 (Running 13 adds 13/8 = 1.625), Move 5.
      expect(numbers(4200).slice(0, 2)).toEqual([8.125, 5]);
      const speed = await figure(side, "speed");
      expect(speed.value).toBe("8.125");
      expect(speed.base).toBe("(HT + DX) / 4 6.5");
      expect(speed.modifiers).toEqual([["running", "Running / 8 +1.625"]]);
      const move = await figure(side, "move");
      expect([move.base, move.value]).toEqual(["Basic Speed 8.125", "5"]);
      // 81 lb (L4229) is Heavy: up to 12×ST = 144 (L4202), −3.
      expect(line(4229)).toMatch(/970 81 Lbs/);
      expect(line(4202)).toMatch(/Hvy \(3\) = 12xST <u>144<\/u>/);
      expect(move.modifiers).toEqual([["encumbrance.heavy", "Encumbrance: Heavy \u22123"]]);
      expect(await text(side, "encumbrance")).toBe("Heavy: 81 lb carried (up to 144 lb)");

      // L4205: Dodge 5, Parry 7 (6) (the large shield's −2 to Axe/Mace), Block 4.
      expect(line(4205)).toBe("5\t7 (6)\t4");
      expect((await figure(side, "dodge")).value).toBe("5");
      const parry = await figure(side, "weapon.hand-weapon.axe.parry");
      expect([parry.base, parry.value]).toEqual(["Parry from the skill 7", "6"]);
      expect(parry.modifiers).toEqual([["largeShield", "Large shield \u22121"]]);
      expect((await figure(side, "block")).value).toBe("4");

      // L4202: PD armour 3 + shield 4 = 7; L4208: DR 4 (scale).
      expect(line(4202)).toMatch(/Armor: <u>3<\/u> Shield: <u>4<\/u> T O T L A L <u>7<\/u>/);
      const pd = await figure(side, "pd");
      expect(pd.value).toBe("7");
      expect(pd.modifiers).toEqual([
        ["armour", "Armour +3"],
        ["shield", "Shield +4"],
      ]);
      expect(line(4208)).toMatch(/Scale\tT O T L A L <u>4<\/u>/);
      expect((await figure(side, "dr")).value).toBe("4");

      // L4210-4213: skills with the points spent and the level.
      const skills = { "axe-mace": 4210, knife: 4211, shield: 4212, running: 4213 };
      for (const [id, n] of Object.entries(skills)) {
        const [points, level] = numbers(n);
        expect(await text(side, `skill.${id}.points`)).toBe(String(points));
        expect(await text(side, `skill.${id}.level`)).toBe(String(level));
      }
      // L4224: Axe, Cut 1+4, 14 (12).
      expect(line(4224)).toBe("Axe\tCut 1+4\t14 (12)\t50\t4");
      const axe = await figure(side, "weapon.hand-weapon.axe.level");
      expect([axe.base, axe.value]).toEqual(["Skill level 14", "12"]);
      expect(
        await side.locator('[data-figure="weapon.hand-weapon.axe.damage"] li').allTextContents(),
      ).toEqual(["Swing 1+4 cutting, reach 1"]);

      // HP = HT 14 (L4199), with its thresholds: 3, 0, −1, −14 and every 5 below, −140.
      expect(
        await side.locator('[data-figure="hp"]').evaluate((e) => e.firstChild?.textContent),
      ).toBe("14 of 14");
      expect(await side.locator('[data-figure="hp"] [data-threshold]').allTextContents()).toEqual([
        "3 or fewer: Move and Dodge halved",
        "0: an HT roll each turn to stay conscious",
        "\u22121 or fewer: unconscious",
        "\u221214, \u221219, \u221224 \u2026 \u2212139 (every 5 below \u2212HT): an HT roll or die at each",
        "\u2212140: the body is destroyed",
      ]);
      expect(
        await side.locator('[data-figure="fatigue"] [data-threshold]').allTextContents(),
      ).toEqual(["9 fatigue (ST 3): Move and Dodge halved", "11 fatigue (ST 1): collapses"]);

      // Every label from the language file: no key shown, no unlabelled modifier.
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.locator("#workbench").innerText()).not.toContain("Other modifier");
      await shot(page, "workbench-m2m-friedrick");

      // Back to HârnMaster 3: its fighters, odds and a fight, as before.
      await switchTo(page, "hm3");
      expect(await page.locator("#wb-later").count()).toBe(0);
      expect(await page.locator("#wb-roll").isDisabled()).toBe(false);
      expect(await page.locator("#wb-a option").first().textContent()).toBe("Brigand");
      expect(await page.locator("#wb-odds-result td").count()).toBeGreaterThan(2);
      await rollAndCheckHm3(page, 12, hm3Fighters());
      for (let i = 0; i < 60; i++) {
        if (await page.locator("#wb-step").isDisabled()) break;
        await page.click("#wb-step");
      }
      expect(await page.locator("#wb-over").isVisible()).toBe(true);
      await shot(page, "workbench-m2m-back-to-hm3");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it("plays Friedrick's exchanges against Pierre as cli fight does, with cli odds' odds beside them, and duels them", async () => {
    const { page, errors } = await open();
    try {
      await switchTo(page, "m2m");
      await page.selectOption("#wb-a", { label: "Fiendish Friedrick" });
      expect(await page.locator("#wb-b option:checked").textContent()).toBe("Filthy Pierre");
      // His attack: the Axe's swing (Cut 1+4 at skill 12, L4224), the duel's best.
      expect(await page.locator("#wb-attack option:checked").textContent()).toBe(
        "Axe: Swing 1+4 cutting (skill 12)",
      );
      // Pierre's defences: Dodge 4, Block 4, Parry 6 with the Shortsword (L1750-1756), none;
      // Parry is the best, so it is chosen.
      expect(await page.locator("#wb-defence option").allTextContents()).toEqual([
        "Dodge (4)",
        "Block (4)",
        "Parry with Shortsword (6)",
        "No active defence",
      ]);
      expect(await page.locator("#wb-defence option:checked").textContent()).toBe(
        "Parry with Shortsword (6)",
      );
      // A random location, seeds 1 to 6: each result is cli fight's.
      const outcomes = new Set<string>();
      for (let seed = 1; seed <= 6; seed++) {
        const r = await rollAndCheckM2m(page, seed);
        outcomes.add(r.hit ? "hit" : "no hit");
      }
      // Aimed at the head with no active defence: the −5 in the skill (L2450).
      await page.selectOption("#wb-aim", "head");
      expect(await page.locator("#wb-aim option:checked").textContent()).toBe("head (\u22125)");
      await page.selectOption("#wb-defence", "none|");
      // No active defence: the defence roll is against PD alone (L2404).
      expect(await page.locator("#wb-defence option:checked").textContent()).toBe(
        "No active defence",
      );
      for (let seed = 20; seed <= 25; seed++) {
        const r = await rollAndCheckM2m(page, seed);
        outcomes.add(r.hit ? "hit" : "no hit");
      }
      expect(outcomes).toEqual(new Set(["hit", "no hit"]));
      expect(await attackLines(page)).toContainEqual([
        en.BLOWBYBLOW.Card.M2M.Modifier.location,
        "\u22125",
      ]);
      // Block instead, at the torso.
      await page.selectOption("#wb-aim", "torso");
      await page.selectOption("#wb-defence", "block|");
      await rollAndCheckM2m(page, 40);
      expect(await missingKeys(page)).toEqual([]);
      await shot(page, "workbench-m2m-exchange");

      // 200 duels in the worker: the counts are runM2mDuels' for the seed.
      await page.fill("#wb-seed", "3");
      await page.fill("#wb-n", "200");
      await page.click("#wb-many");
      await page.waitForSelector("#wb-plot svg", { timeout: 60_000 });
      expect(await page.locator("#wb-progress").isHidden()).toBe(true);
      expect(Number(await page.locator("#wb-progress").getAttribute("max"))).toBe(200);
      const stats = runM2mDuels(
        m2mDuelFighter(snap("Fiendish Friedrick")),
        m2mDuelFighter(snap("Filthy Pierre")),
        200,
        3,
      );
      const rates = await page
        .locator("#wb-wins td")
        .evaluateAll((tds) => tds.map((td) => td.textContent));
      expect(rates).toEqual(
        (["a", "b", "none"] as const).map((k) => `${((100 * stats.wins[k]) / 200).toFixed(2)}%`),
      );
      expect(await page.locator("#wb-rounds").textContent()).toBe(
        `Rounds to decision: mean ${stats.rounds.mean.toFixed(2)}`,
      );
      const headings = await page.locator("#wb-plot text.taken-by").allTextContents();
      expect(headings).toEqual(
        (["a", "b"] as const).map((side, i) => {
          const n = Object.values(stats.injuries[side])
            .flatMap((c) => Object.values(c))
            .reduce((t, c) => t + c, 0);
          return `Injuries taken by ${["Fiendish Friedrick", "Filthy Pierre"][i]} (${n})`;
        }),
      );
      const labels = await page.locator("#wb-plot text.location").allTextContents();
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) expect(Object.values(LOCATION)).toContain(label);
      expect(await missingKeys(page)).toEqual([]);
      await shot(page, "workbench-m2m-duels");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it("rolls every sample fighter's every attack against every sample fighter without a refusal", async () => {
    const { page, errors } = await open();
    try {
      await switchTo(page, "m2m");
      let rolled = 0;
      for (let a = 0; a < SAMPLE_FIGHTERS.length; a++)
        for (let b = 0; b < SAMPLE_FIGHTERS.length; b++) {
          await page.selectOption("#wb-a", String(a));
          await page.selectOption("#wb-b", String(b));
          const attacks = await page
            .locator("#wb-attack option")
            .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
          expect(attacks.length).toBeGreaterThan(0);
          for (const attack of attacks) {
            await page.selectOption("#wb-attack", attack);
            expect(await page.locator("#wb-defence option").count()).toBeGreaterThan(1);
            await page.click("#wb-roll");
            rolled++;
          }
          expect(await page.locator(".bbb-wb-problem").count()).toBe(0);
          expect(
            await page.locator('#wb-log li[data-kind="exchange"] .exchange-card').count(),
          ).toBe(attacks.length);
          expect(await page.locator("#wb-odds-attack td").count()).toBe(5);
        }
      expect(rolled).toBeGreaterThanOrEqual(SAMPLE_FIGHTERS.length ** 2);
      expect(await missingKeys(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 240_000);
});

const LOCATION = en.BLOWBYBLOW.M2M.Sheet.Location as Record<string, string>;
const CARD_DAMAGE = en.BLOWBYBLOW.Card.M2M.Damage;

/** The attack's itemised skill on the newest card: `[label, value]` of each modifier line. */
async function attackLines(page: Page): Promise<string[][]> {
  return newestCard(page)
    .locator('details.bbb-m2m-breakdown[data-side="attacker"] li:not(.bbb-xc-sum)')
    .evaluateAll((lis) =>
      lis.map((li) => [...li.querySelectorAll("span")].map((s) => (s.textContent ?? "").trim())),
    );
}

/** The page's choices as `cli fight`'s flags. */
async function pageFlags(page: Page): Promise<M2mFightFlags> {
  const [weapon, mode] = (await page.locator("#wb-attack").inputValue()).split("|");
  const location = await page.locator("#wb-aim").inputValue();
  const [type, parry] = (await page.locator("#wb-defence").inputValue()).split("|");
  const modifier = Number(await page.locator("#wb-mod").inputValue());
  const ranged = mode === "ranged";
  return {
    weapon,
    ...(ranged
      ? {
          range: Number(await page.locator("#wb-range").inputValue()),
          aim: Number(await page.locator("#wb-aim-turns").inputValue()),
        }
      : { mode }),
    location,
    ...(modifier ? { modifier } : {}),
    defence: { type: type as "dodge", ...(parry ? { weapon: parry } : {}) },
  };
}

/** A pack fighter with his carried ranged weapons equipped (as `cli fight` is given him). */
function armed(name: string): ReturnType<typeof snap> {
  const doc = structuredClone(m2mActors().get(name)!) as unknown as {
    items: { type: string; system: Record<string, unknown> }[];
  };
  for (const item of doc.items) if (item.type === "missile") item.system.equipped = true;
  return fighterFromSource(doc as unknown as ActorSource, [], M2M_RULESET);
}

/**
 * Rolls the exchange chosen on the page with `seed` and checks its chat card (the real m2m
 * card) against `cli fight`'s result (`m2mFightExchange` on the pack's actor documents with the
 * same choices, modifier, range and aim): the attack's and the defence's target and roll, the
 * hit location, DR, penetrating damage, the defender's HP before and after; and the odds shown
 * against `cli odds` on that exchange's input. Returns the engine's result.
 */
async function rollAndCheckM2m(page: Page, seed: number): Promise<M2mResult> {
  const names = await page.locator("#wb-a option:checked, #wb-b option:checked").allTextContents();
  const flags = await pageFlags(page);
  const attacker = flags.range === undefined ? snap(names[0]!) : armed(names[0]!);
  const cli = m2mFightExchange(attacker, snap(names[1]!), seed, flags);
  const r = cli.result as M2mResult;
  await page.fill("#wb-seed", String(seed));
  await page.dispatchEvent("#wb-seed", "change");
  const before = await page.locator('#wb-log li[data-kind="exchange"]').count();
  await page.click("#wb-roll");
  await page.waitForFunction(
    (n) => document.querySelectorAll('#wb-log li[data-kind="exchange"]').length > n,
    before,
  );
  // The seed moves on by one for the next roll.
  expect(await page.locator("#wb-seed").inputValue()).toBe(String(seed + 1));
  const card = newestCard(page);
  expect(await card.getAttribute("data-seed")).toBe(String(seed));
  expect(await card.locator(".exchange-card").getAttribute("data-ruleset")).toBe("m2m");
  const rollRow = card.locator('.bbb-m2m-roll[data-side="attacker"]');
  expect(await rollRow.locator(".bbb-m2m-target").innerText()).toBe(String(r.attack.effective));
  expect(await rollRow.locator(".bbb-m2m-3d6").innerText()).toBe(String(r.attack.roll));
  // The attack's skill itemised: the level, each of cli fight's modifiers with its value (in
  // the flow's order), a random swing's location penalty (ruling M2).
  const lines = await attackLines(page);
  const values = (list: number[]) => [...list].sort((x, y) => x - y);
  const mods = cli.attack.modifiers.map((m) => m.value);
  const level = cli.attack.target - mods.reduce((t, v) => t + v, 0);
  expect(lines[0]![1]).toBe(String(level));
  expect(values(lines.slice(1).map((l) => Number(l[1]!.replace("\u2212", "-"))))).toEqual(
    values([...mods, ...(r.attack.locationPenalty ? [r.attack.locationPenalty] : [])]),
  );
  const defenceRows = card.locator('.bbb-m2m-roll[data-side="defender"]');
  if (r.defence) {
    expect(await defenceRows.first().locator(".bbb-m2m-target").innerText()).toBe(
      String(r.defence.target),
    );
    expect(await defenceRows.first().locator(".bbb-m2m-3d6").innerText()).toBe(
      String(r.defence.roll),
    );
  } else expect(await defenceRows.count()).toBe(0);
  const wound = card.locator('.bbb-m2m-wound[data-wound="defender"]');
  if (r.hit && r.location && r.damage) {
    expect(await wound.locator(".bbb-m2m-location").innerText()).toContain(LOCATION[r.location]!);
    const dd = (label: string) =>
      wound.locator(".bbb-m2m-damage > div", { has: page.locator(`dt:text-is("${label}")`) });
    expect(await dd(CARD_DAMAGE.dr).locator("dd").innerText()).toBe(String(r.damage.dr));
    expect(await dd(CARD_DAMAGE.penetrating).locator("dd").innerText()).toBe(
      String(r.damage.penetrating),
    );
    const hp = (cli.input.defender as { hp: number }).hp;
    expect(await wound.locator(".bbb-m2m-hp").innerText()).toBe(`HP ${hp} \u2192 ${r.defender.hp}`);
  } else expect(await wound.count()).toBe(0);
  // Every roll listed on the card.
  expect(await card.locator(".bbb-xc-dice li").count()).toBe(r.rolls.length);
  // The odds beside it: `cli odds` on the exchange's input.
  const odds = oddsInput(cli.input).odds;
  expect(await page.locator("#wb-odds-pd").textContent()).toBe(
    `Passive defence counted: ${cli.defence.pd} (${LOCATION[cli.defence.pdLocation]})`,
  );
  for (const k of ["critical-hit", "hit", "miss", "critical-miss"] as const)
    expect(await oddsFigure(page, "wb-odds-attack", k)).toBeCloseTo(100 * odds.attack[k], 2);
  expect(await oddsFigure(page, "wb-odds-attack", "anyHit")).toBeCloseTo(100 * odds.hit, 2);
  for (const k of ["success", "failure", "noRoll"] as const)
    expect(await oddsFigure(page, "wb-odds-defence", k)).toBeCloseTo(100 * odds.defence[k], 2);
  for (const [l, p] of Object.entries(odds.location).filter(([, p]) => p > 0))
    expect(await oddsFigure(page, "wb-odds-location", l)).toBeCloseTo(100 * p, 2);
  for (const [n, p] of Object.entries(odds.injury).filter(([, p]) => p > 0))
    expect(await oddsFigure(page, "wb-odds-injury", `injury.${n}`)).toBeCloseTo(100 * p, 2);
  for (const k of ["knockdown", "stunned", "unconscious", "dead"] as const)
    expect(await oddsFigure(page, "wb-odds-other", k)).toBeCloseTo(100 * odds[k], 2);
  expect(await oddsFigure(page, "wb-odds-other", "expectedInjury")).toBeCloseTo(
    odds.expectedInjury,
    3,
  );
  return r;
}

/** The HM3 sample fighters pack, by name. */
function hm3Fighters(): ActorSource[] {
  const dir = join(REPO_ROOT, "packs/_source/hm3-sample-fighters");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as ActorSource);
}
