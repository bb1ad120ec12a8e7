/**
 * What the zone-die sheet parts show (templates/hmzd): pure view models of the `system.hmzd`
 * blocks, built from the stored block, the actor's items and a localiser, with no Foundry
 * global. The actor part (`hmzdActorPart`) shows the Shock EML (Z7), the shock state and its
 * recovery test (§5, Z15), the Setups carried (Z16), the zone plan (§2, Z14) and the injuries by
 * zone with their impairment (Z8); the item parts (`hmzdItemPart`) a weapon's zone die and modes
 * (Z12, Z4) and an injury's severity, level, aspect and place (§4).
 *
 * Impairment: the penalty of each zone is zd-state's rule (Z8, src/rules/hmzd/impairment.ts),
 * given as `zoneImpairment` (the sheets build it with ./impairment.ts from the actor's plan and
 * injuries); a sided zone shows each side's. Without one the part lists the injuries by zone
 * and shows the penalty as not computed (`BLOWBYBLOW.HMZD.Sheet.impairmentPending`).
 */
import type { HmzdAspect, HmzdState } from "../../../../rules/hmzd/types";
import { HMZD_ASPECTS, HMZD_STATES } from "../../../../rules/hmzd/types";
import type { Localize } from "../../../sheets/common";
import { humanPlanSource } from "../plans";
import {
  HMZD_SEVERITIES,
  IMPACT_DICE,
  INJURY_SIDES,
  PLAN_IDS,
  SEVERITY_LEVELS,
  ZONE_DICE,
} from "../rules";
import type {
  HmzdBodyPlanSource,
  HmzdCharacterBlock,
  HmzdCreatureBlock,
  HmzdInjuryBlock,
  HmzdWeaponBlock,
} from "../source";

/** The lang keys of the parts' text. */
export const HMZD_SHEET = Object.freeze({
  title: "BLOWBYBLOW.HMZD.Sheet.title",
  tab: "BLOWBYBLOW.HMZD.Sheet.tab",
  shockHint: "BLOWBYBLOW.HMZD.Sheet.shockHint",
  recoveryNone: "BLOWBYBLOW.HMZD.Sheet.recoveryNone",
  recoveryTurnEnd: "BLOWBYBLOW.HMZD.Sheet.recoveryTurnEnd",
  recoveryTurnEndArmed: "BLOWBYBLOW.HMZD.Sheet.recoveryTurnEndArmed",
  recoveryClock: "BLOWBYBLOW.HMZD.Sheet.recoveryClock",
  setups: "BLOWBYBLOW.HMZD.Sheet.setups",
  plan: "BLOWBYBLOW.HMZD.Sheet.plan",
  humanPlan: "BLOWBYBLOW.HMZD.Sheet.humanPlan",
  zone: "BLOWBYBLOW.HMZD.Sheet.zone",
  zoneValues: "BLOWBYBLOW.HMZD.Sheet.zoneValues",
  sides: "BLOWBYBLOW.HMZD.Sheet.sides",
  sidesNone: "BLOWBYBLOW.HMZD.Sheet.sidesNone",
  sidesZone: "BLOWBYBLOW.HMZD.Sheet.sidesZone",
  sidesLocation: "BLOWBYBLOW.HMZD.Sheet.sidesLocation",
  location: "BLOWBYBLOW.HMZD.Sheet.location",
  d10: "BLOWBYBLOW.HMZD.Sheet.d10",
  locationShock: "BLOWBYBLOW.HMZD.Sheet.locationShock",
  impairment: "BLOWBYBLOW.HMZD.Sheet.impairment",
  injuries: "BLOWBYBLOW.HMZD.Sheet.injuries",
  noInjuries: "BLOWBYBLOW.HMZD.Sheet.noInjuries",
  penalty: "BLOWBYBLOW.HMZD.Sheet.penalty",
  forbidden: "BLOWBYBLOW.HMZD.Sheet.forbidden",
  sideImpairment: "BLOWBYBLOW.HMZD.Sheet.sideImpairment",
  impairmentPending: "BLOWBYBLOW.HMZD.Sheet.impairmentPending",
  modes: "BLOWBYBLOW.HMZD.Sheet.modes",
  noModes: "BLOWBYBLOW.HMZD.Sheet.noModes",
  addMode: "BLOWBYBLOW.HMZD.Sheet.addMode",
  removeMode: "BLOWBYBLOW.HMZD.Sheet.removeMode",
  newMode: "BLOWBYBLOW.HMZD.Sheet.newMode",
  impact: "BLOWBYBLOW.HMZD.Sheet.impact",
  missileHint: "BLOWBYBLOW.HMZD.Sheet.missileHint",
});

