/**
 * The m2m actor sheet's combat tab (issue 16): a creature's hit-location plan, and the
 * hit-location table with gear that makes its "vs impaling" and shield-PD cells non-trivial: Friedrick with his large shield (PD 4, seed 004
 * L1076) and chainmail (test/foundry/rulesets/m2m/sheet-fixtures.ts `chainItems`). Figures by
 * hand from seed 004 and m2m-spec.md: the shield's PD adds to the PD of every location from the
 * front (L1299, L2406; spec §6.1), and a breastplate's from-behind figures leave it out (L1828,
 * L2406); chainmail over cloth armour PD 3 / DR 4, against impaling PD 1 / DR 2 (L4878);
 * chainmail alone PD 3 / DR 3, against impaling PD 0 / DR 1 (L1168, L4880; spec §3.6 chainmail
 * footnote); the skull's DR 1 on head and face (L2470); no armour on the face (L2458).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import { m2mActorContext } from "../../../../src/foundry/rulesets/m2m/sheets/actor/context";
import {
  chainDerived,
  chainItems,
  derivedWith,
  friedrickBlock,
  piecesItems,
  SHIELD_ID,
} from "./sheet-fixtures";

const LANG: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
const { localize } = localizerOf(LANG);

function rows(items = chainItems(), derived = chainDerived()) {
  const block = friedrickBlock();
  const c = m2mActorContext({
    type: "character",
    name: "Fiendish Friedrick",
    img: "",
    system: { m2m: block, description: "" },
    derived,
    items,
    editable: true,
    localize,
  });
  return Object.fromEntries(c.combat.locations.map((r) => [r.id, r]));
}

describe("hit-location table: vs impaling and shield PD", () => {
  it("chain coif alone on the head: PD 3 + shield 4 = 7, DR 3 + skull 1 = 4; vs impaling PD 0 + 4, DR 1 + 1 (L4880, L2470)", () => {
    const head = rows().head!;
    expect(head).toMatchObject({
      pd: "7",
      dr: "4",
      vsImpaling: "vs impaling: PD 4, DR 2",
      fromBehind: "",
      pieces: ["Chain coif"],
    });
    expect(head.pdTooltip).toBe("PD 0, Armour +3, Shield +4");
    // Every part named (was "Other modifier +1" for the skull).
    expect(head.drTooltip).toBe("DR 0, Armour +3, Skull +1");
  });

  it("chainmail over cloth armour on torso and vitals: PD 3 + 4 = 7, DR 4; vs impaling PD 1 + 4 = 5, DR 2 (L4878)", () => {
    const r = rows();
    for (const id of ["torso", "vitals"])
      expect(r[id]).toMatchObject({
        pd: "7",
        dr: "4",
        vsImpaling: "vs impaling: PD 5, DR 2",
        pieces: ["Chainmail", "Cloth armor"],
      });
  });

  it("chainmail leggings alone: PD 7, DR 3; vs impaling PD 4, DR 1 (L1168, L4880); the feet bare", () => {
    const r = rows();
    for (const id of ["left-leg", "right-leg"])
      expect(r[id]).toMatchObject({
        pd: "7",
        dr: "3",
        vsImpaling: "vs impaling: PD 4, DR 1",
        pieces: ["Chainmail leggings"],
      });
    expect(r["left-foot"]).toMatchObject({ pd: "4", dr: "0", vsImpaling: "", pieces: [] });
  });

  it("no armour: the shield's PD alone (arms 4/0; the face 4 and the skull's DR 1, L2458)", () => {
    const r = rows();
    expect(r["left-arm"]).toMatchObject({ pd: "4", dr: "0", vsImpaling: "", pieces: [] });
    expect(r["left-arm"]!.pdTooltip).toBe("PD 0, Shield +4");
    expect(r.face).toMatchObject({ pd: "4", dr: "1", vsImpaling: "", pieces: [] });
  });

  it("a breastplate with the shield: PD 4 + shield 4 = 8 from the front, from behind the cloth alone and no shield PD (L4838, L2406)", () => {
    const items = [...piecesItems(), ...chainItems().filter((i) => i.id === SHIELD_ID)];
    const torso = rows(items, derivedWith(items)).torso!;
    expect(torso).toMatchObject({
      pd: "8",
      dr: "6",
      vsImpaling: "",
      fromBehind: "from behind: PD 1, DR 1",
      pieces: ["Breastplate (steel)", "Cloth armor"],
    });
    expect(torso.pdTooltip).toBe("PD 0, Armour +4, Shield +4");
    // Plate over cloth armour: +1 DR (L1170; ruling M95).
    expect(torso.drTooltip).toBe("DR 0, Armour +5, Padding under plate +1");
  });
});

describe("a creature's hit-location plan", () => {
  const context = (type: "character" | "creature", bodyPlan?: string) => {
    const block = friedrickBlock();
    return m2mActorContext({
      type,
      name: "Wolf",
      img: "",
      system: { m2m: bodyPlan === undefined ? block : { ...block, bodyPlan }, description: "" },
      derived: chainDerived(),
      items: chainItems(),
      editable: true,
      localize,
    }).combat.bodyPlan;
  };

  it("a creature's bodyPlan is shown by its label, saying the human table is the only plan so far (L2414-2476)", () => {
    expect(context("creature", "m2m-human")).toEqual({
      label: "Hit-location plan",
      value: "Human (seed 004 L2414–2476)",
      hint: "the only plan so far: other creatures' tables are not in the rules yet",
    });
  });

  it("an unknown stored plan is shown as unknown; a character (always human) shows none", () => {
    expect(context("creature", "dragon")!.value).toBe("dragon (unknown)");
    expect(context("character")).toBeNull();
  });
});
