/**
 * The workbench's GURPS Man to Man part (issue 16): the ruleset selector lists the m2m sample
 * fighters (src/foundry/rulesets/m2m/sample-fighters.ts); each side shows its fighter's figures
 * as the engine derives them (src/workbench/rulesets/m2m-figures.ts). The exchange and duel
 * controls stay in place, disabled, with a note that m2m exchanges come in a later version.
 */
import { SAMPLE_FIGHTERS } from "../../foundry/rulesets/m2m/sample-fighters";
import { el, frame, guarded } from "../page";
import { fighterPanel } from "./m2m-figures";
import { M } from "./m2m-labels";
import type { WorkbenchRuleset } from "./types";

const indexOf = (id: string) =>
  Math.max(
    0,
    SAMPLE_FIGHTERS.findIndex((f) => f.id === id),
  );
/** Each side's fighter, by index in SAMPLE_FIGHTERS (first: Rogan the Reaver and Filthy Pierre). */
const picked = { a: indexOf("m2mRogan00000002"), b: indexOf("m2mPierre0000005") };

function showSides(): void {
  for (const side of ["a", "b"] as const) {
    picked[side] = Number(el<HTMLSelectElement>(`wb-${side}`).value);
    const f = SAMPLE_FIGHTERS[picked[side]]!;
    const panel = el(`wb-side-${side}`);
    panel.dataset.fighter = f.id;
    panel.innerHTML = fighterPanel(f);
  }
}

export const M2M_WORKBENCH: WorkbenchRuleset = {
  id: "m2m",
  mount(root: HTMLElement): void {
    frame(root, {
      ruleset: "m2m",
      introKey: M.intro,
      fighters: SAMPLE_FIGHTERS.map((f) => f.name),
      a: picked.a,
      b: picked.b,
      laterKey: M.later,
    });
    for (const id of ["wb-a", "wb-b"]) el(id).addEventListener("change", guarded(id, showSides));
    showSides();
  },
  unmount(): void {},
};
