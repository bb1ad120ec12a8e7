/**
 * HârnMaster Gold state carried from one exchange to the next in a running combat (issue 19,
 * rulings G75-G79): what a resolved exchange leaves a fighter carrying, how it changes as the
 * fighter's turns start and end, and what it adds to the fighter's next attack or defence.
 *
 * - Dodging (seed 000 lines 96-98, option `dodging`; G36, G75): a Dodge that won no DTA costs
 *   the fighter's next attack roll (melee, missile or counterstrike) EML −20; the penalty lapses
 *   at the end of the fighter's following turn if no attack was rolled ("no penalties if the
 *   Dodging character makes no attacks and instead continues to Block or Dodge", line 98).
 * - Strike recovery (000:340-342, option `strikeRecovery`; G35, G76): every melee weapon that
 *   struck (an attack or a counterstrike) since the fighter's turn started strikes again at the
 *   lower of its Attack and Defence columns, until the fighter's next turn starts.
 * - Tangle & strike (000:272 "the Defender will suffer a Tangle penalty to any actions", 278;
 *   option `pairedWeapons`; G59, G77): the rolled tangle penalty is on every attack and defence
 *   of the tangled fighter until the end of its next turn.
 *
 * The state is plain JSON (`Carried`), kept by the adapter on the fighter (src/foundry/rulesets/
 * hm3/gold-carry.ts) and handed to the declaration builder in `FighterSnapshot.carried`. Pure.
 */
import type { CatalogRowInput } from "../../../core/combat";
import { goldOn, type GoldOptions } from "./options";

/** What one fighter carries (each part absent: none). */
export interface Carried {
  /** A Dodge without a DTA (000:97). `armed`: the fighter's following turn has started. */
  dodged?: { armed: boolean };
  /** The melee weapons (item ids) that struck since the fighter's turn started (000:340). */
  recovery?: { items: string[] };
  /** The tangle penalty (000:278), EML points (positive). `armed` as for `dodged`. */
  tangled?: { penalty: number; armed: boolean };
}

type Options = Readonly<Partial<GoldOptions>>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The carried state stored for a fighter (`FighterSnapshot.carried`), read leniently: the
 * system writes it, so a part of another shape counts as none.
 */
export function readCarried(value: unknown): Carried {
  const out: Carried = {};
  if (!isRecord(value)) return out;
  const d = value.dodged;
  if (isRecord(d)) out.dodged = { armed: d.armed === true };
  const r = value.recovery;
  if (isRecord(r) && Array.isArray(r.items)) {
    const items = r.items.filter((i): i is string => typeof i === "string" && i !== "");
    if (items.length > 0) out.recovery = { items: [...new Set(items)] };
  }
  const t = value.tangled;
  if (isRecord(t) && Number.isInteger(t.penalty) && (t.penalty as number) > 0)
    out.tangled = { penalty: Math.min(30, t.penalty as number), armed: t.armed === true };
  return out;
}

/** Whether nothing is carried. */
export function carriesNothing(c: Carried): boolean {
  return !c.dodged && !c.recovery && !c.tangled;
}

// ── Applying it ──────────────────────────────────────────────────────────────────────────────

/**
 * The attack dialog's rows with what the attacker carries added (G75, G76): the "dodged" row
 * while the dodging option is on and a Dodge is carried; the "recovering" row for a melee
 * weapon that just struck while strike recovery is on. A row already declared by hand stays as
 * it is (never twice); without carried state the rows are the hand's alone.
 */
export function carriedAttackRows(
  rows: readonly CatalogRowInput[],
  carried: unknown,
  at: { options: Options; kind: "melee" | "missile"; itemId: string },
): CatalogRowInput[] {
  const c = readCarried(carried);
  const out = rows.map((r) => ({ ...r }));
  const has = (id: string) => out.some((r) => r.id === id);
  if (c.dodged && goldOn(at.options, "dodging") && !has("gold.dodged"))
    out.push({ id: "gold.dodged" });
  if (
    at.kind === "melee" &&
    c.recovery?.items.includes(at.itemId) &&
    goldOn(at.options, "strikeRecovery") &&
    !has("gold.recovering")
  )
    out.push({ id: "gold.recovering" });
  return out;
}

/**
 * The defence dialog's counts with what the defender carries added to a Counterstrike (an
 * attack roll: G75, G76): `gold.dodged` and `gold.recovering` set to 1 when carried and their
 * option is on. Other defences are left alone.
 */
