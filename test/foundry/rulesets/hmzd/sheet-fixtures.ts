/**
 * A zone-die fighter for the sheet tests: the seed's worked example's defender after the strike
 * (§7: the broadsword's S2 edge on the left shoulder, Shock roll CF → STN, 001:139-155) with a
 * second, grievous injury on a leg, and the seed's broadsword (Z12).
 */
import type {
  HmzdCharacterBlock,
  HmzdInjuryBlock,
  HmzdWeaponBlock,
} from "../../../../src/foundry/rulesets/hmzd/source";
import type { HmzdSheetInjury } from "../../../../src/foundry/rulesets/hmzd/sheets/context";

export function stunnedBlock(): HmzdCharacterBlock {
  return {
    shock: null,
    state: "STN",
    recovery: { at: "turnEnd", armed: false, due: null },
    clock: 20,
    setups: [{ round: 3, count: 2 }],
    actionRound: null,
    unhindered: [],
    revision: 2,
    bodyPlan: "human",
  };
}

export function shoulderInjury(): HmzdInjuryBlock {
  return {
    severity: "S",
    level: 2,
    aspect: "edge",
    zone: "arms",
    side: "left",
    location: "shoulder",
    shockFailed: true,
  };
}

export function injuries(): HmzdSheetInjury[] {
  return [
    { id: "inj1", name: "Cut <b>shoulder</b>", block: shoulderInjury() },
    {
      id: "inj2",
      name: "Smashed knee",
      block: {
        ...shoulderInjury(),
        severity: "G",
        level: 4,
        aspect: "blunt",
        zone: "legs",
        location: "knee",
        side: "right",
      },
    },
  ];
}

/** The seed's broadsword: ZD d4; swing d10+3E; thrust d8+2P; pommel d6+0B (Z12). */
export function broadsword(): HmzdWeaponBlock {
  return {
    zoneDie: 4,
    modes: [
      { name: "Swing", die: 10, base: 3, aspect: "edge" },
      { name: "Thrust", die: 8, base: 2, aspect: "point" },
      { name: "Pommel", die: 6, base: 0, aspect: "blunt" },
    ],
  };
}

type Obj = Record<string, unknown>;

/** Sir Aldric's zone-die block (test/browser/app/page.ts): unhurt state, human plan. */
export function hmzdKnightBlock(): HmzdCharacterBlock {
  return { ...stunnedBlock(), state: "none", recovery: { at: "none", armed: false, due: null } };
}

/**
 * Sir Aldric's items with zone-die blocks: his weapons the seed's broadsword (Z12), his missile
 * the same with no modes, his two injuries the example's S2 left shoulder (shock failed) and a G4
 * right knee; the other items as they are.
 */
export function hmzdKnightItems(
  items: readonly { _id: string; type: string; system: Obj }[],
): { _id: string; type: string; system: Obj }[] {
  let injury = 0;
  return items.map((item) => {
    const system = structuredClone(item.system);
    if (item.type === "weapon") system.hmzd = broadsword();
    if (item.type === "missile") system.hmzd = { zoneDie: 10, modes: [] };
    if (item.type === "injury") system.hmzd = injuries()[injury++ % 2]!.block;
    return { ...item, system };
  });
}