/** Lang keys of each shock state, aspect, severity, side and plan. */
export const STATE_LABEL: Readonly<Record<HmzdState, string>> = Object.freeze({
  none: "BLOWBYBLOW.HMZD.State.none",
  STN: "BLOWBYBLOW.HMZD.State.STN",
  INC: "BLOWBYBLOW.HMZD.State.INC",
  UNC: "BLOWBYBLOW.HMZD.State.UNC",
  KIA: "BLOWBYBLOW.HMZD.State.KIA",
});
export const ASPECT_LABEL: Readonly<Record<HmzdAspect, string>> = Object.freeze({
  blunt: "BLOWBYBLOW.HMZD.Aspect.blunt",
  edge: "BLOWBYBLOW.HMZD.Aspect.edge",
  point: "BLOWBYBLOW.HMZD.Aspect.point",
  fire: "BLOWBYBLOW.HMZD.Aspect.fire",
});
/** The aspect's letter as the seed prints an impact (d10+3E). */
export const ASPECT_LETTER: Readonly<Record<HmzdAspect, string>> = Object.freeze({
  blunt: "B",
  edge: "E",
  point: "P",
  fire: "F",
});
export const SEVERITY_LABEL: Readonly<Record<(typeof HMZD_SEVERITIES)[number], string>> =
  Object.freeze({
    M: "BLOWBYBLOW.HMZD.Severity.M",
    S: "BLOWBYBLOW.HMZD.Severity.S",
    G: "BLOWBYBLOW.HMZD.Severity.G",
  });
export const SIDE_LABEL: Readonly<Record<(typeof INJURY_SIDES)[number], string>> = Object.freeze({
  none: "BLOWBYBLOW.HMZD.Side.none",
  right: "BLOWBYBLOW.HMZD.Side.right",
  left: "BLOWBYBLOW.HMZD.Side.left",
});
export const PLAN_LABEL: Readonly<Record<(typeof PLAN_IDS)[number], string>> = Object.freeze({
  human: "BLOWBYBLOW.HMZD.Plan.human",
  dog: "BLOWBYBLOW.HMZD.Plan.dog",
  horse: "BLOWBYBLOW.HMZD.Plan.horse",
});

/** Lang keys of the human plan's zones and locations (§2). */
export const HUMAN_ZONE_LABEL: Readonly<Record<string, string>> = Object.freeze({
  head: "BLOWBYBLOW.HMZD.Zone.head",
  arms: "BLOWBYBLOW.HMZD.Zone.arms",
  torso: "BLOWBYBLOW.HMZD.Zone.torso",
  legs: "BLOWBYBLOW.HMZD.Zone.legs",
});
export const HUMAN_LOCATION_LABEL: Readonly<Record<string, string>> = Object.freeze({
  skull: "BLOWBYBLOW.HMZD.Location.skull",
  face: "BLOWBYBLOW.HMZD.Location.face",
  neck: "BLOWBYBLOW.HMZD.Location.neck",
  shoulder: "BLOWBYBLOW.HMZD.Location.shoulder",
  "upper-arm": "BLOWBYBLOW.HMZD.Location.upper-arm",
  elbow: "BLOWBYBLOW.HMZD.Location.elbow",
  forearm: "BLOWBYBLOW.HMZD.Location.forearm",
  hand: "BLOWBYBLOW.HMZD.Location.hand",
  thorax: "BLOWBYBLOW.HMZD.Location.thorax",
  abdomen: "BLOWBYBLOW.HMZD.Location.abdomen",
  pelvis: "BLOWBYBLOW.HMZD.Location.pelvis",
  thigh: "BLOWBYBLOW.HMZD.Location.thigh",
  knee: "BLOWBYBLOW.HMZD.Location.knee",
  calf: "BLOWBYBLOW.HMZD.Location.calf",
  foot: "BLOWBYBLOW.HMZD.Location.foot",
});

/** A human plan zone's or location's localised name; else (another plan's id) the stored one. */
const humanName = (
  labels: Readonly<Record<string, string>>,
  item: { id: string; name: string },
  t: Localize,
) => (labels[item.id] ? t(labels[item.id]!) : item.name);

export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

const options = <T extends string | number>(
  values: readonly T[],
  current: T,
  label: (v: T) => string,
): Option[] => values.map((v) => ({ value: String(v), label: label(v), selected: v === current }));

/** `lo–hi`, or `lo` for a single value. */
export const span = (r: { from: number; to: number }): string =>
  r.from === r.to ? String(r.from) : `${r.from}–${r.to}`;

