/**
 * Which hand holds an item: none, the main hand, the off hand or both. Ruleset-free (every
 * ruleset's fighters hold weapons in hands), so the adapter's generic item fields and each
 * ruleset's character input share it.
 */
export const HANDS = ["none", "main", "off", "both"] as const;
export type Hand = (typeof HANDS)[number];
