/**
 * GURPS Man to Man's maneuver tactics in Foundry (issue 17; engine src/rules/m2m/tactics.ts):
 * the fighter's stable id in the fight (the actor's uuid; an unlinked token's synthetic actor
 * has its token's in it), kept compatible with blocks that keyed feints by the actor's name; a
 * missile weapon's reload turns from its item data (§12.8); All-Out Attack's options for the
 * maneuver dialog; and the feint's quick contest rolled on the GM's client as the maneuver is
 * chosen (`m2mManeuverRolled`, the `RulesetTurns.maneuvers.rolled` hook).
 */
import type { FighterSnapshot } from "../../../core/combat";
import type { Dice } from "../../../core/dice";
import { InputError } from "../../../core/errors";
import type { RulesetBlock } from "../../../core/ruleset";
import { parseFighterBlock, type M2mFighterState } from "../../../rules/m2m/flow";
import { ALL_OUT_ATTACK_OPTIONS, type AllOutAttackOption } from "../../../rules/m2m/maneuvers";
import { reloadSeconds } from "../../../rules/m2m/ranged";
import { feintBlock } from "../../../rules/m2m/tactics";
import type { ManeuverRolled } from "../contract";
import type { M2mActorDerived } from "./character-input";
import { readFight } from "./fight";
import type { M2mMissileBlock } from "./item-data";

type Obj = Record<string, unknown>;

/** Lang keys this module adds. */
export const M2M_TACTICS_KEYS = Object.freeze({
  feintWon: "BLOWBYBLOW.M2M.Feint.won",
  feintLost: "BLOWBYBLOW.M2M.Feint.lost",
  reloading: "BLOWBYBLOW.M2M.Readiness.reloading",
});

/** All-Out Attack's options (L1654–1660), each lang key written out for the lang audit. */
export const ALL_OUT_KEYS: Readonly<Record<AllOutAttackOption, string>> = Object.freeze({
  "two-attacks": "BLOWBYBLOW.M2M.AllOut.twoAttacks",
  "feint-then-attack": "BLOWBYBLOW.M2M.AllOut.feintThenAttack",
  "plus-4": "BLOWBYBLOW.M2M.AllOut.plus4",
});

/** The options as the maneuver dialog lists them; (b) names the foe of its feint. */
export const ALL_OUT_VARIANTS = Object.freeze(
  ALL_OUT_ATTACK_OPTIONS.map((id) => ({
    id,
    labelKey: ALL_OUT_KEYS[id],
    needsFoe: id === "feint-then-attack",
  })),
);

/** The fighter's id in the fight: his actor's uuid, or his name in a snapshot without one. */
export function fightId(f: FighterSnapshot): string {
  return f.uuid ?? f.name;
}

/**
 * Blocks written before fighters had stable ids kept feints and an aim by the foe's name: the
 * state with those keys moved to the foe's id (the name's entry is taken only when the id has
 * none). Returns the same object when nothing was renamed.
 */
export function withFoeIds(state: Obj, foe: FighterSnapshot): Obj {
  const id = fightId(foe);
  if (id === foe.name) return state;
  let out = state;
  const feints = state.feints as Record<string, unknown> | undefined;
  if (feints && foe.name in feints && !(id in feints)) {
    const next = { ...feints, [id]: feints[foe.name] };
    delete next[foe.name];
    out = { ...out, feints: next };
  }
  const tactics = state.tactics as { aim?: { foe?: string } | null } | undefined;
  if (tactics?.aim?.foe === foe.name)
    out = { ...out, tactics: { ...tactics, aim: { ...tactics.aim, foe: id } } };
  return out;
}

/**
 * Ready turns to reload a missile weapon after a shot (L1624–1638, L2853): its table's reload
 * time (`reloadTurns`); a crossbow or prodd of a set ST over the user's takes the heavier
 * cocking (`reloadSeconds`), of which all but the bolt's two turns are cocking. A thrown weapon
 * (no reload time) reloads nothing.
 */
export function missileReload(
  block: M2mMissileBlock,
  userSt: number,
): { reload: number; cocking: number } {
  const base = block.reloadTurns ?? 0;
  if (base <= 0) return { reload: 0, cocking: 0 };
  if (!block.usesBowST) return { reload: base, cocking: 0 };
  const heavier =
    block.bowST !== null && block.bowST > userSt
      ? reloadSeconds("crossbow", { bowSt: block.bowST, userSt })
      : null;
  const reload = heavier ?? base;
  return { reload, cocking: Math.max(0, reload - 2) };
}

const derivedOf = (f: FighterSnapshot): M2mActorDerived | null => {
  const d = f.derived as (M2mActorDerived & { ruleset?: string }) | null;
  return d && d.ruleset === "m2m" && d.character ? d : null;
};

/** Whether the block shows the weapon ready (absent: in hand and ready). */
function readyIn(state: M2mFighterState | null, id: string): boolean {
  const w = state?.weapons[id];
  return !w || (w.place === "hand" && w.turnsToReady === 0 && !w.broken && w.stuck === "no");
}

/** His best level with a ready hand weapon (item type `weapon`), or null without one. */
function bestHandSkill(f: FighterSnapshot, state: M2mFighterState | null): number | null {
  const d = derivedOf(f);
  let best: number | null = null;
  for (const w of d?.weapons ?? []) {
    const item = f.items.find((i) => i.id === w.id);
    if (item?.type !== "weapon" || w.level === null || !readyIn(state, w.id)) continue;
    best = Math.max(best ?? -100, w.level.value);
  }
  return best;
}

/**
 * The quick contest's skills (L1666, ruling M113): the feinter's best ready hand weapon; the
 * foe's best ready hand weapon, or his DX when he has none or his DX is better.
 */
