/**
 * Exact enumeration of a dice-driven computation: `enumerateDice(run, visit)` runs `run` once per
 * path of outcomes of its named dice and hands each result to `visit` with the path's exact
 * probability. Nothing is sampled. A ruleset's exact odds run the engine's own resolution this
 * way, so they follow every rule it applies, optional rules included (issue 19).
 *
 * The walk replays a path of choices: each run answers the rolls it has seen before on this
 * path with the chosen branch and, at the first roll beyond the path, opens a new node (its first
 * branch). After the run the deepest node with a branch left moves to its next branch and every
 * node below it is dropped. Branches of a roll:
 *
 * - with a class hint (`classOf`, {@link RollClassifier}): one branch per class of its totals,
 *   weighted by the number of ways the dice make the totals of that class (a d100 test: four
 *   success levels; 3d6 against a target: fail or not; impact: each total);
 * - without one: one branch per face of each die (sides^count branches), so a roll the engine
 *   reads in full is enumerated in full;
 * - collapsed by the caller (`EnumerateOptions.collapse`): one branch, every die 1, probability 1,
 *   for a walk whose figures none of those rolls decides (the other side's strike).
 *
 * A branch hands the engine one representative roll (the class's first total, split evenly over
 * the dice, `splitTotal`). The engine must be deterministic given its dice: the same path must
 * make the same rolls, which the walk checks (name, count, sides) at every replayed node.
 * Pure and framework-free.
 */
import { splitTotal, type Dice, type RollClassifier } from "./dice";

interface Branch {
  values: readonly number[];
  /** The branch's exact probability (ways ÷ sides^count). */
  probability: number;
}

interface Node {
  name: string;
  count: number;
  sides: number;
  branches: readonly Branch[];
  index: number;
  /** The probability of the path down to and including this node's branch. */
  probability: number;
}

/** Ways `count` dice of `sides` faces make each total (index = total), exact integers. */
const WAYS = new Map<string, readonly number[]>();

export function totalWays(count: number, sides: number): readonly number[] {
  const key = `${count}d${sides}`;
  const ways = WAYS.get(key);
  if (ways) return ways;
  let cur: number[] = [1];
  for (let i = 0; i < count; i++) {
    const next = new Array<number>(cur.length + sides).fill(0);
    for (let t = 0; t < cur.length; t++) {
      const c = cur[t]!;
      if (c !== 0) for (let f = 1; f <= sides; f++) next[t + f]! += c;
    }
    cur = next;
  }
  if (!cur.every((c) => Number.isSafeInteger(c)))
    throw new Error(`enumerate: ${key} has more ways than exact integers hold`);
  WAYS.set(key, cur);
  return cur;
}

/** The most branches a roll without a hint may open (every face of every die). */
export const MAX_FACE_BRANCHES = 50_000;

/**
 * Branches by classifier, then by `count`, `sides` and `arg`: the engine passes static
 * classifiers, so a walk builds each roll's branches once (a classifier made afresh for each
 * call, a closure, is built again each time, and let go with it).
 */
const CLASS_BRANCHES = new WeakMap<RollClassifier, Map<number | string, readonly Branch[]>>();

function classBranches(
  count: number,
  sides: number,
  classOf: RollClassifier,
  arg: number,
): readonly Branch[] {
  let byShape = CLASS_BRANCHES.get(classOf);
  if (!byShape) CLASS_BRANCHES.set(classOf, (byShape = new Map()));
  // A number for the usual shapes (no string built per roll), a string for any other.
  const key =
    count < 100 && sides < 1000 && Number.isInteger(arg) && Math.abs(arg) < 1e9
      ? (arg * 100 + count) * 1000 + sides
      : `${count}d${sides}:${arg}`;
  let branches = byShape.get(key);
  if (!branches) byShape.set(key, (branches = buildClassBranches(count, sides, classOf, arg)));
  return branches;
}

function buildClassBranches(
  count: number,
  sides: number,
  classOf: RollClassifier,
  arg: number,
): readonly Branch[] {
  const ways = totalWays(count, sides);
  const all = sides ** count;
  const byClass = new Map<number | string | boolean, { total: number; ways: number }>();
  for (let t = count; t <= count * sides; t++) {
    const w = ways[t]!;
    if (w === 0) continue;
    const k = classOf(t, arg);
    const e = byClass.get(k);
    if (e) e.ways += w;
    else byClass.set(k, { total: t, ways: w });
  }
  return Object.freeze(
    [...byClass.values()].map((e) => ({
      values: splitTotal(e.total, count),
      probability: e.ways / all,
    })),
  );
}

const FACE_BRANCHES = new Map<string, readonly Branch[]>();

