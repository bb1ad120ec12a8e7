/**
 * The zone-die actor sheets: the HM3 character and creature sheets (an hmzd fighter is an HM3
 * one, src/foundry/rulesets/hmzd/source.ts) with a "Zone die" tab (templates/hmzd/actor/
 * zone-die.hbs) built by the pure `hmzdActorPart` (./context.ts): Shock EML, shock state and
 * its recovery test, Setups, the zone plan and the injuries by zone.
 */
import { CharacterSheet, CreatureSheet } from "../../hm3/sheets/actor/actor-sheet";
import type { ActorSheetContext } from "../../hm3/sheets/actor/context";
import { format, localize } from "../../../sheets/actor-sheet-base";
import type { HmzdCharacterBlock, HmzdCreatureBlock, HmzdInjuryBlock } from "../source";
import { HMZD_SHEET, hmzdActorPart, planOf } from "./context";
import { zoneImpairmentOf } from "./impairment";
import { withZoneDiePart, withZoneDieTab, ZONE_DIE_TAB } from "./tabs";

export const HMZD_ACTOR_TEMPLATE = "systems/blow-by-blow/templates/hmzd/actor/zone-die.hbs";

const zoneDiePart = { template: HMZD_ACTOR_TEMPLATE, scrollable: [""] };

/** HM3's tab group with the zone-die tab before the description. */
function tabsConfig(type: "character" | "creature") {
  const base = type === "creature" ? CreatureSheet.TABS : CharacterSheet.TABS;
  const primary = (base as { primary: { tabs: { id: string }[]; initial: string } }).primary;
  const tabs = primary.tabs.flatMap((t) =>
    t.id === "description" ? [{ id: ZONE_DIE_TAB, label: HMZD_SHEET.tab, cssClass: "" }, t] : [t],
  );
  // HM3 types its tab ids; the zone-die tab is one more id of the same group.
  return { primary: { ...primary, tabs } } as unknown as typeof CharacterSheet.TABS;
}

/** What the zone-die part needs of the sheet's actor (one function for both sheets). */
function partOf(sheet: {
  actor: Actor.Implementation;
  isEditable: boolean;
  actorType: "character" | "creature";
  derivedEndurance: number | null;
}) {
  const system = sheet.actor._source.system as unknown as { hmzd: HmzdCharacterBlock };
  const injuries = sheet.actor.items.contents
    .filter((i) => i.type === "injury")
    .map((i) => ({
      id: i.id ?? "",
      name: i.name,
      block: (i._source.system as unknown as { hmzd: HmzdInjuryBlock }).hmzd,
    }));
  const block = system.hmzd as HmzdCharacterBlock | HmzdCreatureBlock;
  const { plan } = planOf({ type: sheet.actorType, block });
  return hmzdActorPart({
    type: sheet.actorType,
    block,
    defaultShock: sheet.derivedEndurance === null ? null : 5 * sheet.derivedEndurance,
    injuries,
    editable: sheet.isEditable,
    localize,
    format,
    // Z8 from zd-state's zoneSummary of the actor's plan and injuries (./impairment.ts).
    zoneImpairment: zoneImpairmentOf(plan, injuries, block),
  });
}

const endurance = (derived: unknown): number | null => {
  const e = (derived as { endurance?: unknown } | null)?.endurance;
  return typeof e === "number" ? e : null;
};

export class HmzdCharacterSheet extends CharacterSheet {
  static override PARTS = { ...CharacterSheet.PARTS, [ZONE_DIE_TAB]: zoneDiePart };
  static override TABS = tabsConfig("character");

  get derivedEndurance(): number | null {
    return endurance(this.derivation.derived);
  }

  protected override keptParts(): readonly string[] {
    return withZoneDiePart(super.keptParts());
  }

  protected override async sheetContext(): Promise<ActorSheetContext> {
    const context = await super.sheetContext();
    return { ...context, tabs: withZoneDieTab(context.tabs, this.tabGroups.primary, localize) };
  }

  protected override partExtras(context: ActorSheetContext, partId: string) {
    if (partId !== ZONE_DIE_TAB) return super.partExtras(context, partId);
    return { tab: context.tabs[ZONE_DIE_TAB] ?? null, hmzd: partOf(this) };
  }
}

export class HmzdCreatureSheet extends CreatureSheet {
  static override PARTS = { ...CreatureSheet.PARTS, [ZONE_DIE_TAB]: zoneDiePart };
  static override TABS = tabsConfig("creature");

  get derivedEndurance(): number | null {
    return endurance(this.derivation.derived);
  }

  protected override keptParts(): readonly string[] {
    return withZoneDiePart(super.keptParts());
  }

  protected override async sheetContext(): Promise<ActorSheetContext> {
    const context = await super.sheetContext();
    return { ...context, tabs: withZoneDieTab(context.tabs, this.tabGroups.primary, localize) };
  }

  protected override partExtras(context: ActorSheetContext, partId: string) {
    if (partId !== ZONE_DIE_TAB) return super.partExtras(context, partId);
    return { tab: context.tabs[ZONE_DIE_TAB] ?? null, hmzd: partOf(this) };
  }
}