/** An impact as the seed prints it: d10+3E, d6−4P, d6+0B. */
export function impactText(mode: { die: number; base: number; aspect: HmzdAspect }): string {
  const sign = mode.base < 0 ? "−" : "+";
  return `d${mode.die}${sign}${Math.abs(mode.base)}${ASPECT_LETTER[mode.aspect]}`;
}

/** An injury on the actor, as the zone table lists it. */
export interface HmzdSheetInjury {
  id: string;
  name: string;
  block: HmzdInjuryBlock;
}

/** A zone's impairment (Z8): the penalty to its actions, or forbidden (a G injury there). */
export interface ZoneImpairment {
  penalty: number;
  forbidden: boolean;
  /** A sided zone's (arms, legs) impairment per side, right first (./impairment.ts). */
  sides?: { side: "right" | "left"; penalty: number; forbidden: boolean }[];
}

/** A penalty as the table shows it: `−10`, `0`, or prohibited (a G injury, 001:87). */
function impairmentValue(i: { penalty: number; forbidden: boolean }, t: Localize): string {
  if (i.forbidden) return t(HMZD_SHEET.forbidden);
  return i.penalty === 0 ? "0" : `−${i.penalty}`;
}

/** A zone's impairment as the table shows it: its value, or each side's (`Right −10; Left 0`). */
export function impairmentText(
  i: ZoneImpairment,
  t: Localize,
  format: (key: string, data: Record<string, string | number>) => string,
): string {
  if (!i.sides?.length) return impairmentValue(i, t);
  return i.sides
    .map((s) =>
      format(HMZD_SHEET.sideImpairment, {
        side: t(SIDE_LABEL[s.side]),
        value: impairmentValue(s, t),
      }),
    )
    .join("; ");
}

export interface HmzdActorPartInput {
  type: "character" | "creature";
  block: HmzdCharacterBlock | HmzdCreatureBlock;
  /** The Shock EML used when there is no Shock skill (5 × Endurance, Z7); null: not derived. */
  defaultShock: number | null;
  injuries: readonly HmzdSheetInjury[];
  editable: boolean;
  localize: Localize;
  format: (key: string, data: Record<string, string | number>) => string;
  /** zd-state's impairment of a zone from its injuries (Z8); absent: not computed here yet. */
  zoneImpairment?: (zone: string, injuries: readonly HmzdInjuryBlock[]) => ZoneImpairment;
}

/** The plan an actor's strikes are located on: its own (creature), else the human plan. */
export function planOf(input: Pick<HmzdActorPartInput, "type" | "block">): {
  plan: HmzdBodyPlanSource;
  own: boolean;
} {
  if (input.type === "creature") {
    const own = (input.block as HmzdCreatureBlock).bodyPlan;
    if (own) return { plan: own, own: true };
  }
  return { plan: humanPlanSource(), own: false };
}

/** The view model of the actor's zone-die part. */
export function hmzdActorPart(input: HmzdActorPartInput) {
  const { block, localize: t, format } = input;
  const { plan, own } = planOf(input);
  const recovery =
    block.recovery.at === "turnEnd"
      ? t(block.recovery.armed ? HMZD_SHEET.recoveryTurnEndArmed : HMZD_SHEET.recoveryTurnEnd)
      : block.recovery.at === "clock"
        ? format(HMZD_SHEET.recoveryClock, {
            due: block.recovery.due ?? 0,
            left: Math.max(0, (block.recovery.due ?? 0) - block.clock),
          })
        : t(HMZD_SHEET.recoveryNone);
  const setups = block.setups.reduce((n, s) => n + s.count, 0);
  // A plan's own zone and location names are the GM's text; the human plan's are localised.
  const zoneName = (z: { id: string; name: string }) =>
    own ? z.name : humanName(HUMAN_ZONE_LABEL, z, t);
  const locationName = (l: { id: string; name: string }) =>
    own ? l.name : humanName(HUMAN_LOCATION_LABEL, l, t);
  const zones = plan.zones.map((z) => {
    const here = input.injuries.filter((i) => i.block.zone === z.id);
    const impairment = input.zoneImpairment?.(
      z.id,
      here.map((i) => i.block),
    );
    return {
      id: z.id,
      name: zoneName(z),
      values: span(z.values),
      sides:
        z.sides.by === "none"
          ? t(HMZD_SHEET.sidesNone)
          : format(z.sides.by === "zone" ? HMZD_SHEET.sidesZone : HMZD_SHEET.sidesLocation, {
              right: z.sides.right.join(", "),
              left: z.sides.left.join(", "),
            }),
      locations: z.locations.map((l) => ({
        zone: z.id,
        zoneName: zoneName(z),
        id: l.id,
        name: locationName(l),
        d10: span(l.d10),
        shock: l.shock,
      })),
      injuries: here.map((i) => ({
        id: i.id,
        name: i.name,
        code: `${i.block.severity}${i.block.level}`,
      })),
      impairment: impairment ? impairmentText(impairment, t, format) : null,
      forbidden: impairment?.forbidden ?? false,
    };
  });
  return {
    title: t(HMZD_SHEET.title),
    editable: input.editable,
    shock: {
      name: "system.hmzd.shock",
      value: block.shock ?? "",
      placeholder: input.defaultShock === null ? "" : String(input.defaultShock),
      hint: format(HMZD_SHEET.shockHint, {
        eml: input.defaultShock === null ? "—" : input.defaultShock,
      }),
    },
    state: {
      name: "system.hmzd.state",
      value: block.state,
      label: t(STATE_LABEL[block.state]),
      options: options(HMZD_STATES, block.state, (s) => t(STATE_LABEL[s])),
    },
    recovery,
    setups: format(HMZD_SHEET.setups, { count: setups }),
    plan: {
      own,
      name: own ? plan.name : t(HMZD_SHEET.humanPlan),
      choice:
        input.type === "character"
          ? {
              name: "system.hmzd.bodyPlan",
              options: options(PLAN_IDS, (block as HmzdCharacterBlock).bodyPlan as never, (p) =>
                t(PLAN_LABEL[p]),
              ),
            }
          : null,
    },
    zones,
    impairmentPending: input.zoneImpairment ? null : t(HMZD_SHEET.impairmentPending),
  };
}

