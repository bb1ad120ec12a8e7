/**
 * The body diagram of an actor sheet, as data for `templates/partials/body-diagram.hbs`: one
 * SVG shape per sided location of the body plan, filled by the worst injury there, with a
 * tooltip naming the location, its armour per aspect (B E P F) and its injuries; and a side
 * table of the same. Pure: built from the derived data of the rules core (plan, armour per
 * sided location, injury summaries), nothing re-computed.
 *
 * The human plan is drawn as a front-view silhouette at fixed coordinates (the figure faces
 * the viewer: its right side is on the viewer's left). Any other plan is laid out
 * automatically, one row per location ordered by region, a paired location's two sides to
 * the left and right of the middle, so creatures render without code.
 */
import type { Region } from "../../../../core/body";
import { splitSided } from "../../../../core/body";
import type { Hm3Derived } from "../../../../rules/hm3/character-types";
import { HUMAN_PLAN_ID } from "../../../../rules/hm3/body-plan";
import { ASPECTS, SEVERITIES, type Severity } from "../../../../rules/hm3/tables";
import { ASPECT_LABEL, ASPECT_SHORT_LABEL, SEVERITY_LABEL } from "./item/labels";
import type { Localize } from "../../../sheets/common";
import { locationLabel } from "./locations";

export type InjuryClass = "none" | Severity;

const UNHURT = "BLOWBYBLOW.ActorSheet.Body.unhurt";

export interface BodyDiagramInput {
  plan: Hm3Derived["plan"];
  armour: Hm3Derived["armour"];
  injuries: Hm3Derived["injuries"];
  /** Injury descriptions per sided location id (`S2 Edge`), from the injury items. */
  injuryNotes?: Readonly<Record<string, readonly string[]>>;
  localize: Localize;
}

export interface ArmourValue {
  aspect: (typeof ASPECTS)[number];
  short: string;
  value: number;
}

export interface BodyShape {
  /** Sided location id. */
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rx: number;
  /** Centre of the shape, for its text. */
  cx: number;
  cy: number;
  /** Automatic layouts print the location name in the shape; the silhouette does not. */
  text: string | null;
  injury: InjuryClass;
  cssClass: string;
  /** "B 4 E 6 P 5 F 3". */
  armourText: string;
  /** Location, armour and injuries, one per line (the SVG `<title>`). */
  tooltip: string;
}

export interface BodyRow {
  id: string;
  label: string;
  armour: ArmourValue[];
  injury: InjuryClass;
  cssClass: string;
  injuries: string;
}

export interface BodyDiagram {
  layout: "human" | "auto";
  /** Column heads of the side table: B E P F. */
  aspects: { aspect: (typeof ASPECTS)[number]; short: string; label: string }[];
  /** The fill colours' meaning. */
  legend: { injury: InjuryClass; cssClass: string; label: string }[];
  viewBox: string;
  width: number;
  height: number;
  shapes: BodyShape[];
  rows: BodyRow[];
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  rx: number;
}

const box = (x: number, y: number, width: number, height: number, rx = 4): Box => ({
  x,
  y,
  width,
  height,
  rx,
});

/** Human silhouette width (viewBox units); shapes of the figure's left side are mirrored. */
const HUMAN_WIDTH = 200;
const HUMAN_HEIGHT = 290;

/** Unpaired locations of the human plan (seed 003 lines 74-89). */
const HUMAN_CENTRE: Readonly<Record<string, Box>> = {
  skull: box(84, 8, 32, 20, 12),
  face: box(86, 28, 28, 18, 8),
  neck: box(92, 46, 16, 10, 3),
  thorax: box(82, 56, 36, 44, 6),
  abdomen: box(82, 100, 36, 30, 6),
  groin: box(88, 130, 24, 20, 6),
};

/** Paired locations, drawn for the figure's right side (on the viewer's left). */
const HUMAN_RIGHT: Readonly<Record<string, Box>> = {
  shoulder: box(58, 56, 24, 18, 8),
  "upper-arm": box(54, 74, 18, 34, 6),
  elbow: box(50, 108, 18, 12, 5),
  forearm: box(46, 120, 18, 36, 6),
  hand: box(42, 156, 20, 20, 7),
  hip: box(68, 130, 20, 20, 6),
  thigh: box(76, 150, 22, 50, 8),
  knee: box(77, 200, 20, 14, 6),
  calf: box(78, 214, 18, 50, 7),
  foot: box(72, 264, 24, 14, 5),
};

function mirror(b: Box): Box {
  return { ...b, x: HUMAN_WIDTH - b.x - b.width };
}

