/**
 * The HârnMaster Gold Disengage card, foe by foe (seed 000 lines 85-91; rulings G67, G85): what
 * the message keeps (`flags["blow-by-blow"].disengage`, checked when read: it comes from another
 * client) and the view `templates/chat/hm3/disengage.hbs` renders (Handlebars escapes every
 * name). Pure: the action and the GM's step (./disengage-action.ts, ./disengage-foes.ts) roll,
 * render and write.
 */
import { InputError } from "../../../core/errors";
import type { Target } from "../../../core/modifiers";
import type { RollRecord } from "../../../core/dice";
import {
  disengageStatus,
  type DisengageState,
  type FoeAnswer,
} from "../../../rules/hm3/gold/turns-disengage-answers";
import type { RulesetActionButton } from "../contract";
import type { Format, Localize } from "../../sheets/common";
import { DISENGAGE_KEYS } from "./disengage";
import { LEVEL_LABEL } from "./sheets/actor/labels";
import { testCard, type TestCard } from "./sheets/actor/tests";

export const DISENGAGE_TEMPLATE = "systems/blow-by-blow/templates/chat/hm3/disengage.hbs";

/** The lang keys of the staged card (the rest are DISENGAGE_KEYS). */
export const DISENGAGE_FOE_KEYS = Object.freeze({
  button: "BLOWBYBLOW.HM3.Gold.Turns.disengage.button",
  foePending: "BLOWBYBLOW.HM3.Gold.Turns.disengage.foePending",
  foeDeclined: "BLOWBYBLOW.HM3.Gold.Turns.disengage.foeDeclined",
  test: "BLOWBYBLOW.HM3.Gold.Turns.disengage.test",
  decline: "BLOWBYBLOW.HM3.Gold.Turns.disengage.decline",
  waiting: "BLOWBYBLOW.HM3.Gold.Turns.disengage.waiting",
  foeNoFigures: "BLOWBYBLOW.HM3.Gold.Turns.disengage.foeNoFigures",
});

/**
 * The Disengage button (the token HUD's, ../contract.ts `actionButtons`; the actor sheet's
 * combat tab has its own): shown while the world plays hm3 with the `disengaging` option on.
 */
export const DISENGAGE_BUTTON: RulesetActionButton = Object.freeze({
  action: "disengage",
  labelKey: DISENGAGE_FOE_KEYS.button,
  icon: "fa-solid fa-person-running",
  shown: () => disengageOffered(),
});

/** Whether the world plays hm3 with the HârnMaster Gold `disengaging` option on. */
export function disengageOffered(): boolean {
  const s = (globalThis as { game?: { settings?: { get(ns: string, key: string): unknown } } }).game
    ?.settings;
  if (!s) return false;
  try {
    return (
      s.get("blow-by-blow", "ruleset") === "hm3" &&
      s.get("blow-by-blow", "hm3.disengaging") === true
    );
  } catch {
    return false;
  }
}

/** A foe engaged with the disengager: its actor and name as targeted. */
export interface DisengageFoeRef {
  actorUuid: string;
  name: string;
}

/** What a Disengage card keeps in its flags. */
export interface DisengageFlag {
  actorUuid: string;
  actor: string;
  /** The disengager's Initiative EML, itemised (the tooltip). */
  target: Target;
  foes: DisengageFoeRef[];
  state: DisengageState;
}

/** The card's view: the disengager's test, each foe's line (buttons while pending), the outcome. */
export interface DisengageView {
  test: TestCard;
  foes: { index: number; answer: FoeAnswer; pending: boolean; line: string }[];
  outcome: string;
  done: boolean;
  labels: { test: string; decline: string };
}