export function feintSkills(
  feinter: FighterSnapshot,
  feinterState: M2mFighterState,
  foe: FighterSnapshot,
  foeState: M2mFighterState | null,
): { feinter: number; foe: number } {
  const mine = bestHandSkill(feinter, feinterState);
  if (mine === null)
    throw new InputError("maneuver", "feint", "a feint needs a ready hand weapon (L1662)");
  const d = derivedOf(foe);
  if (!d) throw new InputError("foe", foe.name, "has no GURPS Man to Man figures (see its sheet)");
  const dx = d.character.attributes.dx;
  const his = bestHandSkill(foe, foeState);
  return { feinter: mine, foe: his === null ? dx : Math.max(his, dx) };
}

const FEINTS = new Set(["feint", "step-and-feint"]);

/**
 * The feint rolled as the maneuver is chosen (`block`: the block with the maneuver recorded):
 * Feint and Step and Feint, or All-Out Attack (b); null for any other maneuver. The foe must be
 * another fighter of the fight (L1664).
 */
export function m2mManeuverRolled(
  fighter: FighterSnapshot,
  block: RulesetBlock,
  choice: unknown,
  foe: FighterSnapshot | null,
  dice: Dice,
): ManeuverRolled | null {
  const { revision, state } = parseFighterBlock(block);
  const feinting =
    (state.maneuver !== null && FEINTS.has(state.maneuver)) ||
    (state.maneuver === "all-out-attack" && state.tactics?.allOut === "feint-then-attack");
  if (!feinting) return null;
  const named = (choice as Obj | null)?.foe;
  if (!foe) throw new InputError("foe", named, "a feint names a foe in this fight (L1664, L2195)");
  const id = fightId(foe);
  if (id === fightId(fighter)) throw new InputError("foe", named, "he cannot feint at himself");
  const stored = readFight(foe);
  const foeBlock = stored ? parseFighterBlock(stored, "foe.fight").state : null;
  const skills = feintSkills(fighter, state, foe, foeBlock);
  const r = feintBlock({ revision, state }, id, skills, dice);
  return {
    block: r.block,
    rolls: r.rolls,
    checks: r.checks,
    summary:
      r.margin > 0
        ? {
            key: M2M_TACTICS_KEYS.feintWon,
            data: { foe: foe.name, margin: String(r.margin), name: fighter.name },
          }
        : { key: M2M_TACTICS_KEYS.feintLost, data: { foe: foe.name, name: fighter.name } },
  };
}

/** The weapons his block shows not ready (unready, reloading, sheathed, dropped, broken). */
export function unreadyWeapons(f: FighterSnapshot): Set<string> {
  const block = (() => {
    try {
      return readFight(f);
    } catch {
      return null;
    }
  })();
  if (!block) return new Set();
  const { state } = parseFighterBlock(block);
  return new Set(Object.keys(state.weapons).filter((id) => !readyIn(state, id)));
}

/** Lang keys of what the sheet says of a block's tactics. */
export const TACTICS_NOTE_KEYS = Object.freeze({
  allOut: "BLOWBYBLOW.M2M.Tactics.allOut",
  aim: "BLOWBYBLOW.M2M.Tactics.aim",
  feint: "BLOWBYBLOW.M2M.Tactics.feint",
  feintReady: "BLOWBYBLOW.M2M.Tactics.feintReady",
  concentration: "BLOWBYBLOW.M2M.Tactics.concentration",
  spoiledAim: "BLOWBYBLOW.M2M.Tactics.spoiledAim",
  spoiledConcentration: "BLOWBYBLOW.M2M.Tactics.spoiledConcentration",
  why: Object.freeze({
    defence: "BLOWBYBLOW.M2M.Tactics.Why.defence",
    injury: "BLOWBYBLOW.M2M.Tactics.Why.injury",
    maneuver: "BLOWBYBLOW.M2M.Tactics.Why.maneuver",
  }),
});

/**
 * What the sheet says of the block's tactics, each a lang key with its data (`weapon` an item
 * id for the caller to name; `why` a lang key to localise): All-Out Attack's option this turn,
 * the aim and its bonus, feint margins held (usable now, or from his next turn), the turns of
 * concentration, and an aim or concentration lost on this turn or the last.
 */
export function tacticsNotes(block: RulesetBlock): { key: string; data: Record<string, string> }[] {
  const { state } = parseFighterBlock(block);
  const t = state.tactics;
  const out: { key: string; data: Record<string, string> }[] = [];
  if (t?.allOut && state.maneuver === "all-out-attack" && state.maneuverTurn === state.turn)
    out.push({ key: TACTICS_NOTE_KEYS.allOut, data: { option: ALL_OUT_KEYS[t.allOut] } });
  if (t?.aim)
    out.push({
      key: TACTICS_NOTE_KEYS.aim,
      data: {
        weapon: t.aim.weapon,
        turns: String(t.aim.turns),
        bonus: String(Math.min(t.aim.turns - 1, 3)),
      },
    });
  for (const f of Object.values(state.feints))
    out.push({
      key: f.armed ? TACTICS_NOTE_KEYS.feintReady : TACTICS_NOTE_KEYS.feint,
      data: { margin: String(f.margin) },
    });
  if (t?.concentration)
    out.push({
      key: TACTICS_NOTE_KEYS.concentration,
      data: { turns: String(t.concentration.turns) },
    });
  if (t?.spoiled && t.spoiled.turn >= state.turn - 1)
    out.push({
      key:
        t.spoiled.what === "aim"
          ? TACTICS_NOTE_KEYS.spoiledAim
          : TACTICS_NOTE_KEYS.spoiledConcentration,
      data: { why: TACTICS_NOTE_KEYS.why[t.spoiled.why] },
    });
  return out;
}
