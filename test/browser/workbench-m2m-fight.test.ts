/**
 * The combat workbench's GURPS Man to Man fight in Chromium (issue 17): a ranged weapon (Villem's
 * crossbow) shot at a range after turns of aim, with the situational modifier, plays as `cli
 * fight --range --aim --modifier` with the same seed, on the real m2m chat card, and the odds
 * follow each choice (`cli odds` on that exchange's input); bad values are refused beside their
 * fields. Next turn plays Rogan against Pierre turn by turn through the engine's flow to the end:
 * the first exchange is `cli fight --seed`'s, every turn card and exchange card is the flow's for
 * the same seed (src/workbench/rulesets/m2m-turns.ts), HP carries from wound to wound, the turn
 * rolls (stun recovery) are against the fighter's HT, and the sides' status and the winner are
 * shown. Screenshots go to test-output/screenshots.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { m2mFightExchange, type M2mFightFlags } from "../../src/cli/m2m-fight";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { foundryRuleset } from "../../src/foundry/rulesets";
import type { M2mResult } from "../../src/rules/m2m/exchange";
import { oddsInput } from "../../src/rules/m2m/odds";
import type { ActorSource } from "../../src/sim/duel";
import { m2mDuelFighter } from "../../src/sim/m2m-duel";
import {
  newFight,
  playTurn,
  stateOf,
  type M2mTurnStep,
} from "../../src/workbench/rulesets/m2m-turns";
import { REPO_ROOT } from "../foundry/stand-ins/handlebars";
import { missingKeys } from "./harness";
import { shot, workbenchSuite } from "./workbench-page";

const { open } = workbenchSuite();
const WB = en.BLOWBYBLOW.Workbench;

type Doc = ActorSource & {
  items: { _id: string; name: string; type: string; system: Record<string, unknown> }[];
};

const actors = new Map(
  readdirSync(join(REPO_ROOT, "packs/_source/m2m-sample-fighters"))
    .filter((f) => f.endsWith(".json"))
    .map(
      (f) =>
        JSON.parse(
          readFileSync(join(REPO_ROOT, "packs/_source/m2m-sample-fighters", f), "utf8"),
        ) as Doc,
    )
    .map((a) => [a.name, a]),
);
const M2M = foundryRuleset("m2m")!;
const snap = (name: string) => fighterFromSource(actors.get(name)!, [], M2M);
/** The fighter with his carried ranged weapons equipped, as `cli fight` is given him. */
function armed(name: string) {
  const doc = structuredClone(actors.get(name)!);
  for (const item of doc.items) if (item.type === "missile") item.system.equipped = true;
  return fighterFromSource(doc, [], M2M);
}

async function switchToM2m(page: Page): Promise<void> {
  await page.selectOption("#wb-ruleset", "m2m");
  await page.waitForSelector('#workbench[data-ruleset="m2m"][aria-busy="false"]');
}

const exchanges = (page: Page) => page.locator('#wb-log li[data-kind="exchange"]');
const num = (text: string) => Number(text.trim().replace("\u2212", "-"));

/** An odds figure as shown (`12.34%` → 12.34). */
async function oddsFigure(page: Page, table: string, id: string): Promise<number> {
  return parseFloat((await page.locator(`#${table} [data-odds="${id}"] td`).textContent()) ?? "");
}

/** The newest exchange card's attack and defence rows and modifier lines. */
async function cardFigures(page: Page) {
  const card = exchanges(page).first();
  const row = (side: string) => card.locator(`.bbb-m2m-roll[data-side="${side}"]`).first();
  const defence = (await card.locator('.bbb-m2m-roll[data-side="defender"]').count()) > 0;
  return {
    seed: await card.getAttribute("data-seed"),
    attack: {
      target: num(await row("attacker").locator(".bbb-m2m-target").innerText()),
      roll: num(await row("attacker").locator(".bbb-m2m-3d6").innerText()),
    },
    defence: defence
      ? {
          target: num(await row("defender").locator(".bbb-m2m-target").innerText()),
          roll: num(await row("defender").locator(".bbb-m2m-3d6").innerText()),
        }
      : null,
    lines: await card
      .locator('details.bbb-m2m-breakdown[data-side="attacker"] li:not(.bbb-xc-sum)')
      .evaluateAll((lis) =>
        lis.map((li) => [...li.querySelectorAll("span")].map((s) => (s.textContent ?? "").trim())),
      ),
  };
}

