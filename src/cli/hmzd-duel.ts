/**
 * `cli duel` for two hmzd fighters (src/sim/hmzd-duel.ts, docs/duel.md): hmzd fighter files
 * (an hmzd character with `"ruleset": "hmzd"`, `readHmzdDuelFile`) or actor documents made for
 * hmzd (packs/_source/hmzd-sample-fighters, `hmzdActorFighter`: the fighter Foundry fights
 * with, Z43), chosen by their files or `--ruleset hmzd`; the same summary,
 * `--json` counts and `--svg` plot as the HM3 and m2m duels, the injuries counted by the
 * injury table's bands (M1 … G5) at their sided locations.
 */
import { basename } from "node:path";
import { InputError } from "../core/errors";
import { formatWith, localizerOf, type Localize } from "../foundry/sheets/common";
import { LOCATION_LABEL_KEYS } from "../rules/hm3/body-plan";
import { SIDED_LABEL } from "../foundry/rulesets/hm3/sheets/item/labels";
import { HMZD_SEVERITIES, runHmzdDuels } from "../sim/hmzd-duel";
import { readHmzdDuelFile } from "../sim/hmzd-duel-fighter";
import { hmzdActorFighter } from "../sim/hmzd-actor-fighter";
import { fighterFromSource } from "../foundry/combat/source-fighter";
import { foundryRuleset } from "../foundry/rulesets";
import { checkActorFile } from "./actor-file";
import type { HmzdDuelSide } from "../sim/hmzd-duel";
import { duelOutput, type DuelArgs } from "./duel";
import en from "../../lang/en.json";

/** Whether a file's JSON is an hmzd fighter file (`"ruleset": "hmzd"`). */
export function isHmzdFighterFile(raw: unknown): boolean {
  return (
    raw !== null &&
    typeof raw === "object" &&
    !Array.isArray(raw) &&
    (raw as { ruleset?: unknown }).ruleset === "hmzd"
  );
}

/**
 * An hmzd fighter file (an hmzd character with an optional `name`, default the file's name
 * without `.json`) or an actor document (checked with the data model's rules first, then
 * derived as the Foundry adapter derives it, Z43), checked; a problem names the file and the
 * field.
 */
export function loadHmzdFighter(raw: unknown, file: string): HmzdDuelSide {
  if (!isHmzdFighterFile(raw)) return loadHmzdActor(raw, file);
  try {
    const { fighter, state } = readHmzdDuelFile(raw, basename(file).replace(/\.json$/i, ""));
    return { fighter, state };
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${file}: ${e.field}`, e.value, e.reason);
    throw e;
  }
}

/** An actor document as an hmzd duel fighter (src/sim/hmzd-actor-fighter.ts, Z43). */
export function loadHmzdActor(raw: unknown, file: string): HmzdDuelSide {
  const actor = checkActorFile(raw, file);
  try {
    const { fighter, state } = hmzdActorFighter(
      fighterFromSource(actor, [], foundryRuleset("hmzd")),
    );
    return { fighter, state };
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${file}: ${e.field}`, e.value, e.reason);
    throw e;
  }
}

const SIDED = SIDED_LABEL;

/**
 * A location id of the hmzd human plan as the sheets name it ("Left Shoulder"): HM3's location
 * names for the fourteen ids the two plans share, the pelvis's own; the side as the HM3 sheets
 * give it; an id without a name is shown as it is.
 */
export function hmzdLocationName(localize: Localize): (id: string) => string {
  const format = formatWith(localize);
  const keys = LOCATION_LABEL_KEYS as Readonly<Record<string, string>>;
  const name = (base: string) =>
    base === "pelvis"
      ? localize("BLOWBYBLOW.HMZD.Duel.pelvis")
      : Object.hasOwn(keys, base)
        ? localize(keys[base]!)
        : base;
  return (id) => {
    const m = /^(left|right)-(.+)$/.exec(id);
    return m ? format(SIDED[m[1] as "left" | "right"], { location: name(m[2]!) }) : name(id);
  };
}

/** The hmzd duels of `runDuelCommand` (src/cli/duel.ts); returns the text to print. */
export function runHmzdDuelCommand(
  opts: DuelArgs,
  raws: unknown[],
  progress: ((done: number, n: number) => void) | null,
): string {
  const [sa, sb] = opts.files.map((f, i) => loadHmzdFighter(raws[i], f)) as [
    HmzdDuelSide,
    HmzdDuelSide,
  ];
  const [a, b] = [sa.fighter, sb.fighter];
  const stats = runHmzdDuels(sa, sb, opts.n, opts.seed, progress ?? undefined);
  const name = hmzdLocationName(localizerOf(en).localize);
  return duelOutput(opts, stats, [a.name, b.name], {
    severities: HMZD_SEVERITIES,
    locationNames: [name, name],
  });
}
