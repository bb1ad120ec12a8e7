/** The label of a (possibly sided) body location on the HM3 sheets, cards and CLI. */
import { splitSided } from "../../../../core/body";
import { LOCATION_LABEL_KEYS } from "../../../../rules/hm3/body-plan";
import { LOCATIONS, type LocationId } from "../../../../rules/hm3/tables";
import { formatWith, type Localize } from "../../../sheets/common";
import { SIDED_LABEL } from "./item/labels";

function isHumanLocation(id: string): id is LocationId {
  return (LOCATIONS as readonly string[]).includes(id);
}

/**
 * The label of a location of a plan: the localised human name (`Forearm`) for the human
 * plan's ids, else the plan's own name (user text); `left-…`/`right-…` ids get their side
 * ("Left Forearm"). The plan may list unsided ids (a stored plan) or sided ones (the derived
 * plan). An id the plan lacks is shown as it is.
 */
export function locationLabel(
  id: string,
  plan: { locations: readonly { id: string; name: string }[] } | null,
  localize: Localize,
  humanPlan: boolean,
): string {
  const { side, base } = splitSided(id);
  let name: string;
  if (humanPlan && isHumanLocation(base)) name = localize(LOCATION_LABEL_KEYS[base]);
  else name = plan?.locations.find((l) => l.id === id || l.id === base)?.name ?? base;
  return side ? formatWith(localize)(SIDED_LABEL[side], { location: name }) : name;
}
