/**
 * Stand-in for Foundry v13's dice (see docs/foundry-stand-ins.md): `Roll` for formulas made of
 * dice (`NdS`), whole numbers and `+`/`-`, evaluated with `CONFIG.Dice.randomUniform` mapped to
 * faces as v13's `DiceTerm#mapRandomFace` does; `toJSON`/`Roll.fromData` in v13's shape
 * (rehydrating the classes listed in `CONFIG.Dice.rolls`); and an optional `game.dice3d`
 * (Dice So Nice) fake that records what it is asked to show.
 */
import { onReset, type StandInUser } from "./globals";

type Obj = Record<string, unknown>;

export interface DieResult {
  result: number;
  active: boolean;
}

/** v13 `foundry.dice.terms.Die`: `number`, `faces`, `results`, `total` (sum of active results). */
export class Die {
  number: number;
  faces: number;
  modifiers: string[] = [];
  results: DieResult[] = [];
  options: Obj;
  _evaluated = false;

  constructor({
    number = 1,
    faces = 6,
    options = {},
  }: {
    number?: number;
    faces?: number;
    options?: Obj;
  } = {}) {
    this.number = number;
    this.faces = faces;
    this.options = options;
  }

  get expression(): string {
    return `${this.number}d${this.faces}`;
  }
  get formula(): string {
    return this.expression;
  }
  get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.reduce((t, r) => (r.active ? t + r.result : t), 0);
  }
  get values(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }
  get isDeterministic(): boolean {
    return false;
  }

  /** v13: `Math.ceil((1 - randomUniform) * faces)`. */
  mapRandomFace(randomUniform: number): number {
    return Math.ceil((1 - randomUniform) * this.faces);
  }
  randomFace(): number {
    return this.mapRandomFace(diceConfig().randomUniform());
  }

  evaluate({
    minimize = false,
    maximize = false,
  }: { minimize?: boolean; maximize?: boolean } = {}): this {
    this.results = [];
    for (let i = 0; i < this.number; i++) {
      const result = minimize ? 1 : maximize ? this.faces : this.randomFace();
      this.results.push({ result, active: true });
    }
    this._evaluated = true;
    return this;
  }

  toJSON(): Obj {
    return {
      class: "Die",
      options: this.options,
      evaluated: this._evaluated,
      number: this.number,
      faces: this.faces,
      modifiers: this.modifiers,
      results: this.results.map((r) => ({ ...r })),
    };
  }

  static fromData(data: Obj): Die {
    const die = new Die({
      number: data.number as number,
      faces: data.faces as number,
      options: (data.options as Obj) ?? {},
    });
    die.results = ((data.results as DieResult[]) ?? []).map((r) => ({ ...r }));
    die._evaluated = (data.evaluated as boolean | undefined) ?? die.results.length > 0;
    return die;
  }
}

/** v13 `NumericTerm`. */
export class NumericTerm {
  _evaluated = false;
  constructor(
    readonly number: number,
    readonly options: Obj = {},
  ) {}
  get expression(): string {
    return String(this.number);
  }
  get total(): number {
    return this.number;
  }
  get isDeterministic(): boolean {
    return true;
  }
  evaluate(): this {
    this._evaluated = true;
    return this;
  }
  toJSON(): Obj {
    return {
      class: "NumericTerm",
      options: this.options,
      evaluated: this._evaluated,
      number: this.number,
    };
  }
}

/** v13 `OperatorTerm` (`+` and `-` only). */
export class OperatorTerm {
  _evaluated = false;
  constructor(
    readonly operator: "+" | "-",
    readonly options: Obj = {},
  ) {}
  get expression(): string {
    return ` ${this.operator} `;
  }
  get isDeterministic(): boolean {
    return true;
  }
  evaluate(): this {
    this._evaluated = true;
    return this;
  }
  toJSON(): Obj {
    return {
      class: "OperatorTerm",
      options: this.options,
      evaluated: this._evaluated,
      operator: this.operator,
    };
  }
}

export type RollTerm = Die | NumericTerm | OperatorTerm;

function termFromData(data: Obj): RollTerm {
  switch (data.class) {
    case "Die":
      return Die.fromData(data);
    case "NumericTerm": {
      const t = new NumericTerm(data.number as number, (data.options as Obj) ?? {});
      t._evaluated = Boolean(data.evaluated);
      return t;
    }
    case "OperatorTerm": {
      const t = new OperatorTerm(data.operator as "+" | "-", (data.options as Obj) ?? {});
      t._evaluated = Boolean(data.evaluated);
      return t;
    }
    default:
      throw new Error(`Stand-in Roll cannot rebuild a ${String(data.class)} term`);
  }
}

