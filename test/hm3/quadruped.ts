/**
 * A small quadruped body plan for tests (not a compendium creature): head, neck, paired
 * forelegs and hindlegs, body, belly and a tail that cannot be aimed at. Zone points:
 * High 30+20+20+30 = 100; Mid 10+10+20+40+10+10 = 100; Low 40+10+10+40 = 100.
 */
import type { Hm3BodyPlanInput } from "../../src/rules/hm3";

export function quadruped(): Hm3BodyPlanInput {
  const cells = (...codes: string[]) =>
    codes.map((c) => {
      const m = /^(♦)?([MSGK])(\d)(▼)?$/u.exec(c)!;
      return {
        severity: m[2] as "M" | "S" | "G" | "K",
        level: Number(m[3]),
        fumbleStumble: m[1] !== undefined,
        amputation: m[4] !== undefined,
      };
    });
  return {
    id: "test-quadruped",
    name: "Quadruped",
    locations: [
      {
        id: "head",
        name: "Head",
        region: "head",
        paired: false,
        aim: { high: 30, mid: 10, low: 0 },
        injury: cells("M1", "S2", "S3", "K4", "K5"),
      },
      {
        id: "neck",
        name: "Neck",
        region: "neck",
        paired: false,
        aim: { high: 20, mid: 10, low: 0 },
        injury: cells("M1", "S2", "S3", "K4", "K5▼"),
      },
      {
        id: "foreleg",
        name: "Foreleg",
        region: "leg",
        paired: true,
        aim: { high: 20, mid: 20, low: 40 },
        injury: cells("♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"),
      },
      {
        id: "body",
        name: "Body",
        region: "torso",
        paired: false,
        aim: { high: 30, mid: 40, low: 10 },
        injury: cells("M1", "S2", "S3", "G4", "K5"),
      },
      {
        id: "belly",
        name: "Belly",
        region: "torso",
        paired: false,
        aim: { high: 0, mid: 10, low: 10 },
        injury: cells("M1", "S2", "S3", "K4", "K5"),
      },
      {
        id: "hindleg",
        name: "Hindleg",
        region: "leg",
        paired: true,
        aim: { high: 0, mid: 10, low: 40 },
        injury: cells("♦M1", "♦S2", "♦S3", "♦G4", "♦K4▼"),
      },
      {
        id: "tail",
        name: "Tail",
        region: "tail",
        paired: false,
        aim: { high: 0, mid: 0, low: 0 },
        injury: cells("M1", "M1", "S2", "S3", "G4▼"),
      },
    ],
  };
}