export function carriedDefenceCounts(
  counts: Readonly<Record<string, number>> | undefined,
  carried: unknown,
  at: { options: Options; optionId: string; itemId: string | null },
): Record<string, number> | undefined {
  if (at.optionId !== "counterstrike") return counts ? { ...counts } : counts;
  const c = readCarried(carried);
  const out: Record<string, number> = { ...(counts ?? {}) };
  if (c.dodged && goldOn(at.options, "dodging")) out["gold.dodged"] = 1;
  if (
    at.itemId !== null &&
    c.recovery?.items.includes(at.itemId) &&
    goldOn(at.options, "strikeRecovery")
  )
    out["gold.recovering"] = 1;
  return Object.keys(out).length > 0 || counts ? out : undefined;
}

/** The tangle penalty the fighter carries while `pairedWeapons` is on (G77); 0: none. */
export function carriedTangle(carried: unknown, options: Options): number {
  if (!goldOn(options, "pairedWeapons")) return 0;
  return readCarried(carried).tangled?.penalty ?? 0;
}

// ── Recording it ─────────────────────────────────────────────────────────────────────────────

/** What a resolved exchange tells of itself, as the card holds it. */
export interface SettledExchange {
  options: Options;
  attackType: "melee" | "missile";
  /** The attacker's item (the request's). */
  attackItemId: string | null;
  /** A double strike's off-hand weapon (000:249-262; the declaration's notes); null: none. */
  doubleItemId?: string | null;
  defenceType: string;
  /** The item of the defender's choice (a counterstrike's weapon); null: none. */
  defenceItemId: string | null;
  /** Who gained a tactical advantage (`result.tacticalAdvantage`). */
  tacticalAdvantage: string | null;
  /** The tangle penalty the defender took (`result.tangle`, a success); 0: none. */
  tanglePenalty: number;
}

function withoutDodge(c: Carried): Carried {
  const out = { ...c };
  delete out.dodged;
  return out;
}

function struck(c: Carried, itemId: string | null): Carried {
  if (!itemId) return c;
  const items = [...new Set([...(c.recovery?.items ?? []), itemId])];
  return { ...c, recovery: { items } };
}

/**
 * What each side carries after a resolved exchange (G75-G77), from what it carried before:
 *
 * - the attacker rolled an attack: its carried Dodge is spent; a melee attack's weapon struck
 *   (strike recovery; a double strike's two weapons both, G76), as does a counterstriker's,
 *   whose Dodge is spent too;
 * - the defender's Dodge that won no DTA is carried (dodging); one that won a DTA adds nothing;
 * - a successful tangle puts the rolled penalty on the defender (replacing an older one).
 *
 * Each part only while its option is on; nothing else changes.
 */
export function carryAfter(
  before: { attacker: Carried; defender: Carried },
  ex: SettledExchange,
): { attacker: Carried; defender: Carried } {
  const on = (id: "dodging" | "strikeRecovery" | "pairedWeapons") => goldOn(ex.options, id);
  let attacker = withoutDodge(before.attacker);
  let defender = { ...before.defender };
  if (on("strikeRecovery") && ex.attackType === "melee")
    attacker = struck(struck(attacker, ex.attackItemId), ex.doubleItemId ?? null);
  if (ex.defenceType === "counterstrike") {
    defender = withoutDodge(defender);
    if (on("strikeRecovery")) defender = struck(defender, ex.defenceItemId);
  }
  if (on("dodging") && ex.defenceType === "dodge" && ex.tacticalAdvantage !== "defender")
    defender.dodged = { armed: false };
  if (on("pairedWeapons") && ex.tanglePenalty > 0)
    defender.tangled = { penalty: ex.tanglePenalty, armed: false };
  return { attacker, defender };
}

// ── The bearer's turns ───────────────────────────────────────────────────────────────────────

/**
 * The state as the bearer's own turn starts or ends (G75-G77): at its start strike recovery
 * ends (a new turn, 000:340's "quick succession" is over) and a carried Dodge or tangle is
 * armed; at its end an armed Dodge or tangle lapses. A Dodge or tangle taken during the
 * bearer's own turn is not armed, so it lasts through its following turn.
 */
export function carriedAtTurn(c: Carried, event: "turnStart" | "turnEnd"): Carried {
  const out: Carried = {};
  if (event === "turnStart") {
    if (c.dodged) out.dodged = { armed: true };
    if (c.tangled) out.tangled = { ...c.tangled, armed: true };
    return out;
  }
  if (c.recovery) out.recovery = { items: [...c.recovery.items] };
  if (c.dodged && !c.dodged.armed) out.dodged = { ...c.dodged };
  if (c.tangled && !c.tangled.armed) out.tangled = { ...c.tangled };
  return out;
}
