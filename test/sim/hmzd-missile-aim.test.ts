/**
 * Fidelity review (issue 18): an hmzd duel policy's placement for a missile is Z4's aim: d6 from
 * the placement, refused only when the d6 cannot fit (placement + 6 − 1 beyond the plan), so a
 * longbowman told to aim at the torso (4) shoots aimed from 4 and not unaimed from 1.
 */
import { describe, expect, it } from "vitest";
import { deriveHmzdCharacter } from "../../src/rules/hmzd/character";
import { hmzdSample } from "../../src/rules/hmzd/samples";
import { hmzdDuelFighter } from "../../src/sim/hmzd-duel-fighter";
import { attackDecl } from "../../src/sim/hmzd-exchange";
import { hmzdAttack, type Impairment } from "../../src/sim/hmzd-policy";

const s = hmzdSample("longbowman")!;
const archer = hmzdDuelFighter(s.name, deriveHmzdCharacter(s.character));
const none: Impairment = () => 0;

describe("Z4: a duel policy's placement aims a missile (d6 from it)", () => {
  it("placement 4 on a human: aimed from 4", () => {
    const a = hmzdAttack(archer, none, { weapon: "arrow-longbow", placement: 4 }, 10)!;
    expect(a.weapon.missile).toBe(true);
    expect(a.placement).toBe(4);
    expect(attackDecl(a)).toMatchObject({ type: "missile", aimed: true, placement: 4 });
  });
  it("placement 9 is lowered to 5, the highest a d6 fits on ten zones", () => {
    const a = hmzdAttack(archer, none, { weapon: "arrow-longbow", placement: 9 }, 10)!;
    expect(a.placement).toBe(5);
  });
  it("no placement: unaimed from 1", () => {
    const a = hmzdAttack(archer, none, { weapon: "arrow-longbow" }, 10)!;
    expect(attackDecl(a)).toMatchObject({ aimed: false, placement: 1 });
  });
});