export type HmzdActorPart = ReturnType<typeof hmzdActorPart>;

/** The view model of a weapon's or missile's zone-die part. */
export function hmzdWeaponPart(
  type: "weapon" | "missile",
  block: HmzdWeaponBlock,
  editable: boolean,
  t: Localize,
) {
  return {
    kind: type,
    editable,
    hint: type === "missile" ? t(HMZD_SHEET.missileHint) : null,
    zoneDie: {
      name: "system.hmzd.zoneDie",
      options: options(ZONE_DICE, block.zoneDie, (d) => `d${d}`),
    },
    modes: block.modes.map((m, i) => ({
      index: i,
      editable,
      impact: impactText(m),
      name: { name: `system.hmzd.modes.${i}.name`, value: m.name },
      die: {
        name: `system.hmzd.modes.${i}.die`,
        options: options(IMPACT_DICE, m.die, (d) => `d${d}`),
      },
      base: { name: `system.hmzd.modes.${i}.base`, value: m.base },
      aspect: {
        name: `system.hmzd.modes.${i}.aspect`,
        options: options(HMZD_ASPECTS, m.aspect, (a) => t(ASPECT_LABEL[a])),
      },
    })),
  };
}

/** The view model of an injury's zone-die part (its zone and location named from `plan`). */
export function hmzdInjuryPart(
  block: HmzdInjuryBlock,
  editable: boolean,
  t: Localize,
  plan: HmzdBodyPlanSource | null = null,
) {
  const zones = (plan ?? humanPlanSource()).zones;
  const zone = zones.find((z) => z.id === block.zone);
  const location = zone?.locations.find((l) => l.id === block.location);
  const named = (item: { id: string; name: string }, labels: Readonly<Record<string, string>>) =>
    plan ? item.name : humanName(labels, item, t);
  return {
    editable,
    code: `${block.severity}${block.level}`,
    severity: {
      name: "system.hmzd.severity",
      options: options(HMZD_SEVERITIES, block.severity, (s) => t(SEVERITY_LABEL[s])),
    },
    level: {
      name: "system.hmzd.level",
      options: options(SEVERITY_LEVELS[block.severity].map(String), String(block.level), (l) => l),
    },
    aspect: {
      name: "system.hmzd.aspect",
      options: options(HMZD_ASPECTS, block.aspect, (a) => t(ASPECT_LABEL[a])),
    },
    zone: {
      name: "system.hmzd.zone",
      options: zones.map((z) => ({
        value: z.id,
        label: named(z, HUMAN_ZONE_LABEL),
        selected: z.id === block.zone,
      })),
    },
    location: {
      name: "system.hmzd.location",
      options: (zone?.locations ?? []).map((l) => ({
        value: l.id,
        label: named(l, HUMAN_LOCATION_LABEL),
        selected: l.id === block.location,
      })),
      known: location !== undefined,
      value: block.location,
    },
    side: {
      name: "system.hmzd.side",
      options: options(INJURY_SIDES, block.side, (s) => t(SIDE_LABEL[s])),
    },
    shockFailed: { name: "system.hmzd.shockFailed", checked: block.shockFailed },
  };
}
