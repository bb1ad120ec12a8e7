/**
 * The sheet's impairment per zone (src/foundry/rulesets/hmzd/zone-impairment.ts; Z8, 001:83-87):
 * S 10, M 5 once it hinders (shock failed, or the block's clock past its ten minutes), G forbids;
 * only the zone's own injuries count.
 */
import { describe, expect, it } from "vitest";
import { hmzdZoneImpairment } from "../../../../src/foundry/rulesets/hmzd/zone-impairment";
import type { HmzdInjuryBlock } from "../../../../src/foundry/rulesets/hmzd/source";

const injury = (over: Partial<HmzdInjuryBlock>): HmzdInjuryBlock => ({
  severity: "M",
  level: 1,
  aspect: "edge",
  zone: "arms",
  side: "left",
  location: "shoulder",
  shockFailed: false,
  ...over,
});

describe("impairment per zone for the sheet (Z8)", () => {
  const minor = injury({});
  const serious = injury({ severity: "S", level: 2, side: "right", location: "forearm" });
  const leg = injury({ severity: "G", level: 4, zone: "legs", location: "thigh" });
  const all = [minor, serious, leg];

  it("an M injury within its ten minutes does not hinder; S adds 10; G elsewhere does not count", () => {
    const zone = hmzdZoneImpairment({
      clock: 100,
      unhindered: [{ key: "left-shoulder:M1", until: 600 }],
    });
    expect(zone("arms", all)).toEqual({ penalty: 10, forbidden: false });
    expect(zone("legs", all)).toEqual({ penalty: 0, forbidden: true });
    expect(zone("head", all)).toEqual({ penalty: 0, forbidden: false });
  });

  it("the M injury hinders once its ten minutes are over, or at once when its shock test failed", () => {
    const later = hmzdZoneImpairment({
      clock: 600,
      unhindered: [{ key: "left-shoulder:M1", until: 600 }],
    });
    expect(later("arms", all)).toEqual({ penalty: 15, forbidden: false });
    const fresh = hmzdZoneImpairment({
      clock: 0,
      unhindered: [{ key: "left-shoulder:M1", until: 600 }],
    });
    expect(fresh("arms", [injury({ shockFailed: true })])).toEqual({
      penalty: 5,
      forbidden: false,
    });
    // Written on the sheet by hand (not listed as unhindered): it hinders (Z20).
    expect(hmzdZoneImpairment({ clock: 0, unhindered: [] })("arms", [minor]).penalty).toBe(5);
  });
});