/** Parses `NdS`, `dS`, whole numbers, `+` and `-` (spaces allowed); anything else throws. */
function parse(formula: string): RollTerm[] {
  const tokens = formula.replace(/\s+/g, "").match(/(\d*d\d+|\d+|[+-])/gi);
  if (!tokens || tokens.join("") !== formula.replace(/\s+/g, ""))
    throw new Error(`Unresolved StringTerm ${formula} requested for evaluation`);
  const terms: RollTerm[] = [];
  for (const token of tokens) {
    const die = /^(\d*)d(\d+)$/i.exec(token);
    if (die) terms.push(new Die({ number: die[1] ? Number(die[1]) : 1, faces: Number(die[2]) }));
    else if (token === "+" || token === "-") terms.push(new OperatorTerm(token));
    else terms.push(new NumericTerm(Number(token)));
  }
  return terms;
}

/**
 * v13 `foundry.dice.Roll` for `NdS ± M` formulas: `formula`, `terms`, `dice`, `total`
 * (undefined before evaluation), `_evaluated`, `evaluate()` (async), `evaluateSync({strict})`,
 * `toJSON()`, `Roll.fromData`, `Roll.fromJSON`, `clone()`, `options`, `data`.
 */
export class Roll {
  terms: RollTerm[];
  data: Obj;
  options: Obj;
  _evaluated = false;
  _total: number | undefined = undefined;
  readonly _formula: string;

  constructor(formula: string, data: Obj = {}, options: Obj = {}) {
    this.data = data;
    this.options = options;
    this.terms = parse(formula);
    this._formula = Roll.getFormula(this.terms);
  }

  /** v13 `Roll.create(formula, data, options)`: an instance of `CONFIG.Dice.rolls[0]`. */
  static create(formula: string, data: Obj = {}, options: Obj = {}): Roll {
    const cls = diceConfig().rolls[0] ?? Roll;
    return new cls(formula, data, options);
  }

  static getFormula(terms: RollTerm[]): string {
    return terms.map((t) => t.expression).join("");
  }

  get formula(): string {
    return Roll.getFormula(this.terms);
  }
  get dice(): Die[] {
    return this.terms.filter((t): t is Die => t instanceof Die);
  }
  get total(): number | undefined {
    return this._total;
  }
  get result(): string {
    return this.terms
      .map((t) => (t instanceof OperatorTerm ? t.operator : String(t.total)))
      .join(" ");
  }
  get isDeterministic(): boolean {
    return this.terms.every((t) => t.isDeterministic);
  }

  /** Async evaluation (v13's only kind for dice): every die draws `CONFIG.Dice.randomUniform()`. */
  async evaluate(options: { minimize?: boolean; maximize?: boolean } = {}): Promise<this> {
    if (this._evaluated)
      throw new Error(
        `The ${this.constructor.name} has already been evaluated and is now immutable`,
      );
    return this.#evaluate(options);
  }

  /**
   * v13 `evaluateSync({strict})`: with `strict` (the default) a roll with dice throws, as its
   * terms are not deterministic; `strict: false` rolls them synchronously.
   */
  evaluateSync({
    strict = true,
    ...options
  }: { strict?: boolean; minimize?: boolean; maximize?: boolean } = {}): this {
    if (this._evaluated)
      throw new Error(
        `The ${this.constructor.name} has already been evaluated and is now immutable`,
      );
    if (strict && !this.isDeterministic)
      throw new Error(
        "This Roll contains terms which cannot be evaluated synchronously: use Roll#evaluate or strict: false",
      );
    return this.#evaluate(options);
  }