/** The silhouette box of a sided human location id, or undefined. */
export function humanBox(sidedId: string): Box | undefined {
  const { side, base } = splitSided(sidedId);
  if (side === null) return HUMAN_CENTRE[base];
  const right = HUMAN_RIGHT[base];
  if (!right) return undefined;
  return side === "right" ? right : mirror(right);
}

/** Region order of the automatic layout, head to tail. */
const REGION_ORDER: readonly Region[] = [
  "head",
  "neck",
  "wing",
  "arm",
  "torso",
  "leg",
  "tail",
  "other",
];

const AUTO = { width: 240, rowHeight: 30, gap: 6, pad: 6, centreWidth: 108, sideWidth: 104 };

function autoLayout(locations: BodyDiagramInput["plan"]["locations"]): {
  boxes: Map<string, Box>;
  height: number;
} {
  // The derived plan lists sided ids; rebuild unsided locations in plan order.
  const order: { base: string; region: Region; paired: boolean; index: number }[] = [];
  for (const [index, l] of locations.entries()) {
    const { base } = splitSided(l.id);
    if (!order.some((o) => o.base === base))
      order.push({ base, region: l.region, paired: l.paired, index });
  }
  const rank = (r: Region) => {
    const i = REGION_ORDER.indexOf(r);
    return i < 0 ? REGION_ORDER.length : i;
  };
  order.sort((a, b) => rank(a.region) - rank(b.region) || a.index - b.index);
  const boxes = new Map<string, Box>();
  const { width, rowHeight, gap, pad, centreWidth, sideWidth } = AUTO;
  order.forEach((o, row) => {
    const y = pad + row * (rowHeight + gap);
    if (o.paired) {
      // The creature faces the viewer: its right side on the left.
      boxes.set(`right-${o.base}`, box(pad, y, sideWidth, rowHeight));
      boxes.set(`left-${o.base}`, box(width - pad - sideWidth, y, sideWidth, rowHeight));
    } else boxes.set(o.base, box((width - centreWidth) / 2, y, centreWidth, rowHeight));
  });
  return {
    boxes,
    height: pad * 2 + order.length * rowHeight + Math.max(0, order.length - 1) * gap,
  };
}

/** True when every sided location of the plan has a place on the human silhouette. */
function fitsSilhouette(plan: BodyDiagramInput["plan"]): boolean {
  return plan.locations.length > 0 && plan.locations.every((l) => humanBox(l.id) !== undefined);
}

/** Builds the diagram and its side table. */
export function bodyDiagram(input: BodyDiagramInput): BodyDiagram {
  const { plan, localize } = input;
  const human = plan.id === HUMAN_PLAN_ID;
  const layout = fitsSilhouette(plan) ? "human" : "auto";
  const auto = layout === "auto" ? autoLayout(plan.locations) : null;
  const shorts = ASPECTS.map((a) => ({ aspect: a, short: localize(ASPECT_SHORT_LABEL[a]) }));
  const aspects = shorts.map((s) => ({ ...s, label: localize(ASPECT_LABEL[s.aspect]) }));
  const legend = (["none", ...SEVERITIES] as const).map((injury) => ({
    injury,
    cssClass: `bbb-injury-${injury}`,
    label: localize(injury === "none" ? UNHURT : SEVERITY_LABEL[injury]),
  }));

  const shapes: BodyShape[] = [];
  const rows: BodyRow[] = [];
  for (const loc of plan.locations) {
    const label = locationLabel(loc.id, plan, localize, human);
    const protection = input.armour[loc.id];
    const armour: ArmourValue[] = shorts.map((s) => ({
      ...s,
      value: protection?.[s.aspect] ?? 0,
    }));
    const armourText = armour.map((a) => `${a.short} ${a.value}`).join(" ");
    const injury: InjuryClass = input.injuries[loc.id]?.worst ?? "none";
    const notes = input.injuryNotes?.[loc.id] ?? [];
    const cssClass = `bbb-injury-${injury}`;
    rows.push({ id: loc.id, label, armour, injury, cssClass, injuries: notes.join(", ") });
    const b = auto ? auto.boxes.get(loc.id) : humanBox(loc.id);
    if (!b) continue;
    shapes.push({
      id: loc.id,
      label,
      ...b,
      cx: b.x + b.width / 2,
      cy: b.y + b.height / 2,
      text: auto ? label : null,
      injury,
      cssClass,
      armourText,
      tooltip: [label, armourText, ...notes].join("\n"),
    });
  }
  const width = layout === "human" ? HUMAN_WIDTH : AUTO.width;
  const height = layout === "human" ? HUMAN_HEIGHT : (auto?.height ?? 0);
  return {
    layout,
    aspects,
    legend,
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    shapes,
    rows,
  };
}

/** Whether two shapes' interiors overlap (touching edges do not). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
