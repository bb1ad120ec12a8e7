/**
 * The kinds of rule a stored `system` field follows (bounds, choices, location ids…), as plain
 * data with no Foundry global and no ruleset: the generic field table (`rules.ts`) and every
 * ruleset's block rules (`src/foundry/rulesets/<id>/rules.ts`) are written with these.
 */

/** A whole or real number with optional bounds. */
export interface NumberRule {
  kind: "number";
  integer: boolean;
  min?: number;
  max?: number;
  nullable: boolean;
  initial: number | null;
}

export interface ChoiceRule {
  kind: "choice";
  choices: readonly string[];
  /** null only where `nullable` (no choice made: a default read elsewhere). */
  initial: string | null;
  /** null (or a blank form value) is accepted and stored as null. */
  nullable?: true;
}

export interface TextRule {
  kind: "text";
  /** A blank string is allowed. */
  blank: boolean;
  initial: string;
}

/** A location id of a body plan (the human plan unless the actor's plan is given). */
export interface LocationRule {
  kind: "location";
  /** `any`: bare and sided ids (armour); `sided`: sided ids for paired locations (injuries). */
  sides: "any" | "sided";
  initial: string;
}

/** A location id inside a creature's own plan: lower-case letters, digits and hyphens. */
export interface SlugRule {
  kind: "slug";
  initial: string;
}

export interface BooleanRule {
  kind: "boolean";
  initial: boolean;
}

/** Free HTML, a JSON value or a document UUID: not checked from sheets. */
export interface OpaqueRule {
  kind: "html" | "json" | "uuid";
}

export type LeafRule =
  | NumberRule
  | ChoiceRule
  | TextRule
  | LocationRule
  | SlugRule
  | BooleanRule
  | OpaqueRule;

/** A list of leaves (`max`: most entries). */
export interface ListRule {
  kind: "list";
  element: LeafRule;
  max?: number;
}

export type Rule = LeafRule | ListRule;

export const int = (
  min: number | undefined,
  max: number | undefined,
  initial: number,
): NumberRule => ({
  kind: "number",
  integer: true,
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
  nullable: false,
  initial,
});
export const nullableInt = (min: number, max: number | undefined): NumberRule => ({
  kind: "number",
  integer: true,
  min,
  ...(max === undefined ? {} : { max }),
  nullable: true,
  initial: null,
});
export const choice = (choices: readonly string[], initial: string): ChoiceRule => ({
  kind: "choice",
  choices,
  initial,
});
/** One of `choices` or null (null: no choice, the reader's default applies). */
export const nullableChoice = (choices: readonly string[]): ChoiceRule => ({
  kind: "choice",
  choices,
  initial: null,
  nullable: true,
});

/** Bounds of the ruleset-free fields. */
export const GENERIC_BOUNDS = Object.freeze({
  quantity: int(0, undefined, 1),
  weight: { kind: "number", integer: false, min: 0, nullable: false, initial: 0 } as NumberRule,
  revision: int(0, undefined, 0),
  advantages: int(0, undefined, 0),
});

/** A location id as stored: lower-case letters, digits and hyphens, starting with a letter. */
export const LOCATION_ID = /^[a-z][a-z0-9-]*$/;