  #evaluate(options: { minimize?: boolean; maximize?: boolean }): this {
    for (const term of this.terms) term.evaluate(options);
    let total = 0;
    let sign = 1;
    for (const term of this.terms) {
      if (term instanceof OperatorTerm) sign = term.operator === "-" ? -1 : 1;
      else total += sign * (term.total ?? 0);
    }
    this._total = total;
    this._evaluated = true;
    return this;
  }

  clone(): Roll {
    return new (this.constructor as typeof Roll)(this._formula, this.data, this.options);
  }

  toJSON(): Obj {
    return {
      class: this.constructor.name,
      options: this.options,
      dice: [],
      formula: this._formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  /**
   * v13 `Roll.fromData(data)`: the class named by `data.class` among `CONFIG.Dice.rolls` (else
   * `Roll`), its terms rebuilt, total and evaluation state restored.
   */
  static fromData<T extends Roll>(this: new (f: string, d?: Obj, o?: Obj) => T, data: Obj): T {
    const rolls = diceConfig().rolls;
    const cls = (rolls.find((c) => c.name === data.class) ?? Roll) as unknown as new (
      f: string,
      d?: Obj,
      o?: Obj,
    ) => T;
    const roll = new cls(
      data.formula as string,
      (data.data as Obj) ?? {},
      (data.options as Obj) ?? {},
    );
    roll.terms = ((data.terms as Obj[]) ?? []).map(termFromData);
    if ((data.evaluated as boolean | undefined) ?? true) {
      roll._total = data.total as number | undefined;
      roll._evaluated = true;
    }
    return roll;
  }

  static fromJSON(json: string): Roll {
    return Roll.fromData(JSON.parse(json) as Obj);
  }
}

interface DiceConfig {
  rolls: (typeof Roll)[];
  randomUniform: () => number;
  [key: string]: unknown;
}

function diceConfig(): DiceConfig {
  return (globalThis as unknown as { CONFIG: { Dice: DiceConfig } }).CONFIG.Dice;
}

/**
 * A seeded uniform generator in [0, 1) (mulberry32), for `CONFIG.Dice.randomUniform` in tests:
 * `CONFIG.Dice.randomUniform = seededUniform(42)`.
 */
export function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `CONFIG.Dice.randomUniform` that makes the next dice show these faces, in order, whatever
 * their size (each face f of a dS maps back from `1 - (f - 0.5) / S`); after the list, it
 * falls back to `fallback` (Math.random by default). The faces need the die's size, so give
 * `[face, faces]` pairs.
 */
export function fixedFaces(
  faces: [face: number, of: number][],
  fallback: () => number = Math.random,
): () => number {
  const queue = [...faces];
  return () => {
    const next = queue.shift();
    if (!next) return fallback();
    const [face, of] = next;
    return 1 - (face - 0.5) / of;
  };
}

// ── Dice So Nice (optional module) ───────────────────────────────────────────────────────────

export interface Dice3dCall {
  roll: Roll;
  user: StandInUser | null;
  synchronize: boolean;
  whisper: string[] | null;
  blind: boolean;
  messageId: string | null;
  speaker: Obj | null;
}

/**
 * A recording fake of Dice So Nice's `game.dice3d`: `showForRoll(roll, user, synchronize,
 * whisper, blind, messageId, speaker)` records the call and resolves true;
 * `waitFor3DAnimationByMessageID` resolves true; `messageRolls` gets the rolls of each chat
 * message created with rolls (Dice So Nice animates those without being asked).
 */
export class FakeDice3d {
  readonly calls: Dice3dCall[] = [];
  /** The rolls of each new chat message, which Dice So Nice shows by itself (chat.ts records them). */
  readonly messageRolls: { messageId: string; rolls: Roll[] }[] = [];
  async showForRoll(
    roll: Roll,
    user: StandInUser | null = null,
    synchronize = false,
    whisper: string[] | null = null,
    blind = false,
    messageId: string | null = null,
    speaker: Obj | null = null,
  ): Promise<boolean> {
    this.calls.push({ roll, user, synchronize, whisper, blind, messageId, speaker });
    return true;
  }
  async waitFor3DAnimationByMessageID(_messageId: string): Promise<boolean> {
    return true;
  }
}

/** Installs a `FakeDice3d` as `game.dice3d` (absent by default, as without the module). */
export function installDice3d(): FakeDice3d {
  const fake = new FakeDice3d();
  (globalThis as unknown as { game: Obj }).game.dice3d = fake;
  return fake;
}

// ── Installation ─────────────────────────────────────────────────────────────────────────────

const g = globalThis as unknown as { foundry: Obj & { dice?: Obj }; CONFIG: Obj };
g.foundry.dice = { Roll, terms: { Die, NumericTerm, OperatorTerm } };

function install(): void {
  Object.assign(globalThis, { Roll });
  g.CONFIG.Dice = { rolls: [Roll], randomUniform: Math.random, terms: { d: Die } };
}
install();
onReset(install);
