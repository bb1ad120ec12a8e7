/**
 * The world the Quench batches run in under Node (docs/testing.md): a GM's v13 world against the
 * stand-ins (docs/foundry-stand-ins.md), with the system loaded and `init` fired as Foundry
 * would, every compendium of system.json filled from its source folder (packs/_source/<name>),
 * and Quench active. Two seams are the stand-ins' instead of Foundry's, which only Foundry runs:
 * the canvas (`stage`: the stand-ins' scene helpers in place of foundryStage) and the sheets'
 * DOM (`sheetDriver`: the stand-ins' DOM-free render, tabs and form submission in place of
 * foundrySheetDriver). Import it first in a test file (vitest gives each file its own world).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  Collection,
  createScene,
  GRID_TYPES,
  placeToken,
  resetStandIns,
  standIns,
  StandInCompendium,
  targetTokens,
  TOKEN_DISPOSITIONS,
  type DocumentInput,
  type StandInActor,
  type StandInToken,
} from "../stand-ins";
import type { SheetDriver } from "../../../src/foundry/quench/sheet-driver";
import { STAGE_GRID, type QuenchStage } from "../../../src/foundry/quench/stage";
import { DocumentSheetConfig } from "../stand-ins/applications";

export const REPO = join(import.meta.dirname, "../../..");

/** The documents of a compendium's source folder, as the compiled pack holds them. */
export function packSources(name: string): DocumentInput[] {
  const dir = join(REPO, "packs/_source", name);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as DocumentInput);
}

/** Puts the compendium `name` of system.json (`blow-by-blow.<name>`) in the world with `sources`. */
export function setPack(
  name: string,
  documentName: "Actor" | "Item",
  sources: DocumentInput[],
): void {
  const id = `blow-by-blow.${name}`;
  standIns.game.packs.set(id, new StandInCompendium({ id, documentName, sources }));
}

/** The compendiums system.json declares: name and document type. */
export const SYSTEM_PACKS = (
  JSON.parse(readFileSync(join(REPO, "system.json"), "utf8")) as {
    packs: { name: string; type: "Actor" | "Item" }[];
  }
).packs;

resetStandIns();
await import("../../../src/foundry/index");
standIns.Hooks.callAll("init");
for (const { name, type } of SYSTEM_PACKS)
  if (existsSync(join(REPO, "packs/_source", name))) setPack(name, type, packSources(name));
standIns.game.modules = new Collection([["quench", { id: "quench", active: true }]]);

/** The tokens the stage placed. */
export const placed: StandInToken[] = [];

/** The stand-ins' canvas: their scene and token helpers (the stand-ins have no Scene.create). */
export const stage: QuenchStage = {
  async placeTokens([a, b], grid) {
    // Without a grid asked for, the 5 ft space as before, its units left unset.
    const scene = createScene({
      id: "sceneQuench00001",
      grid: {
        type: GRID_TYPES.SQUARE,
        size: 100,
        distance: grid?.distance ?? STAGE_GRID.distance,
        ...(grid ? { units: grid.units } : {}),
      },
    });
    const ta = placeToken(a as StandInActor, {
      at: [0, 0],
      disposition: TOKEN_DISPOSITIONS.FRIENDLY,
    });
    const tb = placeToken(b as StandInActor, { at: [1, 0] });
    placed.push(ta, tb);
    return {
      tokens: [ta.document, tb.document],
      sceneId: scene.id,
      cleanup: async () => {
        standIns.game.scenes!.delete(scene.id);
      },
    };
  },
  async target(token) {
    targetTokens(placed.filter((t) => t.document.uuid === token.uuid));
  },
};

/** A stand-in sheet (applications.ts): DOM-free render, tabs, form submission by field names. */
interface StandInSheet {
  render(force: boolean): Promise<unknown>;
  renderedHTML: Record<string, string>;
  changeTab(tab: string, group: string, options?: { force?: boolean }): void;
  submitForm(fields: Record<string, unknown>): Promise<void>;
  close(): Promise<unknown>;
}

/** The opening tag of a rendered part, when it is a tab's section: its tab, group and classes. */
function sectionOf(html: string): { tab: string; group: string; classes: string[] } | null {
  const open = /^\s*<section\b[^>]*>/.exec(html)?.[0];
  if (!open) return null;
  const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(open)?.[1];
  const tab = attr("data-tab");
  const group = attr("data-group");
  if (tab === undefined || group === undefined) return null;
  return { tab, group, classes: (attr("class") ?? "").split(/\s+/) };
}

/** The sheets as the stand-ins run them: the given class, else the registered one for the type. */
export const sheetDriver: SheetDriver = {
  async render(doc, sheetClass) {
    const { documentName, type } = doc as { documentName: string; type: string };
    let Sheet = sheetClass;
    if (!Sheet) {
      const registration = DocumentSheetConfig.registrations.find(
        (r) =>
          (r.documentClass as { documentName?: string }).documentName === documentName &&
          ((r.config.types as string[] | undefined) ?? []).includes(type),
      );
      if (!registration) throw new Error(`No sheet registered for ${documentName}.${type}`);
      Sheet = registration.sheetClass as typeof Sheet;
    }
    const sheet = new Sheet!({ document: doc }) as StandInSheet;
    await sheet.render(true);
    return { sheet, html: Object.values(sheet.renderedHTML).join("\n") };
  },
  async showTab(sheet, group, tab) {
    const s = sheet as StandInSheet;
    s.changeTab(tab, group, { force: true });
    // DOM-free: the sheet renders again with the tab group's new tab (v13 toggles classes).
    await s.render(true);
    const sections = Object.values(s.renderedHTML).filter((html) => {
      const section = sectionOf(html);
      return section?.tab === tab && section.group === group;
    });
    if (!sections.length) throw new Error(`The sheet has no "${tab}" tab.`);
    if (!sections.every((html) => sectionOf(html)!.classes.includes("active")))
      throw new Error(`The "${tab}" tab did not become active.`);
    return sections.join("\n");
  },
  async submit(sheet, fields) {
    await (sheet as StandInSheet).submitForm({ ...fields });
  },
  async close(sheet) {
    await (sheet as StandInSheet).close();
  },
};