export function disengageView(
  flag: DisengageFlag,
  localize: Localize,
  format: Format,
): DisengageView {
  const status = disengageStatus(flag.state);
  const stumble = status.own.stumble;
  const detail = stumble
    ? format(DISENGAGE_KEYS.stumble, {
        total: stumble.total,
        target: stumble.target,
        result: localize(
          stumble.failed ? DISENGAGE_KEYS.stumbleFailed : DISENGAGE_KEYS.stumbleHeld,
        ),
      })
    : null;
  const subject = {
    title: localize(DISENGAGE_KEYS.title),
    detail,
    target: { ...flag.target, value: status.own.test.eml },
  };
  const test = testCard(flag.actor, subject, status.own.test.roll, localize);
  const foes = status.foes.map((f, index) => {
    const name = flag.foes[index]?.name ?? String(index);
    const line =
      f.answer === "pending"
        ? format(DISENGAGE_FOE_KEYS.foePending, { name })
        : f.answer === "decline"
          ? format(DISENGAGE_FOE_KEYS.foeDeclined, { name })
          : format(DISENGAGE_KEYS.foe, {
              name,
              level: localize(LEVEL_LABEL[f.level ?? "MF"]),
              roll: f.roll ?? 0,
              eml: f.eml ?? 0,
            });
    return { index, answer: f.answer, pending: f.answer === "pending", line };
  });
  const pending = foes.filter((f) => f.pending).length;
  const result = status.result;
  const outcome = !result
    ? format(DISENGAGE_FOE_KEYS.waiting, { count: pending })
    : [
        result.outcome === "away"
          ? format(DISENGAGE_KEYS.away, { feet: result.feet, hexes: result.hexes })
          : localize(DISENGAGE_KEYS.oneHex),
        ...(foes.length === 0 ? [localize(DISENGAGE_KEYS.noFoe)] : []),
      ].join(" · ");
  return {
    test,
    foes,
    outcome,
    done: result !== null,
    labels: {
      test: localize(DISENGAGE_FOE_KEYS.test),
      decline: localize(DISENGAGE_FOE_KEYS.decline),
    },
  };
}

// ── Reading the flag (another client wrote it) ─────────────────────────────────────────────

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

function int(v: unknown, field: string): number {
  if (typeof v !== "number" || !Number.isInteger(v))
    throw new InputError(field, v, "expected a whole number");
  return v;
}

function str(v: unknown, field: string): string {
  if (typeof v !== "string") throw new InputError(field, v, "expected text");
  return v;
}

function d100(v: unknown, field: string): RollRecord {
  if (!isObj(v)) throw new InputError(field, v, "expected a roll record");
  const values = v.values;
  if (!Array.isArray(values) || values.some((x) => typeof x !== "number"))
    throw new InputError(`${field}.values`, values, "expected numbers");
  return {
    name: str(v.name, `${field}.name`),
    count: int(v.count, `${field}.count`),
    sides: int(v.sides, `${field}.sides`),
    values: values as number[],
    total: int(v.total, `${field}.total`),
  };
}

const ANSWERS: readonly FoeAnswer[] = ["pending", "test", "decline"];

/** The Disengage flag of a message, checked; null when the message is no Disengage card. */
export function readDisengageFlag(flags: unknown): DisengageFlag | null {
  const own = isObj(flags) ? flags["blow-by-blow"] : undefined;
  const raw = isObj(own) ? own.disengage : undefined;
  if (raw === undefined) return null;
  const f = "disengage";
  if (!isObj(raw) || !isObj(raw.state) || !isObj(raw.target))
    throw new InputError(f, raw, "expected a Disengage card's flag");
  const s = raw.state;
  if (!Array.isArray(s.own) || !Array.isArray(s.foes) || !Array.isArray(raw.foes))
    throw new InputError(`${f}.state`, s, "expected the disengager's rolls and the foes");
  const foes = raw.foes.map((r: unknown, i) => {
    if (!isObj(r)) throw new InputError(`${f}.foes.${i}`, r, "expected a foe");
    return {
      actorUuid: str(r.actorUuid, `${f}.foes.${i}.actorUuid`),
      name: str(r.name, `${f}.foes.${i}.name`),
    };
  });
  if (s.foes.length !== foes.length)
    throw new InputError(`${f}.state.foes`, s.foes.length, `expected ${foes.length} answers`);
  return {
    actorUuid: str(raw.actorUuid, `${f}.actorUuid`),
    actor: str(raw.actor, `${f}.actor`),
    target: raw.target as unknown as Target,
    foes,
    state: {
      eml: int(s.eml, `${f}.state.eml`),
      agl: int(s.agl, `${f}.state.agl`),
      pp: int(s.pp, `${f}.state.pp`),
      own: s.own.map((r: unknown, i) => d100(r, `${f}.state.own.${i}`)),
      foes: s.foes.map((a: unknown, i) => {
        const field = `${f}.state.foes.${i}`;
        if (!isObj(a) || !ANSWERS.includes(a.answer as FoeAnswer))
          throw new InputError(
            `${field}.answer`,
            isObj(a) ? a.answer : a,
            "expected pending, test or decline",
          );
        return {
          answer: a.answer as FoeAnswer,
          eml: a.eml === null || a.eml === undefined ? null : int(a.eml, `${field}.eml`),
          roll: a.roll === null || a.roll === undefined ? null : d100(a.roll, `${field}.roll`),
        };
      }),
    },
  };
}