function faceBranches(name: string, count: number, sides: number): readonly Branch[] {
  const key = `${count}d${sides}`;
  let branches = FACE_BRANCHES.get(key);
  if (!branches) FACE_BRANCHES.set(key, (branches = buildFaceBranches(name, count, sides)));
  return branches;
}

function buildFaceBranches(name: string, count: number, sides: number): readonly Branch[] {
  const all = sides ** count;
  if (all > MAX_FACE_BRANCHES)
    throw new Error(
      `enumerate: roll "${name}" (${count}d${sides}) has ${all} faces and no class hint`,
    );
  const out: Branch[] = [];
  const faces = new Array<number>(count).fill(1);
  for (;;) {
    out.push({ values: faces.slice(), probability: 1 / all });
    let i = count - 1;
    while (i >= 0 && faces[i] === sides) faces[i--] = 1;
    if (i < 0) return out;
    faces[i]!++;
  }
}

const COLLAPSED: (readonly Branch[])[] = [];

/** The one branch of a collapsed roll of `count` dice: every die 1, probability 1. */
function collapsedBranch(count: number): readonly Branch[] {
  return (COLLAPSED[count] ??= Object.freeze([
    { values: new Array<number>(count).fill(1), probability: 1 },
  ]));
}

export interface EnumerateOptions {
  /** Stop with an error after this many runs (default 5,000,000). */
  maxPaths?: number;
  /**
   * Roll names whose class hint is ignored (every face enumerated): the test of a hint's
   * soundness turns one off and finds the same odds.
   */
  ignoreHints?: (name: string) => boolean;
  /**
   * Roll names read as one branch of probability 1 (every die showing 1): for a caller that
   * reads none of the figures those rolls decide (the exact odds of one side's wounds, whose
   * other side's strike is enumerated in a pass of its own). Exact only when nothing the caller
   * reads depends on them: what such a pass reads must be the same with the roll enumerated.
   */
  collapse?: (name: string) => boolean;
}

/** What an enumeration did. */
export interface EnumerateStats {
  /** Runs of `run`, one per path. */
  paths: number;
}

/**
 * Runs `run` on every path of its dice and calls `visit(result, probability)` for each; the
 * probabilities sum to 1. `run` must make its rolls through the dice it is given.
 */
export function enumerateDice<R>(
  run: (dice: Dice) => R,
  visit: (result: R, probability: number) => void,
  options: EnumerateOptions = {},
): EnumerateStats {
  const maxPaths = options.maxPaths ?? 5_000_000;
  const ignore = options.ignoreHints;
  const collapse = options.collapse;
  // The path: nodes 0..size-1 of `nodes` (node objects are kept and reused, so a walk of
  // millions of paths allocates a node only when it goes deeper than before).
  const nodes: Node[] = [];
  let size = 0;
  let depth = 0;
  const dice: Dice = {
    roll(name, count, sides, classOf, arg) {
      let node: Node;
      if (depth < size) {
        node = nodes[depth]!;
        if (node.name !== name || node.count !== count || node.sides !== sides)
          throw new Error(
            `enumerate: the run is not deterministic: roll ${depth + 1} was "${node.name}" ${node.count}d${node.sides}, now "${name}" ${count}d${sides}`,
          );
      } else {
        const branches = collapse?.(name)
          ? collapsedBranch(count)
          : classOf && !ignore?.(name)
            ? classBranches(count, sides, classOf, arg ?? 0)
            : faceBranches(name, count, sides);
        const above = depth > 0 ? nodes[depth - 1]!.probability : 1;
        const probability = above * branches[0]!.probability;
        if (depth < nodes.length) {
          node = nodes[depth]!;
          node.name = name;
          node.count = count;
          node.sides = sides;
          node.branches = branches;
          node.index = 0;
          node.probability = probability;
        } else {
          node = { name, count, sides, branches, index: 0, probability };
          nodes.push(node);
        }
        size = depth + 1;
      }
      depth++;
      return node.branches[node.index]!.values.slice();
    },
  };
  let paths = 0;
  for (;;) {
    if (paths >= maxPaths) throw new Error(`enumerate: more than ${maxPaths} paths`);
    depth = 0;
    const result = run(dice);
    paths++;
    if (depth !== size)
      throw new Error(
        `enumerate: the run is not deterministic: it made ${depth} rolls where its path has ${size}`,
      );
    visit(result, depth > 0 ? nodes[depth - 1]!.probability : 1);
    // The next path: the deepest node with a branch left takes it; the nodes below it go.
    while (size > 0 && nodes[size - 1]!.index === nodes[size - 1]!.branches.length - 1) size--;
    if (size === 0) return { paths };
    const top = nodes[size - 1]!;
    top.index++;
    const above = size > 1 ? nodes[size - 2]!.probability : 1;
    top.probability = above * top.branches[top.index]!.probability;
  }
}