describe("the workbench's GURPS Man to Man fight", () => {
  it("shoots Villem's crossbow with range, aim and a modifier as cli fight does, the odds following", async () => {
    const { page, errors } = await open();
    try {
      await switchToM2m(page);
      await page.selectOption("#wb-a", { label: "Villem the Vile" });
      await page.selectOption("#wb-b", { label: "Filthy Pierre" });
      const bow = actors.get("Villem the Vile")!.items.find((i) => i.name === "Crossbow")!;
      // His crossbow (carried) is offered with his Halberd: thr+4 impaling at Crossbow-16 (L4386, L4987).
      const label = await page
        .locator(`#wb-attack option[value="${bow._id}|ranged"]`)
        .textContent();
      expect(label).toMatch(/^Crossbow: shot, .* impaling \(skill 16\)$/);
      await page.selectOption("#wb-attack", `${bow._id}|ranged`);
      expect(await page.locator("#wb-range").isVisible()).toBe(true);
      expect(await page.locator("#wb-aim-turns").isVisible()).toBe(true);
      // A missile is not parried (L1910): Dodge, Block, none.
      expect(await page.locator("#wb-defence option").allTextContents()).toEqual([
        "Dodge (4)",
        "Block (4)",
        "No active defence",
      ]);

      const cases: { range: number; aim: number; modifier: number; seeds: number[] }[] = [
        { range: 20, aim: 1, modifier: -2, seeds: [1, 2, 3, 4] },
        { range: 3, aim: 0, modifier: 0, seeds: [5, 6] },
        { range: 260, aim: 4, modifier: 3, seeds: [7, 8] },
      ];
      let hits = 0;
      for (const c of cases) {
        await page.fill("#wb-range", String(c.range));
        await page.fill("#wb-aim-turns", String(c.aim));
        await page.fill("#wb-mod", String(c.modifier));
        for (const id of ["wb-range", "wb-aim-turns", "wb-mod"])
          await page.dispatchEvent(`#${id}`, "change");
        const [type] = (await page.locator("#wb-defence").inputValue()).split("|");
        const flags: M2mFightFlags = {
          weapon: bow._id,
          range: c.range,
          aim: c.aim,
          location: "random",
          ...(c.modifier ? { modifier: c.modifier } : {}),
          defence: { type: type as "dodge" },
        };
        // The odds follow the choices: cli odds on the exchange's input.
        const first = m2mFightExchange(armed("Villem the Vile"), snap("Filthy Pierre"), 1, flags);
        const odds = oddsInput(first.input).odds;
        expect(await oddsFigure(page, "wb-odds-attack", "anyHit")).toBeCloseTo(100 * odds.hit, 2);
        expect(await oddsFigure(page, "wb-odds-other", "expectedInjury")).toBeCloseTo(
          odds.expectedInjury,
          3,
        );
        for (const seed of c.seeds) {
          const cli = m2mFightExchange(
            armed("Villem the Vile"),
            snap("Filthy Pierre"),
            seed,
            flags,
          );
          const r = cli.result as M2mResult;
          await page.fill("#wb-seed", String(seed));
          await page.click("#wb-roll");
          const f = await cardFigures(page);
          expect(f.seed).toBe(String(seed));
          expect(f.attack).toEqual({ target: r.attack.effective, roll: r.attack.roll });
          expect(f.defence).toEqual(
            r.defence ? { target: r.defence.target, roll: r.defence.roll } : null,
          );
          // The level and every modifier of cli fight's itemised (the situational one under its
          // own label); a ranged attack has no random swing penalty.
          const mods = cli.attack.modifiers.map((m) => m.value);
          const sorted = (l: number[]) => [...l].sort((x, y) => x - y);
          expect(num(f.lines[0]![1]!)).toBe(cli.attack.target - mods.reduce((t, v) => t + v, 0));
          expect(sorted(f.lines.slice(1).map((l) => num(l[1]!)))).toEqual(sorted(mods));
          if (c.modifier)
            expect(f.lines).toContainEqual([
              WB.modifier,
              `${c.modifier > 0 ? "+" : "\u2212"}${Math.abs(c.modifier)}`,
            ]);
          const wound = exchanges(page).first().locator('.bbb-m2m-wound[data-wound="defender"]');
          if (r.hit && r.damage) {
            hits++;
            expect(await wound.locator(".bbb-m2m-hp").innerText()).toBe(
              `HP ${(cli.input.defender as { hp: number }).hp} \u2192 ${r.defender.hp}`,
            );
          } else expect(await wound.count()).toBe(0);
        }
      }
      expect(hits).toBeGreaterThan(0);
      expect(await missingKeys(page)).toEqual([]);
      await shot(page, "workbench-m2m-crossbow");

      // Bad values are refused beside their fields, and nothing is rolled.
      const before = await exchanges(page).count();
      await page.fill("#wb-mod", "31");
      await page.click("#wb-roll");
      expect(await page.locator(".bbb-wb-problem").allTextContents()).toEqual([
        `${WB.modifier}: 31 is not allowed: a whole number from -30 to 30.`,
      ]);
      expect(await page.locator("#wb-mod").getAttribute("aria-invalid")).toBe("true");
      await page.fill("#wb-mod", "0");
      await page.fill("#wb-range", "");
      await page.click("#wb-roll");
      expect(await page.locator(".bbb-wb-problem").allTextContents()).toEqual([
        WB.M2M.Fight.rangeNeeded.replace("{field}", WB.M2M.Fight.range),
      ]);
      expect(await exchanges(page).count()).toBe(before);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it("plays Rogan against Pierre turn by turn through the flow, HP and conditions carried, to the end", async () => {
    const rogan = snap("Rogan the Reaver");
    const pierre = snap("Filthy Pierre");
    const duel = { a: m2mDuelFighter(rogan), b: m2mDuelFighter(pierre) };
    // The page's default attack: Rogan's best (the duel's first), random location, Pierre's best defence.
    const pageFlags: M2mFightFlags = {
      weapon: duel.a.attacks[0]!.weaponId,
      mode: duel.a.attacks[0]!.mode,
      location: "random",
    };
    // A seed whose fight has a stun recovery roll (a turn card with a check), found in Node.
    let seed = 0;
    let steps: M2mTurnStep[] = [];
    let fight = newFight({ a: rogan, b: pierre }, duel, 1);
    for (let s = 1; s <= 200 && seed === 0; s++) {
      const f = newFight({ a: rogan, b: pierre }, duel, s);
      const all: M2mTurnStep[] = [];
      for (let t = 0; t < 200 && !f.over; t++) all.push(...playTurn(f, pageFlags, (m) => m.key));
      if (all.some((x) => x.kind === "turn" && x.outcome.checks.length > 0) && all.length < 60) {
        seed = s;
        steps = all;
        fight = f;
      }
    }
    expect(seed).toBeGreaterThan(0);

    const { page, errors } = await open();
    try {
      await switchToM2m(page);
      await page.fill("#wb-seed", String(seed));
      await page.dispatchEvent("#wb-seed", "change");
      const defence = await page.locator("#wb-defence").inputValue();
      for (let i = 0; i < 200; i++) {
        if (await page.locator("#wb-step").isDisabled()) break;
        await page.click("#wb-step");
      }
      expect(await page.locator("#wb-step").isDisabled()).toBe(true);

      // Rogan (Speed 6) acts before Pierre (5.5, §4.1): his first exchange is cli fight --seed's.
      const cli = m2mFightExchange(rogan, pierre, seed, {
        ...pageFlags,
        defence: { type: defence.split("|")[0] as "parry", weapon: defence.split("|")[1] },
      }).result as M2mResult;
      const cards = exchanges(page);
      const n = await cards.count();
      const played = steps.filter((x) => x.kind === "exchange");
      expect(n).toBe(played.length);
      const firstCard = cards.nth(n - 1);
      expect(await firstCard.getAttribute("data-seed")).toBe(String(seed));
      expect(
        num(
          await firstCard.locator('.bbb-m2m-roll[data-side="attacker"] .bbb-m2m-3d6').innerText(),
        ),
      ).toBe(cli.attack.roll);
      expect(
        num(
          await firstCard
            .locator('.bbb-m2m-roll[data-side="attacker"] .bbb-m2m-target')
            .innerText(),
        ),
      ).toBe(cli.attack.effective);

      // Each exchange card is the flow's, oldest last; the n-th rolls the dice of seed + n.
      for (let i = 0; i < n; i++) {
        const step = played[i]!;
        const card = cards.nth(n - 1 - i);
        expect(await card.getAttribute("data-seed")).toBe(String(seed + i));
        expect(await card.getAttribute("data-side")).toBe(step.side);
        const r = step.played.result.exchange;
        expect(
          num(await card.locator('.bbb-m2m-roll[data-side="attacker"] .bbb-m2m-3d6').innerText()),
        ).toBe(r.attack.roll);
      }
      // HP carries: each wound's HP before is the HP its bearer was left with by the last one.
      const hpTexts = await page
        .locator('#wb-log li[data-kind="exchange"] .bbb-m2m-wound[data-wound="defender"]')
        .evaluateAll((ws) =>
          ws.map((w) => [
            w.closest("li")!.getAttribute("data-side"),
            w.querySelector(".bbb-m2m-hp")!.textContent ?? "",
          ]),
        );
      const left: Record<string, number> = { a: 12, b: 10 };
      for (const [attacker, text] of hpTexts.reverse()) {
        const [before, after] = [...text!.matchAll(/-?\d+/g)].map((m) => Number(m[0]));
        const bearer = attacker === "a" ? "b" : "a";
        expect(before).toBe(left[bearer]);
        left[bearer] = after!;
      }
      expect(hpTexts.length).toBeGreaterThan(0);
      // The turn cards: each fighter's turn start; a stun recovery roll against his HT (§9.2).
      const checks = await page
        .locator('#wb-log li[data-kind="turn"]')
        .evaluateAll((lis) =>
          lis.flatMap((li) =>
            [...li.querySelectorAll(".bbb-m2m-check")].map((c) => [
              li.getAttribute("data-side"),
              c.querySelector(".bbb-m2m-check-label")!.textContent,
              Number(c.querySelector(".bbb-m2m-check-roll")!.textContent),
              Number(c.querySelector(".bbb-m2m-check-target")!.textContent),
            ]),
          ),
        );
      // Newest turn first; a turn's checks in the order rolled (consciousness, then stun).
      const expected = steps
        .filter((x) => x.kind === "turn")
        .reverse()
        .flatMap((x) =>
          x.kind === "turn"
            ? x.outcome.checks.map((c) => [
                x.side,
                en.BLOWBYBLOW.M2M.Turn[c.key.split(".").pop() as "stunRecovery"],
                c.total,
                c.target,
              ])
            : [],
        );
      expect(checks).toEqual(expected);
      expect(checks.length).toBeGreaterThan(0);
      for (const [side, , , target] of checks) expect(target).toBe(side === "a" ? 12 : 10);
      // The sides' status: HP and conditions as the fight left them; the winner.
      for (const side of ["a", "b"] as const) {
        const st = stateOf(fight.blocks[side]);
        const status = page.locator(`#wb-side-${side} .bbb-wb-m2m-status`);
        expect(Number(await status.getAttribute("data-hp"))).toBe(st.hp);
        expect(await status.getAttribute("data-hp")).toBe(String(left[side]));
        expect(await status.getAttribute("data-conditions")).toBe(
          st.conditions.map((c) => c.condition).join(" "),
        );
      }
      const winner = fight.over!.winner;
      expect(await page.locator("#wb-over").textContent()).toBe(
        `${WB.over} ${winner ? WB.winner.replace("{name}", winner === "a" ? "Rogan the Reaver" : "Filthy Pierre") : WB.noWinner}`,
      );
      expect(await page.locator('#wb-log li[data-kind="maneuver"]').count()).toBe(
        steps.filter((x) => x.kind === "maneuver").length,
      );
      expect(await missingKeys(page)).toEqual([]);
      await shot(page, "workbench-m2m-fight");

      // Reset starts the fight again: an empty log, both fresh, Next turn on.
      await page.click("#wb-reset");
      expect(await page.locator("#wb-log li").count()).toBe(0);
      expect(await page.locator("#wb-step").isDisabled()).toBe(false);
      expect(await page.locator("#wb-side-b .bbb-wb-m2m-status").getAttribute("data-hp")).toBe(
        "10",
      );
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 240_000);
});
