/**
 * Stand-ins for Foundry v13's data layer (see docs/foundry-stand-ins.md): a subset of
 * `foundry.data.fields`, `foundry.data.validation`, `foundry.abstract.DataModel` and
 * `TypeDataModel`, the localisation of model fields (`Localization.localizeDataModel`), and
 * small Actor, Item and compendium documents that construct their `system` through
 * `CONFIG.<Document>.dataModels` and run `prepareData` in Foundry's order. Cleaning,
 * validation and initialisation follow Foundry v13's `common/data/fields.mjs` and
 * `common/abstract/data.mjs` for every option implemented here.
 */
import {
  Collection,
  deepClone,
  expandObject,
  getProperty,
  getType,
  isEmpty,
  isValidId,
  mergeObject,
  parseUuid,
  ALL_DOCUMENT_TYPES,
  randomID,
  onReset,
  onEveryClient,
  setProperty,
  type StandInGame,
  type StandInUser,
} from "./globals";

type Obj = Record<string, unknown>;

// ── Validation failures ──────────────────────────────────────────────────────────────────────

export interface FailureOptions {
  invalidValue?: unknown;
  fallback?: unknown;
  dropped?: boolean;
  message?: string;
  unresolved?: boolean;
}

export class DataModelValidationFailure {
  invalidValue: unknown;
  fallback: unknown;
  dropped: boolean;
  message: string | undefined;
  unresolved: boolean;
  fields: Record<string, DataModelValidationFailure> = {};
  elements: { id: string | number; name?: string; failure: DataModelValidationFailure }[] = [];

  constructor({
    invalidValue,
    fallback,
    dropped = false,
    message,
    unresolved = false,
  }: FailureOptions = {}) {
    this.invalidValue = invalidValue;
    this.fallback = fallback;
    this.dropped = dropped;
    this.message = message;
    this.unresolved = unresolved;
  }

  asError(): DataModelValidationError {
    return new DataModelValidationError(this);
  }

  isEmpty(): boolean {
    return isEmpty(this.fields) && this.elements.length === 0;
  }

  toObject(): FailureOptions {
    return {
      invalidValue: this.invalidValue,
      fallback: this.fallback,
      dropped: this.dropped,
      message: this.message,
    };
  }

  toString(): string {
    return this.#format(0);
  }

  #format(indent: number): string {
    let text = this.message ?? "";
    const pad = "  ".repeat(indent + 1);
    for (const [name, failure] of Object.entries(this.fields))
      text += `\n${pad}${name}: ${failure.#format(indent + 1)}`;
    for (const { id, failure } of this.elements)
      text += `\n${pad}${id}: ${failure.#format(indent + 1)}`;
    return text;
  }
}

export class DataModelValidationError extends Error {
  readonly #failure: DataModelValidationFailure | undefined;

  constructor(failure: DataModelValidationFailure | string, options?: { cause?: unknown }) {
    super(failure.toString(), options);
    this.name = "DataModelValidationError";
    if (failure instanceof DataModelValidationFailure) this.#failure = failure;
  }

  /** The failure at a dotted path (`hm3.wq`, `hm3.locations.2`), or the root failure. */
  getFailure(path?: string): DataModelValidationFailure | undefined {
    let failure = this.#failure;
    if (!path) return failure;
    for (const part of path.split(".")) {
      if (!failure) return undefined;
      if (!isEmpty(failure.fields)) failure = failure.fields[part];
      else failure = failure.elements.find((e) => String(e.id) === part)?.failure;
    }
    return failure;
  }

  /** Every leaf failure keyed by its dotted field path. */
  getAllFailures(): Record<string, DataModelValidationFailure> | undefined {
    if (!this.#failure || this.#failure.isEmpty()) return undefined;
    const out: Record<string, DataModelValidationFailure> = {};
    const walk = (path: string, failure: DataModelValidationFailure): void => {
      if (failure.isEmpty()) {
        out[path] = failure;
        return;
      }
      for (const [name, f] of Object.entries(failure.fields))
        walk(path ? `${path}.${name}` : name, f);
      for (const { id, failure: f } of failure.elements)
        walk(path ? `${path}.${id}` : String(id), f);
    };
    walk("", this.#failure);
    return out;
  }
}

// ── Fields ───────────────────────────────────────────────────────────────────────────────────

export interface CleanOptions {
  partial?: boolean;
  source?: Obj;
  [key: string]: unknown;
}

export interface ValidateOptions {
  partial?: boolean;
  fallback?: boolean;
  source?: Obj;
  dropInvalidEmbedded?: boolean;
  [key: string]: unknown;
}

type Validator = (this: DataField, value: unknown, options: ValidateOptions) => unknown;
type Choices =
  | readonly unknown[]
  | Record<string, unknown>
  | (() => readonly unknown[] | Record<string, unknown>);

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  readonly?: boolean;
  gmOnly?: boolean;
  label?: string;
  hint?: string;
  validationError?: string;
  validate?: Validator;
  [key: string]: unknown;
}

export class DataField {
  name: string | undefined;
  parent: DataField | undefined;
  options: FieldOptions;
  declare required: boolean;
  declare nullable: boolean;
  declare initial: unknown;
  declare readonly: boolean;
  declare gmOnly: boolean;
  declare label: string;
  declare hint: string;
  declare validationError: string;

  static recursive = false;

  static get _defaults(): FieldOptions {
    return {
      required: false,
      nullable: false,
      initial: undefined,
      readonly: false,
      gmOnly: false,
      label: "",
      hint: "",
      validationError: "is not a valid value",
    };
  }

  constructor(
    options: FieldOptions = {},
    { name, parent }: { name?: string; parent?: DataField } = {},
  ) {
    this.name = name;
    this.parent = parent;
    this.options = options;
    const defaults = (this.constructor as typeof DataField)._defaults;
    for (const k of Object.keys(defaults))
      (this as unknown as Obj)[k] = k in options ? options[k] : defaults[k];
  }

  /** Dotted path of the field within its root schema (`hm3.attributes.str`). */
  get fieldPath(): string {
    return [this.parent?.fieldPath, this.name].filter((p) => p !== undefined && p !== "").join(".");
  }

  apply(
    fn: string | ((this: DataField, value: unknown, options: Obj) => unknown),
    value: unknown,
    options: Obj = {},
  ): unknown {
    const f =
      typeof fn === "string"
        ? ((this as unknown as Obj)[fn] as (v: unknown, o: Obj) => unknown)
        : fn;
    return f.call(this, value, options);
  }

  _getField(path: string[]): DataField | undefined {
    return path.length ? undefined : this;
  }

  // Cleaning

  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined) return this.getInitialValue(options.source);
    try {
      if (this._validateSpecial(value) === true) return value;
    } catch {
      return this.getInitialValue(options.source);
    }
    return this._cleanType(this._cast(value), options);
  }

  _cleanType(value: unknown, _options: CleanOptions = {}): unknown {
    return value;
  }

  _cast(value: unknown): unknown {
    return value;
  }

  getInitialValue(data?: unknown): unknown {
    if (this.initial instanceof Function) return (this.initial as (d: unknown) => unknown)(data);
    if (this.initial !== undefined) return this.initial;
    if (!this.required) return undefined;
    if (this.nullable) return null;
    return undefined;
  }

  toObject(value: unknown): unknown {
    return value;
  }

  // Validation

  validate(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | undefined {
    const validators: Validator[] = [this._validateSpecial, this._validateType];
    if (this.options.validate) validators.push(this.options.validate);
    try {
      for (const validator of validators) {
        const isValid = validator.call(this, value, options);
        if (isValid === true) return undefined;
        if (isValid === false)
          return new DataModelValidationFailure({
            invalidValue: value,
            message: this.validationError,
            unresolved: true,
          });
        if (isValid instanceof DataModelValidationFailure) return isValid;
      }
    } catch (err) {
      return new DataModelValidationFailure({
        invalidValue: value,
        message: (err as Error).message,
        unresolved: true,
      });
    }
    return undefined;
  }

  _validateSpecial(value: unknown): boolean | void {
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
  }

  _validateType(_value: unknown, _options: ValidateOptions = {}): unknown {
    return undefined;
  }

  _validateModel(_data: unknown, _options: ValidateOptions = {}): void {}

  // Initialisation

  initialize(value: unknown, _model?: unknown, _options: Obj = {}): unknown {
    return value;
  }
}

export class SchemaField extends DataField {
  fields: Record<string, DataField>;
  static override recursive = true;

  static override get _defaults(): FieldOptions {
    return Object.assign(super._defaults, { required: true, nullable: false });
  }

  constructor(
    fields: Record<string, DataField>,
    options?: FieldOptions,
    context: { name?: string; parent?: DataField } = {},
  ) {
    super(options, context);
    this.fields = this._initialize(fields);
  }

  _initialize(fields: Record<string, DataField>): Record<string, DataField> {
    if (getType(fields) !== "Object")
      throw new Error("A DataSchema must be an object with string keys and DataField values.");
    const copy = { ...fields };
    for (const [name, field] of Object.entries(copy)) {
      if (name === "_source")
        throw new Error('"_source" is not a valid name for a field of a SchemaField.');
      if (!(field instanceof DataField))
        throw new Error(`The "${name}" field is not an instance of the DataField class.`);
      if (field.parent !== undefined)
        throw new Error(
          `The "${field.fieldPath}" field already belongs to some other parent and may not be reused.`,
        );
      field.name = name;
      field.parent = this;
    }
    return copy;
  }

  *[Symbol.iterator](): Generator<DataField> {
    yield* Object.values(this.fields);
  }
  keys(): string[] {
    return Object.keys(this.fields);
  }
  values(): DataField[] {
    return Object.values(this.fields);
  }
  entries(): [string, DataField][] {
    return Object.entries(this.fields);
  }
  has(name: string): boolean {
    return Object.hasOwn(this.fields, name);
  }
  get(name: string): DataField | undefined {
    return this.has(name) ? this.fields[name] : undefined;
  }
  getField(path: string | string[]): DataField | undefined {
    return this._getField(typeof path === "string" ? path.split(".") : [...path]);
  }
  override _getField(path: string[]): DataField | undefined {
    if (!path.length) return this;
    const field = this.get(path.shift()!);
    return field?._getField(path);
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.required && initial === undefined) return this._cleanType({});
    return initial;
  }

  override _cast(value: unknown): unknown {
    return getType(value) === "Object" ? value : {};
  }

  override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    const data = value as Obj;
    options.source = options.source || data;
    for (const [name, field] of this.entries()) {
      if (!options.partial || name in data) data[name] = field.clean(data[name], options);
    }
    for (const k of Object.keys(data)) {
      if (this.has(k)) continue;
      if (k.startsWith("-=") && this.has(k.slice(2))) continue;
      delete data[k];
    }
    return data;
  }

  override _validateType(value: unknown, options: ValidateOptions = {}): unknown {
    if (!(value instanceof Object)) throw new Error("must be an object");
    const data = value as Obj;
    options.source = options.source || data;
    const schemaFailure = new DataModelValidationFailure();
    for (const [name, field] of this.entries()) {
      if (options.partial && !(name in data)) continue;
      const failure = field.validate(data[name], options);
      if (!failure) continue;
      schemaFailure.fields[name] = failure;
      if (!failure.unresolved) continue;
      if (options.fallback) {
        const initial = field.getInitialValue(options.source);
        if (field.validate(initial, { fallback: false, source: options.source })) {
          failure.unresolved = schemaFailure.unresolved = true;
        } else {
          data[name] = failure.fallback = initial;
          failure.unresolved = false;
        }
      } else failure.unresolved = schemaFailure.unresolved = true;
    }
    if (!isEmpty(schemaFailure.fields)) return schemaFailure;
    return undefined;
  }

  override _validateModel(changes: unknown, options: ValidateOptions = {}): void {
    if (!changes) return;
    options.source = options.source || (changes as Obj);
    for (const [name, field] of this.entries()) {
      const change = (changes as Obj)[name];
      if (change && (field.constructor as typeof DataField).recursive)
        field._validateModel(change, options);
    }
  }

  override toObject(value: unknown): unknown {
    if (value === undefined || value === null) return value;
    const data: Obj = {};
    for (const [name, field] of this.entries()) data[name] = field.toObject((value as Obj)[name]);
    return data;
  }

  override initialize(value: unknown, model?: unknown, options: Obj = {}): unknown {
    if (!value) return value;
    const data: Obj = {};
    for (const [name, field] of this.entries())
      data[name] = field.initialize((value as Obj)[name], model, options);
    return data;
  }

  /** Lets inner fields (a document's `system`) migrate their part of the candidate source. */
  migrateSource(sourceData: Obj, fieldData: unknown): void {
    if (getType(fieldData) !== "Object") return;
    for (const key of Object.keys(fieldData as Obj)) {
      const field = this.get(key) as
        | (DataField & { migrateSource?: (s: Obj, d: unknown) => void })
        | undefined;
      field?.migrateSource?.(sourceData, (fieldData as Obj)[key]);
    }
  }

  override apply(
    fn: string | ((this: DataField, value: unknown, options: Obj) => unknown),
    value: unknown = {},
    options: Obj = {},
  ): unknown {
    const f =
      typeof fn === "string"
        ? ((this as unknown as Obj)[fn] as ((v: unknown, o: Obj) => unknown) | undefined)
        : fn;
    f?.call(this, value, options);
    if (!value || typeof value !== "object") return value;
    const results: Obj = {};
    for (const [key, field] of this.entries()) {
      if (options.partial && !(key in (value as Obj))) continue;
      results[key] = field.apply(fn, (value as Obj)[key], options);
    }
    return results;
  }
}

export class BooleanField extends DataField {
  static override get _defaults(): FieldOptions {
    return Object.assign(super._defaults, { required: true, nullable: false, initial: false });
  }
  override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }
  override _validateType(value: unknown): unknown {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
    return undefined;
  }
}

function isValidChoice(choices: Choices, value: unknown): boolean {
  const list = typeof choices === "function" ? choices() : choices;
  if (Array.isArray(list)) return list.includes(value);
  return String(value) in list;
}

export class NumberField extends DataField {
  declare min: number | undefined;
  declare max: number | undefined;
  declare step: number | undefined;
  declare integer: boolean;
  declare positive: boolean;
  declare choices: Choices | undefined;

  static override get _defaults(): FieldOptions {
    return Object.assign(super._defaults, {
      nullable: true,
      min: undefined,
      max: undefined,
      step: undefined,
      integer: false,
      positive: false,
      choices: undefined,
    });
  }

  constructor(options: FieldOptions = {}, context: { name?: string; parent?: DataField } = {}) {
    super(options, context);
    if (this.choices) this.nullable = (options.nullable as boolean | undefined) ?? false;
    if (Number.isFinite(this.min) && Number.isFinite(this.max) && this.min! > this.max!)
      throw new Error("NumberField minimum constraint cannot exceed its maximum constraint");
  }

  override _cast(value: unknown): unknown {
    return this.nullable && value === "" ? null : Number(value);
  }

  override _cleanType(value: unknown, options?: CleanOptions): unknown {
    let v = super._cleanType(value, options);
    if (typeof v !== "number") return v;
    if (this.integer) v = Math.round(v);
    if (Number.isFinite(this.min)) v = Math.max(v as number, this.min!);
    if (Number.isFinite(this.max)) v = Math.min(v as number, this.max!);
    // Foundry rounds to the step with Number#toNearest: Math.round(value / step) * step.
    if (Number.isFinite(this.step) && this.step! > 0)
      v = Math.round((v as number) / this.step!) * this.step!;
    return v;
  }

  override _validateType(value: unknown): unknown {
    if (typeof value !== "number") throw new Error("must be a number");
    if (this.positive && value <= 0) throw new Error("must be a positive number");
    if (Number.isFinite(this.min) && value < this.min!)
      throw new Error(`must be at least ${this.min}`);
    if (Number.isFinite(this.max) && value > this.max!)
      throw new Error(`must be at most ${this.max}`);
    if (this.choices && !isValidChoice(this.choices, value))
      throw new Error(`${value} is not a valid choice`);
    if (this.integer) {
      if (!Number.isInteger(value)) throw new Error("must be an integer");
    } else if (!Number.isFinite(value)) throw new Error("must be a finite number");
    return undefined;
  }
}

export class StringField extends DataField {
  declare blank: boolean;
  declare trim: boolean;
  declare choices: Choices | undefined;
  declare textSearch: boolean;

  static override get _defaults(): FieldOptions {
    return Object.assign(super._defaults, {
      blank: true,
      trim: true,
      choices: undefined,
      textSearch: false,
    });
  }

  constructor(options: FieldOptions = {}, context: { name?: string; parent?: DataField } = {}) {
    super(options, context);
    if (this.choices) {
      this.nullable = (options.nullable as boolean | undefined) ?? false;
      this.blank = (options.blank as boolean | undefined) ?? false;
    }
  }

  override clean(value: unknown, options?: CleanOptions): unknown {
    if (typeof value === "string" && this.trim) value = value.trim();
    return super.clean(value, options);
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.blank && this.required && !initial) return "";
    return initial;
  }

  override _cast(value: unknown): unknown {
    return String(value);
  }

  override _validateSpecial(value: unknown): boolean | void {
    if (value === "") {
      if (this.blank) return true;
      throw new Error("may not be a blank string");
    }
    return super._validateSpecial(value);
  }

  override _validateType(value: unknown, _options?: ValidateOptions): unknown {
    if (typeof value !== "string") throw new Error("must be a string");
    if (this.choices) {
      if (isValidChoice(this.choices, value)) return true;
      throw new Error(`${value} is not a valid choice`);
    }
    return undefined;
  }
}

export class ObjectField extends DataField {
  static override get _defaults(): FieldOptions {
    return Object.assign(super._defaults, { required: true, nullable: false });
  }
  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.required && initial === undefined) return {};
    return initial;
  }
  override _cast(value: unknown): unknown {
    const v = value as { toObject?: () => unknown };
    const plain = v.toObject instanceof Function ? v.toObject() : value;
    return getType(plain) === "Object" ? plain : {};
  }
  override initialize(value: unknown): unknown {
    if (!value) return value;
    return deepClone(value);
  }
  override toObject(value: unknown): unknown {
    return deepClone(value);
  }
  override _validateType(value: unknown): unknown {
    if (getType(value) !== "Object") throw new Error("must be an object");
    return undefined;
  }
}

export class ArrayField extends DataField {
  declare element: DataField;
  declare empty: boolean;
  declare exact: number | undefined;
  declare min: number;
  declare max: number;
  static override recursive = true;

  static override get _defaults(): FieldOptions {
    return Object.assign(super._defaults, {
      required: true,
      nullable: false,
      empty: true,
      exact: undefined,
      min: 0,
      max: Infinity,
    });
  }

  constructor(
    element: DataField,
    options: FieldOptions = {},
    context: { name?: string; parent?: DataField } = {},
  ) {
    super(options, context);
    if (!(element instanceof DataField))
      throw new Error(`${this.constructor.name} must have a DataField as its contained element`);
    if (element.parent !== undefined) throw new Error("The element DataField already has a parent");
    this.element = element;
    element.name ||= "element";
    element.parent = this;
    if (this.min > this.max)
      throw new Error("ArrayField minimum length cannot exceed maximum length");
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.required && initial === undefined) return [];
    return initial;
  }

  override _cast(value: unknown): unknown {
    const t = getType(value);
    if (t === "Object") {
      const arr: unknown[] = [];
      for (const [k, v] of Object.entries(value as Obj)) {
        const i = Number(k);
        if (Number.isInteger(i) && i >= 0) arr[i] = v;
      }
      return arr;
    }
    if (t === "Set") return Array.from(value as Set<unknown>);
    return Array.isArray(value) ? value : [value];
  }

  override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }

  override _validateType(value: unknown, options: ValidateOptions = {}): unknown {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    if (value.length < this.min) throw new Error(`cannot have fewer than ${this.min} elements`);
    if (value.length > this.max) throw new Error(`cannot have more than ${this.max} elements`);
    return this._validateElements(value, options);
  }

  _validateElements(
    value: unknown[],
    options: ValidateOptions,
  ): DataModelValidationFailure | undefined {
    const arrayFailure = new DataModelValidationFailure();
    for (let i = 0; i < value.length; i++) {
      const failure = this.element.validate(value[i], { ...options, partial: false });
      if (failure) {
        arrayFailure.elements.push({ id: i, failure });
        arrayFailure.unresolved ||= failure.unresolved;
      }
    }
    return arrayFailure.elements.length ? arrayFailure : undefined;
  }

  override _validateModel(changes: unknown, options: ValidateOptions = {}): void {
    if (!(this.element.constructor as typeof DataField).recursive) return;
    for (const element of changes as unknown[]) this.element._validateModel(element, options);
  }

  override initialize(value: unknown, model?: unknown, options: Obj = {}): unknown {
    if (!value) return value;
    return (value as unknown[]).map((v) => this.element.initialize(v, model, options));
  }

  override toObject(value: unknown): unknown {
    if (!value) return value;
    return (value as unknown[]).map((v) => this.element.toObject(v));
  }

  override _getField(path: string[]): DataField | undefined {
    if (path.length === 0) return this;
    if (path.shift() !== this.element.name) return undefined;
    return this.element._getField(path);
  }

  /** Applies `fn` to this field, then to each element (to one blank element with `initializeArrays`). */
  override apply(
    fn: string | ((this: DataField, value: unknown, options: Obj) => unknown),
    value: unknown = [],
    options: Obj = {},
  ): unknown {
    const f =
      typeof fn === "string"
        ? ((this as unknown as Obj)[fn] as ((v: unknown, o: Obj) => unknown) | undefined)
        : fn;
    f?.call(this, value, options);
    if (!Array.isArray(value)) return value;
    const values: unknown[] = !value.length && options.initializeArrays ? [undefined] : value;
    return values.map((v) => this.element.apply(fn, v, options));
  }
}

export class SetField extends ArrayField {
  override _validateElements(
    value: unknown[],
    options: ValidateOptions,
  ): DataModelValidationFailure | undefined {
    const setFailure = new DataModelValidationFailure();
    for (let i = value.length - 1; i >= 0; i--) {
      const failure = this.element.validate(value[i], options);
      if (!failure) continue;
      setFailure.elements.unshift({ id: i, failure });
      if (!failure.unresolved && failure.fallback) continue;
      if (options.fallback) {
        value.splice(i, 1);
        failure.dropped = true;
      } else setFailure.unresolved = true;
    }
    if (setFailure.elements.length) {
      if (options.fallback && !setFailure.unresolved) setFailure.fallback = value;
      return setFailure;
    }
    return undefined;
  }
  override initialize(value: unknown, model?: unknown, options: Obj = {}): unknown {
    if (!value) return value;
    return new Set(super.initialize(value, model, options) as unknown[]);
  }
  override toObject(value: unknown): unknown {
    if (!value) return value;
    return Array.from(value as Iterable<unknown>).map((v) => this.element.toObject(v));
  }
}

export class HTMLField extends StringField {
  static override get _defaults(): FieldOptions {
    return Object.assign(super._defaults, { required: true, blank: true });
  }
}

export class JSONField extends StringField {
  constructor(options?: FieldOptions, context?: { name?: string; parent?: DataField }) {
    super(options, context);
    this.blank = false;
    this.trim = false;
    this.choices = undefined;
  }
  static override get _defaults(): FieldOptions {
    return Object.assign(super._defaults, {
      blank: false,
      trim: false,
      initial: undefined,
      validationError: "is not a valid JSON string",
    });
  }
  override clean(value: unknown, options?: CleanOptions): unknown {
    if (value === "") return '""';
    return super.clean(value, options);
  }
  override _cast(value: unknown): unknown {
    if (typeof value !== "string" || !isJSON(value)) return JSON.stringify(value);
    return value;
  }
  override _validateType(value: unknown): unknown {
    if (typeof value !== "string" || !isJSON(value))
      throw new Error("must be a serialized JSON string");
    return undefined;
  }
  override initialize(value: unknown): unknown {
    if (value === undefined || value === null) return value;
    return JSON.parse(value as string);
  }
  override toObject(value: unknown): unknown {
    if (value === undefined || (this.nullable && value === null)) return value;
    return JSON.stringify(value);
  }
}

function isJSON(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

export class DocumentUUIDField extends StringField {
  declare type: string | undefined;
  declare embedded: boolean | undefined;
  static override get _defaults(): FieldOptions {
    return Object.assign(super._defaults, {
      required: true,
      blank: false,
      nullable: true,
      initial: null,
      type: undefined,
      embedded: undefined,
    });
  }
  override _validateType(value: unknown): unknown {
    const p = parseUuid(value as string);
    if (this.type) {
      if (p.type !== this.type)
        throw new Error(`Invalid document type "${p.type}" which must be a "${this.type}"`);
    } else if (p.type && !ALL_DOCUMENT_TYPES.includes(p.type))
      throw new Error(`Invalid document type "${p.type}"`);
    if (this.embedded === true && !p.embedded.length)
      throw new Error("must be an embedded document");
    if (this.embedded === false && p.embedded.length)
      throw new Error("may not be an embedded document");
    if (!isValidId(p.documentId)) throw new Error(`Invalid document ID "${p.documentId}"`);
    return undefined;
  }
}

/** The `system` field of a document: cleaned, validated and initialised by the subtype's data model. */
export class TypeDataField extends ObjectField {
  readonly documentName: string;
  static override recursive = true;

  constructor(documentName: string, options: FieldOptions = {}) {
    super(options);
    this.documentName = documentName;
  }

  getModelForType(type: unknown): typeof DataModel | null {
    if (!type) return null;
    const config = (
      globalThis as unknown as {
        CONFIG: Record<string, { dataModels?: Record<string, typeof DataModel> }>;
      }
    ).CONFIG;
    return config[this.documentName]?.dataModels?.[type as string] ?? null;
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (getType(initial) === "Object")
      return this._cleanType(initial, { partial: false, source: data as Obj });
    return initial;
  }

  override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    const v = typeof value === "object" && value !== null ? value : {};
    const cls = this.getModelForType(options.source?.type);
    if (cls) return cls.cleanData(v as Obj, { ...options, source: v as Obj });
    return v;
  }

  override _validateType(data: unknown, options: ValidateOptions = {}): unknown {
    const result = super._validateType(data);
    if (result !== undefined) return result;
    const cls = this.getModelForType(options.source?.type);
    return cls?.schema.validate(data, { ...options, source: data as Obj });
  }

  /** Runs the subtype model's migration on the `system` part of a document's candidate source. */
  migrateSource(sourceData: Obj, fieldData: unknown): void {
    if (getType(fieldData) !== "Object") return;
    this.getModelForType(sourceData.type)?.migrateDataSafe(fieldData as Obj);
  }

  override _validateModel(changes: unknown, options: ValidateOptions = {}): void {
    const cls = this.getModelForType(options.source?.type);
    cls?.validateJoint(changes as Obj);
  }

  override initialize(value: unknown, model?: unknown, options: Obj = {}): unknown {
    const cls = this.getModelForType((model as DataModel)._source.type);
    if (cls)
      return new (cls as unknown as new (data: unknown, options: Obj) => DataModel)(value, {
        parent: model,
        ...options,
      });
    return deepClone(value);
  }

  override toObject(value: unknown): unknown {
    const v = value as { toObject?: (source?: boolean) => unknown };
    return v.toObject instanceof Function ? v.toObject(false) : deepClone(value);
  }
}

// ── DataModel and TypeDataModel ──────────────────────────────────────────────────────────────

export interface ModelContext {
  parent?: DataModel | null;
  strict?: boolean;
  fallback?: boolean;
  dropInvalidEmbedded?: boolean;
  [key: string]: unknown;
}

export class DataModel {
  declare readonly parent: DataModel | null;
  declare readonly _source: Obj;
  #validationFailures: {
    fields: DataModelValidationFailure | null;
    joint: DataModelValidationFailure | null;
  } = {
    fields: null,
    joint: null,
  };

  static LOCALIZATION_PREFIXES: string[] = [];
  declare static _schema: SchemaField;

  constructor(data: unknown = {}, { parent = null, strict = true, ...options }: ModelContext = {}) {
    Object.defineProperty(this, "parent", {
      value: (() => {
        if (parent === null) return null;
        if (parent instanceof DataModel) return parent;
        throw new Error("The provided parent must be a DataModel instance");
      })(),
      writable: false,
      enumerable: false,
    });
    Object.defineProperty(this, "_source", {
      value: this._initializeSource(data, { strict, ...options }),
      writable: false,
      enumerable: false,
    });
    Object.seal(this._source);
    this._configure(options);
    const fallback = (options.fallback as boolean | undefined) ?? !strict;
    const dropInvalidEmbedded = (options.dropInvalidEmbedded as boolean | undefined) ?? !strict;
    this.validate({ strict, fallback, dropInvalidEmbedded, fields: true, joint: true });
    this._initialize({ strict, ...options });
  }

  _configure(_options: Obj = {}): void {}

  static defineSchema(): Record<string, DataField> {
    throw new Error(`The ${this.name} subclass of DataModel must define its Document schema`);
  }

  static get schema(): SchemaField {
    if (Object.prototype.hasOwnProperty.call(this, "_schema")) return this._schema;
    const schema = new SchemaField(Object.freeze(this.defineSchema()));
    Object.defineProperty(this, "_schema", { value: schema, writable: false });
    return schema;
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  get invalid(): boolean {
    return Object.values(this.#validationFailures).some((f) => f?.unresolved);
  }

  get validationFailures(): {
    fields: DataModelValidationFailure | null;
    joint: DataModelValidationFailure | null;
  } {
    return this.#validationFailures;
  }

  _initializeSource(data: unknown, _options: Obj = {}): Obj {
    let source = data instanceof DataModel ? data.toObject() : data;
    const cls = this.constructor as typeof DataModel;
    source = cls.migrateDataSafe(source as Obj);
    const dt = getType(source);
    if (dt !== "Object")
      throw new Error(`${cls.name} was incorrectly constructed with a ${dt} instead of an object.`);
    return cls.cleanData(source as Obj);
  }

  static cleanData(source: Obj = {}, options: CleanOptions = {}): Obj {
    return this.schema.clean(source, options) as Obj;
  }

  _initialize(options: Obj = {}): void {
    for (const [name, field] of this.schema.entries()) {
      const value = field.initialize(this._source[name], this, options);
      (this as unknown as Obj)[name] = value;
    }
  }

  reset(): void {
    this._initialize();
  }

  validate({
    changes,
    clean = false,
    fallback = false,
    dropInvalidEmbedded = false,
    strict = true,
    fields = true,
    joint,
  }: {
    changes?: Obj;
    clean?: boolean;
    fallback?: boolean;
    dropInvalidEmbedded?: boolean;
    strict?: boolean;
    fields?: boolean;
    joint?: boolean;
  } = {}): boolean {
    let source = changes ?? this._source;
    const isJoint = joint ?? !changes;
    const partial = !isJoint;
    if (partial && !clean) source = deepClone(source);
    const cls = this.constructor as typeof DataModel;
    if (clean) cls.cleanData(source, { partial });
    if (fields) {
      this.#validationFailures.fields = null;
      const failure = this.schema.validate(source, { partial, fallback, dropInvalidEmbedded }) as
        | DataModelValidationFailure
        | undefined;
      if (failure) {
        failure.message = `${cls.name} validation errors:`;
        this.#validationFailures.fields = failure;
        if (strict && failure.unresolved) throw failure.asError();
      }
    }
    if (isJoint) {
      this.#validationFailures.joint = null;
      try {
        this.schema._validateModel(source);
        cls.validateJoint(source);
      } catch (err) {
        const message = `${cls.name} Joint Validation Error:\n${(err as Error).message}`;
        const failure = new DataModelValidationFailure({ message, unresolved: true });
        this.#validationFailures.joint = failure;
        if (strict) throw failure.asError();
      }
    }
    return !this.invalid;
  }

  static validateJoint(_data: Obj): void {}

  /**
   * Applies a partial update to the source: the changes are cleaned (partial), merged into a
   * copy of the source, the copy is validated (fields and joint, strict) and only then
   * committed. Returns the applied changes. Foundry computes a finer diff; see the doc.
   */
  updateSource(changes: Obj = {}, options: { recursive?: boolean } = {}): Obj {
    const cls = this.constructor as typeof DataModel;
    const expanded = expandObject(deepClone(changes));
    cls.cleanData(expanded, { partial: true });
    const candidate = deepClone(this._source);
    if (options.recursive === false) Object.assign(candidate, expanded);
    else mergeObject(candidate, expanded, { insertKeys: false, performDeletions: true });
    const failure = this.schema.validate(candidate, {}) as DataModelValidationFailure | undefined;
    if (failure?.unresolved) {
      failure.message = `${cls.name} validation errors:`;
      throw failure.asError();
    }
    this.schema._validateModel(candidate);
    cls.validateJoint(candidate);
    for (const key of Object.keys(candidate)) this._source[key] = candidate[key];
    this._initialize();
    return expanded;
  }

  toObject(source = true): Obj {
    if (source) return deepClone(this._source);
    return this.schema.toObject(this) as Obj;
  }

  toJSON(): Obj {
    return this.toObject(false);
  }

  /** Migrates candidate source in place; the base class lets the schema's fields migrate theirs. */
  static migrateData(source: Obj): Obj {
    this.schema.migrateSource(source, source);
    return source;
  }

  static migrateDataSafe(source: Obj): Obj {
    try {
      this.migrateData(source);
    } catch (err) {
      (err as Error).message = `Failed data migration for ${this.name}: ${(err as Error).message}`;
      console.warn(err);
    }
    return source;
  }

  static fromSource(source: Obj, { strict = false, ...context }: ModelContext = {}): DataModel {
    return new (this as unknown as new (data: unknown, context: ModelContext) => DataModel)(
      source,
      { strict, ...context },
    );
  }
}

export class TypeDataModel extends DataModel {
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  /** v13: called by the document's `_preCreate`; false excludes the document. No-op here. */
  async _preCreate(_data: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
  /** v13: called by the document's `_preUpdate` with the (uncleaned) changes; false cancels. */
  async _preUpdate(_changes: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
}

// ── Localisation of model fields (Localization.localizeDataModel) ─────────────────────────────

/**
 * Foundry v13's `Localization.localizeDataModel(model)` (through `localizeSchema`): reads
 * `<prefix>.FIELDS` for each prefix (a later prefix replaces an earlier one key by key, at the
 * top level only), then walks the schema with `apply(…, {initializeArrays: true})`, so array
 * elements are reached too, and gives each field without a label the `label` (and `hint`)
 * found at its field path.
 */
export function localizeDataModel(model: {
  schema: SchemaField;
  LOCALIZATION_PREFIXES: string[];
}): void {
  const game = (globalThis as unknown as { game: StandInGame }).game;
  const rules: Obj = {};
  for (const prefix of model.LOCALIZATION_PREFIXES)
    Object.assign(rules, getProperty(game.i18n.translations, `${prefix}.FIELDS`) ?? {});
  const localize = function (this: DataField): void {
    const entry = getProperty(rules, this.fieldPath) as
      | { label?: unknown; hint?: unknown }
      | undefined;
    if (typeof entry?.label === "string") this.label ||= game.i18n.localize(entry.label);
    if (typeof entry?.hint === "string") this.hint ||= game.i18n.localize(entry.hint);
  };
  model.schema.apply(localize, {}, { initializeArrays: true });
}

/** Every field of a schema with its path (array elements appear as `element`). */
export function walkFields(schema: DataField, visit: (field: DataField) => void): void {
  visit(schema);
  if (schema instanceof SchemaField) for (const f of schema.values()) walkFields(f, visit);
  else if (schema instanceof ArrayField) walkFields(schema.element, visit);
}

// ── Documents ────────────────────────────────────────────────────────────────────────────────

export interface UpdateRecord {
  uuid: string;
  changes: Obj;
  options: Obj;
}

/** v13 CONST.PRIMARY_DOCUMENT_TYPES (fvtt-types `common/constants.d.mts`). */
export const PRIMARY_DOCUMENT_TYPES: readonly string[] = Object.freeze([
  "Actor",
  "Adventure",
  "Cards",
  "ChatMessage",
  "Combat",
  "FogExploration",
  "Folder",
  "Item",
  "JournalEntry",
  "Macro",
  "Playlist",
  "RollTable",
  "Scene",
  "Setting",
  "User",
]);
/** v13 CONST.WORLD_DOCUMENT_TYPES: the primary types but Adventure. */
export const WORLD_DOCUMENT_TYPES: readonly string[] = Object.freeze(
  PRIMARY_DOCUMENT_TYPES.filter((t) => t !== "Adventure"),
);
/** v13 `Document.metadata.preserveOnImport` (the default every document class keeps). */
const PRESERVE_ON_IMPORT = ["_id", "sort", "ownership", "folder"] as const;

/** v13 `foundry.utils.isNewerVersion` for dotted numeric versions ("13.345" > "13.341"). */
function isNewerVersion(v1: string, v0: string): boolean {
  const a = v1.split(".").map(Number);
  const b = v0.split(".").map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

/** Every document update made through the stand-in documents, in order (cleared on reset). */
export const updateLog: UpdateRecord[] = [];

/**
 * A small Document: `_id`, `name`, `type`, `system` (a TypeDataField resolved through
 * `CONFIG.<documentName>.dataModels`) and `flags`. Embedded items live in an `items`
 * Collection built from the `items` source array.
 */
export abstract class StandInDocument extends DataModel {
  static documentName = "";
  declare _id: string | null;
  declare name: string;
  declare type: string;
  declare system: DataModel & { prepareBaseData?: () => void; prepareDerivedData?: () => void };
  declare flags: Obj;
  /** The compendium this document belongs to, if any. */
  pack: string | null = null;
  /**
   * Permission of each user id (CONST.DOCUMENT_OWNERSHIP_LEVELS: 0 none, 1 limited, 2
   * observer, 3 owner) and `default`; a GM is always owner. Set by tests. An embedded
   * document uses its parent's, as in v13.
   */
  ownership: Record<string, number> = { default: 0 };

  /** v13 `Document.implementation`: the configured class (`CONFIG.<name>.documentClass`), else this. */
  static get implementation(): unknown {
    const config = (
      globalThis as unknown as { CONFIG: Record<string, { documentClass?: unknown }> }
    ).CONFIG;
    return config[this.documentName]?.documentClass ?? this;
  }

  /** The user's level: GMs 3; an embedded document's is its parent's; else by id or `default`. */
  getUserLevel(user: { id: string; isGM: boolean }): number {
    if (user.isGM) return 3;
    if (this.parent instanceof StandInDocument) return this.parent.getUserLevel(user);
    return this.ownership[user.id] ?? this.ownership.default ?? 0;
  }

  /** Foundry's `testUserPermission`: GMs pass; others by their level (or `default`). */
  testUserPermission(
    user: { id: string; isGM: boolean },
    permission: "NONE" | "LIMITED" | "OBSERVER" | "OWNER" | number,
    { exact = false }: { exact?: boolean } = {},
  ): boolean {
    const levels = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 };
    const wanted = typeof permission === "number" ? permission : levels[permission];
    const level = this.getUserLevel(user);
    return exact ? level === wanted : level >= wanted;
  }

  get isOwner(): boolean {
    const user = (globalThis as unknown as { game: StandInGame }).game.user;
    return this.testUserPermission(user, "OWNER");
  }

  #sheet: unknown = null;

  /**
   * v13 `sheet`: the document's sheet, built once from `CONFIG[documentName].sheetClasses` for
   * its type (the default registration, else the last), or null when none is registered.
   * Left out: the `core.sheetClass` flag and the base sheet.
   */
  get sheet(): unknown {
    if (this.#sheet) return this.#sheet;
    const CONFIG = (globalThis as unknown as { CONFIG: Record<string, Obj | undefined> }).CONFIG;
    const byType = CONFIG[this.documentName]?.sheetClasses as
      | Record<string, Record<string, { cls: new (o: Obj) => unknown; default?: boolean }>>
      | undefined;
    const classes = Object.values(byType?.[this.type ?? "base"] ?? {});
    const found = classes.find((c) => c.default) ?? classes[classes.length - 1];
    if (!found) return null;
    this.#sheet = new found.cls({ document: this });
    return this.#sheet;
  }

  /** v13 `limited`: the current user's level is exactly LIMITED. */
  get limited(): boolean {
    const user = (globalThis as unknown as { game: StandInGame }).game.user;
    return this.testUserPermission(user, "LIMITED", { exact: true });
  }

  /**
   * v13 `canUserModify(user, action)`: for these documents, OWNER (of the parent, when
   * embedded) to update or delete, and for an embedded document to create.
   */
  canUserModify(
    user: { id: string; isGM: boolean },
    action: "create" | "update" | "delete",
  ): boolean {
    // A world Actor or Item is created under the user's ACTOR_CREATE / ITEM_CREATE permission.
    if (action === "create" && !this.parent && WORLD_CREATED.has(this.documentName))
      return mayCreateWorld(this, user);
    return this.testUserPermission(user, 3); // CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER
  }

  /** The error the server sends back when `user` may not `action` this document. */
  permissionError(user: { name: string }, action: string): Error {
    const parent =
      this.parent instanceof StandInDocument
        ? ` in parent ${this.parent.documentName} [${this.parent.id}]`
        : "";
    return new Error(
      `User ${user.name} lacks permission to ${action} ${this.documentName} [${this.id}]${parent}`,
    );
  }

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new StringField({ required: true, blank: false, nullable: true, initial: null }),
      name: new StringField({ required: true, blank: false }),
      type: new StringField({ required: true, blank: false }),
      system: new TypeDataField(this.documentName),
      flags: new ObjectField(),
    };
  }

  get id(): string | null {
    return this._id;
  }

  get documentName(): string {
    return (this.constructor as typeof StandInDocument).documentName;
  }

  get isEmbedded(): boolean {
    return this.parent instanceof StandInDocument;
  }

  get uuid(): string {
    const own = `${this.documentName}.${this._id}`;
    if (this.parent instanceof StandInDocument) return `${this.parent.uuid}.${own}`;
    return this.pack ? `Compendium.${this.pack}.${own}` : own;
  }

  prepareData(): void {
    this.prepareBaseData();
    this.system?.prepareBaseData?.();
    this.prepareEmbeddedDocuments();
    this.prepareDerivedData();
    this.system?.prepareDerivedData?.();
  }
  prepareBaseData(): void {}
  prepareEmbeddedDocuments(): void {}
  prepareDerivedData(): void {}

  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags, `${scope}.${key}`);
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this | null> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }

  /**
   * Foundry's Document#_preUpdate: hands the update (expanded, not yet cleaned) to the system
   * data model's `_preUpdate`, which may change it in place or return false to cancel.
   */
  async _preUpdate(changes: Obj, options: Obj, user: unknown): Promise<boolean | void> {
    const system = this.system as unknown as {
      _preUpdate?: (c: Obj, o: Obj, u: unknown) => Promise<boolean | void>;
    };
    return system?._preUpdate?.(changes, options, user);
  }

  /** Foundry's Document#_preCreate: the system data model's `_preCreate` with the creation data. */
  async _preCreate(data: Obj, options: Obj, user: unknown): Promise<boolean | void> {
    const system = this.system as unknown as {
      _preCreate?: (d: Obj, o: Obj, u: unknown) => Promise<boolean | void>;
    };
    return system?._preCreate?.(data, options, user);
  }

  /**
   * v13 `apps`: the applications showing this document (a sheet adds itself on its first
   * render), re-rendered by `render` when the document or its embedded documents change.
   */
  apps: Record<string, { render(options?: Obj): unknown; close(options?: Obj): unknown }> = {};

  /**
   * v13 ClientDocumentMixin#render: every app of the document renders (`force` false: only
   * those already rendered), not awaited. The stand-in renders once per change, not once per
   * client: there is one set of apps in the process.
   */
  render(force = false, context: Obj = {}): void {
    for (const app of Object.values(this.apps)) app.render({ force, ...context });
  }

  /** v13 `Document.fromDropData`: the document the drag data names by `uuid`. */
  static async fromDropData(data: Obj): Promise<unknown> {
    const g = globalThis as unknown as { fromUuid?(uuid: string): Promise<unknown> };
    if (typeof data.uuid === "string" && g.fromUuid) return g.fromUuid(data.uuid);
    return null;
  }

  /**
   * Whether `changes` (expanded) would leave the stored source as it is, once cleaned and
   * merged as `updateSource` does. v13 diffs every update against the source first
   * (`updateSource(changes, {dryRun: true})` in the client's database backend) and drops one
   * that changes nothing: no `_preUpdate`, no hooks, no `_onUpdate`, no re-render. With
   * `diff: false` the update is written as given.
   */
  _changesNothing(changes: Obj, recursive?: boolean): boolean {
    const cls = this.constructor as typeof DataModel;
    const probe = expandObject(deepClone(changes));
    cls.cleanData(probe, { partial: true });
    const candidate = deepClone(this._source);
    if (recursive === false) Object.assign(candidate, probe);
    else mergeObject(candidate, probe, { insertKeys: false, performDeletions: true });
    return sameData(candidate, this._source);
  }

  /** v13 `_onCreate`/`_onUpdate`/`_onDelete`: run on every connected client; no-ops here. */
  _onCreate(_data: Obj, _options: Obj, _userId: string): void {}
  _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}
  _onDelete(_options: Obj, _userId: string): void {}

  /**
   * v13 `ClientDatabaseBackend#preUpdateDocumentArray`: "Migrate provided changes, including
   * document sub-type": the document's `type` is added to the changes (so the system model is
   * found), the document class's `migrateData` runs on them (a partial update passes through
   * every data model's `migrateData`), and the added type is taken out again.
   */
  _migrateChanges(changes: Obj): Obj {
    const addType = "type" in this._source && !("type" in changes);
    if (addType) changes.type = this._source.type;
    (this.constructor as typeof DataModel).migrateData(changes);
    if (addType) delete changes.type;
    return changes;
  }

  /**
   * `update`: an embedded document's update goes through its parent
   * (`updateEmbeddedDocuments`). Otherwise: the user must own the document (else the server's
   * "lacks permission" error), the changes are expanded, `_preUpdate` and the
   * `preUpdate<Document>` hook run on the updating client (false cancels: null is returned),
   * the changes are applied through `updateSource`, the document is prepared again, and
   * `_onUpdate` and the `update<Document>` hook run on every connected client.
   */
  async update(changes: Obj, options: Obj = {}): Promise<this | null> {
    if (this.parent instanceof StandInDocument) {
      const parent = this.parent;
      const done = await parent.updateEmbeddedDocuments(
        this.documentName,
        [{ ...changes, _id: this.id }],
        options,
      );
      return done.length ? this : null;
    }
    const user = (globalThis as unknown as { game: StandInGame }).game.user;
    if (!this.canUserModify(user, "update")) throw this.permissionError(user, "update");
    const expanded = this._migrateChanges(expandObject(deepClone(changes)));
    if (options.diff !== false && this._changesNothing(expanded, options.recursive as boolean))
      return null;
    if ((await this._preUpdate(expanded, options, user)) === false) return null;
    if (callHook(`preUpdate${this.documentName}`, this, expanded, options, user.id) === false)
      return null;
    updateLog.push({ uuid: this.uuid, changes: deepClone(expanded), options: { ...options } });
    this.updateSource(expanded, { recursive: options.recursive as boolean | undefined });
    this.prepareData();
    this._afterUpdate(expanded, options);
    broadcast(user, () => {
      this._onUpdate(expanded, options, user.id);
      callAllHooks(`update${this.documentName}`, this, expanded, options, user.id);
    });
    if (options.render !== false)
      this.render(false, { renderContext: `update${this.documentName}`, renderData: expanded });
    return this;
  }

  /**
   * `Document.create(data, {parent})`: builds the document from `data` (cleaned, validated
   * strictly), runs `_preCreate(data, …)` and the `preCreate<Document>` hook (false cancels:
   * undefined is returned), and prepares it. With an Actor parent, it is embedded through
   * `parent.createEmbeddedDocuments`. A world document is stored in its `game` collection
   * (`game.actors`, `game.items`, `game.messages`…) and `_onCreate` and the
   * `create<Document>` hook run on every connected client.
   */
  static async create<T extends StandInDocument>(
    this: new (data: Obj, context?: ModelContext) => T,
    data: DocumentInput | Obj,
    { parent = null, ...options }: Obj & { parent?: DataModel | null } = {},
  ): Promise<T | undefined> {
    const cls = this as unknown as typeof StandInDocument;
    if (parent instanceof StandInDocument) {
      const [doc] = await parent.createEmbeddedDocuments(cls.documentName, [data as Obj], options);
      return doc as unknown as T | undefined;
    }
    const user = (globalThis as unknown as { game: StandInGame }).game.user;
    const input = deepClone(data) as unknown as Obj;
    // v13: a given `_id` is kept only with `keepId` (else a new one is made); the server refuses
    // a world document whose id is taken.
    const given = { ...(data as Obj) };
    if (!options.keepId) delete given._id;
    else if (typeof given._id === "string" && cls.worldCollection()?.get(given._id))
      throw new Error(`The ${cls.documentName} id [${given._id}] already exists`);
    const doc = new this(cls._withIds(given, options), { parent });
    if ((await doc._preCreate(input, options, user)) === false) return undefined;
    if (callHook(`preCreate${cls.documentName}`, doc, input, options, user.id) === false)
      return undefined;
    if (!doc.canUserModify(user, "create")) throw doc.permissionError(user, "create");
    doc.prepareData();
    const collection = cls.worldCollection();
    if (collection && !parent) {
      collection.set(doc.id!, doc);
      broadcast(user, () => {
        doc._onCreate(input, options, user.id);
        callAllHooks(`create${cls.documentName}`, doc, options, user.id);
      });
    }
    return doc;
  }

  /** Assigns an `_id` (and a name when the schema has one) as the server would. */
  static _withIds(data: Obj, _options: Obj = {}): Obj {
    return withIds(data as unknown as DocumentInput);
  }

  /**
   * v13 `ClientDocumentMixin.fromImport(source, context)`: only primary documents
   * (CONST.PRIMARY_DOCUMENT_TYPES) may be imported; data from a newer core version
   * (`_stats.coreVersion` above `game.version`) is refused; then the document is built with
   * `fromSource(source, {strict: true, ...context})`: cleaned (a number clamped, an unknown
   * field dropped, as the data models do) and validated strictly, so data the fields cannot take
   * throws. Left out: the server's migration of data from an older core version (the socket's
   * `migrateDocumentData`): such data is built as given.
   */
  static async fromImport(source: Obj, context: ModelContext = {}): Promise<DataModel> {
    if (!PRIMARY_DOCUMENT_TYPES.includes(this.documentName))
      throw new Error("Only primary Documents may be imported");
    const stats = source._stats as { coreVersion?: unknown } | undefined;
    const core = typeof stats?.coreVersion === "string" ? stats.coreVersion : null;
    const running = (globalThis as unknown as { game: StandInGame }).game.version;
    if (core && isNewerVersion(core, running))
      throw new Error(
        "Documents from a core version newer than the running version cannot be imported",
      );
    return this.fromSource(source, { strict: true, ...context });
  }

  /**
   * v13 `ClientDocumentMixin#importFromJSON(json)`: only world documents
   * (CONST.WORLD_DOCUMENT_TYPES); the text is parsed (`JSON.parse`: text that is not JSON
   * throws); a document is built from it with `fromImport` (strict: a value its fields refuse
   * throws, a value cleaning can fix is fixed silently, an unknown field is dropped silently);
   * its data, as `WorldCollection#fromCompendium` gives it (`toObject()` without its `_id`),
   * loses the fields of `metadata.preserveOnImport` (`_id`, `sort`, `ownership`, `folder`: the
   * destination's stay), and is written as one update `{diff: false, recursive: false, noHook:
   * true}` (every top-level field replaced: an Actor's items by the imported ones). Then
   * `ui.notifications.info("DOCUMENT.Imported", {format: {document, name}})`; it returns the
   * document. `noHook` is passed on, not acted on.
   */
  async importFromJSON(json: string): Promise<this> {
    const cls = this.constructor as typeof StandInDocument;
    if (!WORLD_DOCUMENT_TYPES.includes(cls.documentName))
      throw new Error("Only world Documents may be imported");
    const parsed = JSON.parse(json) as Obj;
    const doc = (await cls.fromImport(parsed)) as StandInDocument;
    const data = doc.toObject() as unknown as Obj;
    delete data._id; // fromCompendium without keepId
    for (const k of PRESERVE_ON_IMPORT) delete data[k];
    await this.update(data, { diff: false, recursive: false, noHook: true });
    const ui = (
      globalThis as unknown as { ui: { notifications: { info: (...a: unknown[]) => void } } }
    ).ui;
    ui.notifications.info("DOCUMENT.Imported", {
      format: { document: cls.documentName, name: this.name },
    });
    return this;
  }

  /**
   * The `game` collection world documents of this class are stored in by `create`, or null.
   * Actors and Items are stored in `game.actors`/`game.items` (tests may also fill them).
   */
  static worldCollection(): Collection<unknown> | null {
    return null;
  }

  /**
   * `delete()`: an embedded document is deleted through its parent; a world document must be
   * owned, then it leaves its collection and `_onDelete` and `delete<Document>` run on every
   * client.
   */
  async delete(options: Obj = {}): Promise<this | undefined> {
    if (this.parent instanceof StandInDocument) {
      const [done] = await this.parent.deleteEmbeddedDocuments(
        this.documentName,
        [this.id!],
        options,
      );
      return done ? this : undefined;
    }
    const user = (globalThis as unknown as { game: StandInGame }).game.user;
    if (!this.canUserModify(user, "delete")) throw this.permissionError(user, "delete");
    if (callHook(`preDelete${this.documentName}`, this, options, user.id) === false)
      return undefined;
    (this.constructor as typeof StandInDocument).worldCollection()?.delete(this.id!);
    broadcast(user, () => {
      this._onDelete(options, user.id);
      callAllHooks(`delete${this.documentName}`, this, options, user.id);
    });
    for (const app of Object.values(this.apps)) app.close({ submit: false });
    return this;
  }

  /**
   * The embedded collections: `{cls, collection, key}` for an embedded document name (the
   * class, the live Collection and the source array's key). None by default.
   */
  _embedded(name: string): {
    cls: typeof StandInDocument;
    collection: Collection<StandInDocument>;
    key: string;
  } {
    throw new Error(`Stand-in ${this.documentName} embeds no ${name}`);
  }

  /** Stand-in only: shared work after embedded documents changed (once, before the broadcast). */
  _onEmbeddedChange(
    _action: string,
    _name: string,
    _docs: StandInDocument[],
    _options: Obj,
  ): void {}

  /** Stand-in only: shared work after an update was applied (once, before the broadcast). */
  _afterUpdate(_changes: Obj, _options: Obj): void {}

  /**
   * v13 `createEmbeddedDocuments("Item" | "ActiveEffect", data[], {keepId})`: the user must own
   * the actor; each document is built strictly (data its fields cannot take throws), given a new
   * `_id` unless `keepId`, passed through its `_preCreate` (the system model's) and the
   * `preCreate<Document>` hook (false leaves it out); then the created ones are added to the
   * actor, which is prepared again, and `create<Document>` runs on every client. Returns the
   * created documents. Each creation is recorded in `createLog`.
   */
  async createEmbeddedDocuments(
    embeddedName: string,
    data: Obj[],
    options: Obj = {},
  ): Promise<StandInDocument[]> {
    const { cls, collection, key } = this._embedded(embeddedName);
    const user = (globalThis as unknown as { game: StandInGame }).game.user;
    const created: StandInDocument[] = [];
    for (const raw of data) {
      const input = deepClone(raw);
      const source = (cls as unknown as typeof StandInDocument)._withIds(input, options);
      if (!options.keepId || !raw._id) source._id = randomID();
      const doc = new (cls as unknown as new (d: Obj, c: ModelContext) => StandInDocument)(source, {
        parent: this,
      });
      if (!doc.canUserModify(user, "create")) throw doc.permissionError(user, "create");
      if ((await doc._preCreate(input, options, user)) === false) continue;
      if (callHook(`preCreate${embeddedName}`, doc, input, options, user.id) === false) continue;
      created.push(doc);
    }
    for (const doc of created) {
      (this._source[key] as Obj[]).push(doc.toObject());
      collection.set(doc.id!, doc);
      createLog.push({ uuid: doc.uuid, data: doc.toObject(), options: { ...options } });
    }
    this.prepareData();
    this._onEmbeddedChange("create", embeddedName, created, options);
    broadcast(user, () => {
      for (const doc of created) {
        doc._onCreate(doc.toObject(), options, user.id);
        callAllHooks(`create${embeddedName}`, doc, options, user.id);
      }
    });
    this.#renderAfterEmbedded("create", embeddedName, created, options);
    return created;
  }

  /** v13 `deleteEmbeddedDocuments`: owner only; unknown ids throw; `delete<Document>` on every client. */
  async deleteEmbeddedDocuments(
    embeddedName: string,
    ids: string[],
    options: Obj = {},
  ): Promise<StandInDocument[]> {
    const { collection, key } = this._embedded(embeddedName);
    const user = (globalThis as unknown as { game: StandInGame }).game.user;
    const deleted: StandInDocument[] = [];
    for (const id of ids) {
      const doc = collection.get(id);
      if (!doc)
        throw new Error(`${embeddedName} id [${id}] does not exist in the ${key} collection.`);
      if (!doc.canUserModify(user, "delete")) throw doc.permissionError(user, "delete");
      if (callHook(`preDelete${embeddedName}`, doc, options, user.id) === false) continue;
      deleted.push(doc);
    }
    for (const doc of deleted) {
      collection.delete(doc.id!);
      const list = this._source[key] as Obj[];
      const i = list.findIndex((r) => r._id === doc.id);
      if (i >= 0) list.splice(i, 1);
      deleteLog.push({ uuid: doc.uuid, options: { ...options } });
    }
    this.prepareData();
    this._onEmbeddedChange("delete", embeddedName, deleted, options);
    broadcast(user, () => {
      for (const doc of deleted) {
        doc._onDelete(options, user.id);
        callAllHooks(`delete${embeddedName}`, doc, options, user.id);
      }
    });
    for (const doc of deleted)
      for (const app of Object.values(doc.apps)) app.close({ submit: false });
    this.#renderAfterEmbedded("delete", embeddedName, deleted, options);
    return deleted;
  }

  async updateEmbeddedDocuments(
    embeddedName: string,
    updates: Obj[],
    options: Obj = {},
  ): Promise<StandInDocument[]> {
    const { collection, key } = this._embedded(embeddedName);
    const user = (globalThis as unknown as { game: StandInGame }).game.user;
    const done: StandInDocument[] = [];
    const applied: Obj[] = [];
    for (const update of updates) {
      const doc = collection.get(update._id as string);
      if (!doc) throw new Error(`No ${embeddedName} ${String(update._id)} in ${this.uuid}`);
      if (!doc.canUserModify(user, "update")) throw doc.permissionError(user, "update");
      const { _id, ...given } = update;
      const changes = doc._migrateChanges(expandObject(deepClone(given)));
      if (options.diff !== false && doc._changesNothing(changes, options.recursive as boolean))
        continue;
      if ((await doc._preUpdate(changes, options, user)) === false) continue;
      if (callHook(`preUpdate${embeddedName}`, doc, changes, options, user.id) === false) continue;
      updateLog.push({ uuid: doc.uuid, changes: deepClone(changes), options: { ...options } });
      doc.updateSource(changes, { recursive: options.recursive as boolean | undefined });
      const raw = (this._source[key] as Obj[]).find((i) => i._id === _id);
      if (raw) Object.assign(raw, doc.toObject());
      done.push(doc);
      applied.push(changes);
    }
    this.prepareData();
    this._onEmbeddedChange("update", embeddedName, done, options);
    broadcast(user, () => {
      done.forEach((doc, i) => {
        doc._onUpdate(applied[i]!, options, user.id);
        callAllHooks(`update${embeddedName}`, doc, applied[i], options, user.id);
      });
    });
    if (options.render !== false)
      done.forEach((doc, i) =>
        doc.render(false, { renderContext: `update${embeddedName}`, renderData: applied[i] }),
      );
    this.#renderAfterEmbedded("update", embeddedName, done, options);
    return done;
  }

  /**
   * v13 `_on<Action>DescendantDocuments`: the parent's apps render after its embedded
   * documents were created, updated or deleted (unless `render: false`).
   */
  #renderAfterEmbedded(
    action: string,
    embeddedName: string,
    docs: StandInDocument[],
    options: Obj,
  ): void {
    if (!docs.length || options.render === false) return;
    this.render(false, { renderContext: `${action}${embeddedName}`, renderData: docs });
  }
}

/** Deep equality of plain data (key order ignored), for telling an update that changes nothing. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameData(v, b[i]));
  }
  if (a instanceof Set && b instanceof Set) return sameData([...a].sort(), [...b].sort());
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object")
    return Number.isNaN(a) && Number.isNaN(b);
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => k in b && sameData((a as Obj)[k], (b as Obj)[k]));
}

// Hooks and client broadcast, reached through the globals so that a test's Hooks are used.
type HooksLike = {
  call(hook: string, ...args: unknown[]): boolean;
  callAll(hook: string, ...args: unknown[]): true;
};
function hooks(): HooksLike {
  return (globalThis as unknown as { Hooks: HooksLike }).Hooks;
}
export function callHook(hook: string, ...args: unknown[]): boolean {
  return hooks().call(hook, ...args);
}
export function callAllHooks(hook: string, ...args: unknown[]): void {
  hooks().callAll(hook, ...args);
}
/** Runs `fn` on each connected client (`onEveryClient`), the changing user's first. */
export function broadcast(origin: StandInUser, fn: (user: StandInUser) => void): void {
  onEveryClient(origin, fn);
}

/**
 * v13: creating a world Actor or Item needs the ACTOR_CREATE or ITEM_CREATE permission (assistant
 * and GM by default); an embedded one needs its parent's OWNER.
 */
const WORLD_CREATED: ReadonlySet<string> = new Set(["Actor", "Item"]);

function mayCreateWorld(doc: StandInDocument, user: { id: string; isGM: boolean }): boolean {
  const permission = doc.documentName === "Actor" ? "ACTOR_CREATE" : "ITEM_CREATE";
  return (user as { hasPermission?(p: string): boolean }).hasPermission?.(permission) === true;
}

export class StandInItem extends StandInDocument {
  static override documentName = "Item";

  static override worldCollection(): Collection<unknown> {
    return (globalThis as unknown as { game: StandInGame }).game.items;
  }

  /** v13 `Item#actor`: the owning Actor, or null. */
  get actor(): StandInActor | null {
    return this.parent instanceof StandInActor ? this.parent : null;
  }
}

/**
 * v13 ActiveEffect (the part statuses need): `_id`, `name`, `img`, `type` ("base"), `system`,
 * `changes` (stored, not applied), `disabled`, `transfer`, `statuses` (a Set), `origin`,
 * `flags`; `active` is `!disabled`.
 */
export class StandInActiveEffect extends StandInDocument {
  static override documentName = "ActiveEffect";
  declare img: string | null;
  declare statuses: Set<string>;
  declare disabled: boolean;
  declare transfer: boolean;
  declare origin: string | null;
  declare changes: Obj[];

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new StringField({ required: true, blank: false, nullable: true, initial: null }),
      name: new StringField({ required: true, blank: false }),
      img: new StringField({ required: false, nullable: true, initial: null }),
      type: new StringField({ required: true, blank: false, initial: "base" }),
      system: new TypeDataField("ActiveEffect"),
      changes: new ArrayField(new ObjectField()),
      disabled: new BooleanField(),
      transfer: new BooleanField({ initial: true }),
      statuses: new SetField(new StringField({ required: true, blank: false })),
      origin: new StringField({ required: false, nullable: true, initial: null }),
      flags: new ObjectField(),
    };
  }

  /** v13: not disabled and not suppressed (nothing suppresses here). */
  get active(): boolean {
    return !this.disabled;
  }

  /**
   * v13 `ActiveEffect.fromStatusEffect(statusId)`: an unsaved effect from
   * `CONFIG.statusEffects` (name localised, `statuses: [id, …]`, the status's `_id` kept).
   */
  static async fromStatusEffect(statusId: string): Promise<StandInActiveEffect> {
    const config = (globalThis as unknown as { CONFIG: { statusEffects: Obj[] } }).CONFIG;
    const status = config.statusEffects.find((e) => e.id === statusId);
    if (!status)
      throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
    const data = deepClone(status);
    const id = data.id;
    delete data.id;
    delete data.hud;
    const game = (globalThis as unknown as { game: StandInGame }).game;
    data.name = game.i18n.localize(String(data.name));
    data.statuses = Array.from(new Set([id, ...((data.statuses as unknown[]) ?? [])]));
    if ((data.statuses as unknown[]).length > 1 && !("_id" in data))
      throw new Error("Status effects with implicit statuses must have a static _id");
    return new StandInActiveEffect(data);
  }
}

export class StandInActor extends StandInDocument {
  static override documentName = "Actor";
  declare items: Collection<StandInItem>;
  declare effects: Collection<StandInActiveEffect>;
  /** v13: the statuses applied by active effects (rebuilt by `applyActiveEffects`). */
  statuses: Set<string> = new Set();

  static override worldCollection(): Collection<unknown> {
    return (globalThis as unknown as { game: StandInGame }).game.actors;
  }

  static override defineSchema(): Record<string, DataField> {
    return {
      ...super.defineSchema(),
      items: new ArrayField(new ObjectField()),
      effects: new ArrayField(new ObjectField()),
    };
  }

  /**
   * v13: an Actor update may carry changes to its embedded items (`items: [{_id, …}]`, matched
   * by id; items not named are kept). It is one database operation: every item's changes are
   * validated (on a copy) before anything is written, then the actor's own update runs (and may
   * throw: nothing is written), then the items' changes are committed. Each item's changes pass
   * through its data model's `migrateData`; its `_preUpdate` and hooks are left out.
   */
  override async update(changes: Obj, options: Obj = {}): Promise<this | null> {
    const expanded = expandObject(deepClone(changes));
    const itemChanges = expanded.items;
    if (this.parent instanceof StandInDocument || !Array.isArray(itemChanges))
      return super.update(changes, options);
    const recursive = options.recursive as boolean | undefined;
    if (recursive === false) {
      // v13: a non-recursive update replaces each top-level field it names, the embedded items
      // too (importFromJSON relies on it). Each item is built strictly first: one the Item
      // model refuses refuses the whole update.
      expanded.items = (itemChanges as Obj[]).map((raw) => {
        const source = deepClone(raw);
        source._id ??= randomID(); // a new embedded document gets an id, as on creation
        return new StandInItem(source, { parent: this }).toObject();
      });
      return super.update(expanded, options);
    }
    delete expanded.items;
    const staged = (itemChanges as Obj[]).map((update) => {
      const item = this.items.get(update._id as string);
      if (!item) throw new Error(`No Item ${String(update._id)} in ${this.uuid}`);
      const { _id, ...given } = update;
      const itemChangesOne = item._migrateChanges(expandObject(deepClone(given)));
      const probe = new StandInItem(deepClone(item._source), { parent: this });
      probe.updateSource(deepClone(itemChangesOne), { recursive });
      return { changes: itemChangesOne, id: _id };
    });
    const done = await super.update(expanded, options);
    if (!done) return null;
    // The actor's update rebuilt its items from its source: commit to the current ones.
    for (const { changes: c, id } of staged) {
      const item = this.items.get(id as string)!;
      updateLog.push({ uuid: item.uuid, changes: deepClone(c), options: { ...options } });
      item.updateSource(c, { recursive });
      const raw = (this._source.items as Obj[]).find((i) => i._id === id);
      if (raw) Object.assign(raw, item.toObject());
    }
    this._initialize();
    this.prepareData();
    return this;
  }

  override _initialize(options: Obj = {}): void {
    super._initialize(options);
    const items = new Collection<StandInItem>();
    for (const raw of this._source.items as Obj[]) {
      const item = new StandInItem(deepClone(raw), { parent: this });
      items.set(item.id ?? randomID(), item);
    }
    this.items = items;
    const effects = new Collection<StandInActiveEffect>();
    for (const raw of (this._source.effects as Obj[] | undefined) ?? []) {
      const effect = new StandInActiveEffect(deepClone(raw), { parent: this });
      effects.set(effect.id ?? randomID(), effect);
    }
    this.effects = effects;
  }

  override prepareEmbeddedDocuments(): void {
    for (const item of this.items.values()) item.prepareData();
    for (const effect of this.effects.values()) effect.prepareData();
    this.applyActiveEffects();
  }

  /** v13: rebuilds `statuses` from the active effects (effect `changes` are not applied). */
  applyActiveEffects(): void {
    this.statuses ??= new Set();
    this.statuses.clear();
    for (const effect of this.effects.values())
      if (effect.active) for (const id of effect.statuses) this.statuses.add(id);
  }

  override _embedded(name: string): {
    cls: typeof StandInDocument;
    collection: Collection<StandInDocument>;
    key: string;
  } {
    if (name === "Item")
      return {
        cls: StandInItem,
        collection: this.items as Collection<StandInDocument>,
        key: "items",
      };
    if (name === "ActiveEffect")
      return {
        cls: StandInActiveEffect,
        collection: this.effects as Collection<StandInDocument>,
        key: "effects",
      };
    throw new Error(`Stand-in actors embed only Items and ActiveEffects, not ${name}`);
  }

  /** v13 `getRollData()`: the system data. */
  getRollData(): Obj {
    return this.system as unknown as Obj;
  }

  /** v13 `Actor#inCombat`: a combatant of the active combat represents it. */
  get inCombat(): boolean {
    const combat = (
      globalThis as unknown as {
        game: { combat?: { getCombatantsByActor(a: unknown): unknown[] } | null };
      }
    ).game.combat;
    return Boolean(combat?.getCombatantsByActor(this).length);
  }

  /**
   * The TokenDocument of a synthetic actor (an unlinked token's, made by canvas.ts from the
   * world actor); null for a world actor.
   */
  _token: { uuid: string; id: string; object?: unknown; parent?: unknown } | null = null;

  /** v13 `Actor#isToken`: a synthetic token actor. */
  get isToken(): boolean {
    return this._token !== null;
  }

  /** v13 `Actor#token`: the synthetic actor's TokenDocument; null for a world actor. */
  get token(): { uuid: string; id: string; object?: unknown; parent?: unknown } | null {
    return this._token;
  }

  /** A synthetic actor's UUID is its token's: `Scene.<sid>.Token.<tid>.Actor.<id>`. */
  override get uuid(): string {
    return this._token ? `${this._token.uuid}.Actor.${this._id}` : super.uuid;
  }

  /** A synthetic actor has its world actor's ownership (the stand-in keeps no delta of it). */
  override getUserLevel(user: { id: string; isGM: boolean }): number {
    if (this._token && !user.isGM) {
      const game = (globalThis as unknown as { game: StandInGame }).game;
      const base = game.actors.get(this._id ?? "") as StandInActor | undefined;
      if (base && base !== this) return base.getUserLevel(user);
    }
    return super.getUserLevel(user);
  }

  /**
   * v13 `getActiveTokens(linked, document)`: the tokens of the canvas scene that represent this
   * actor (a synthetic actor: its own token; a world actor: every token of it, only linked
   * ones with `linked`), as Token placeables, or TokenDocuments with `document`; empty
   * without a canvas.
   */
  getActiveTokens(linked = false, document = false): unknown[] {
    const canvas = (
      globalThis as unknown as {
        canvas?: {
          ready?: boolean;
          scene?: {
            tokens: Collection<{
              id: string;
              actorId: string | null;
              actorLink: boolean;
              object: unknown;
            }>;
          };
        };
      }
    ).canvas;
    if (!canvas?.ready || !canvas.scene) return [];
    const docs = this._token
      ? canvas.scene.tokens.filter((t) => t.id === this._token!.id)
      : canvas.scene.tokens.filter((t) => t.actorId === this.id && (!linked || t.actorLink));
    return document ? docs : docs.map((t) => t.object);
  }

  /**
   * v13 `toggleStatusEffect(statusId, {active, overlay})`: an unknown id throws; existing
   * single-status effects for it (or the status's static `_id`) are deleted (false) unless
   * `active` (true); otherwise, unless `active === false` (undefined), a new effect from
   * `ActiveEffect.fromStatusEffect` is created (returned).
   */
  async toggleStatusEffect(
    statusId: string,
    { active, overlay = false }: { active?: boolean; overlay?: boolean } = {},
  ): Promise<StandInActiveEffect | boolean | undefined> {
    const config = (globalThis as unknown as { CONFIG: { statusEffects: Obj[] } }).CONFIG;
    const status = config.statusEffects.find((e) => e.id === statusId);
    if (!status)
      throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing: string[] = [];
    if (status._id) {
      const effect = this.effects.get(status._id as string);
      if (effect) existing.push(effect.id!);
    } else {
      for (const effect of this.effects.values())
        if (effect.statuses.size === 1 && effect.statuses.has(statusId)) existing.push(effect.id!);
    }
    if (existing.length) {
      if (active) return true;
      await this.deleteEmbeddedDocuments("ActiveEffect", existing);
      return false;
    }
    if (!active && active !== undefined) return undefined;
    const effect = await StandInActiveEffect.fromStatusEffect(statusId);
    if (overlay) effect.updateSource({ flags: { core: { overlay: true } } });
    const [created] = await this.createEmbeddedDocuments("ActiveEffect", [effect.toObject()], {
      keepId: true,
    });
    return created as StandInActiveEffect | undefined;
  }
}

/** Every embedded creation made through `createEmbeddedDocuments` (cleared on reset). */
export const createLog: { uuid: string; data: Obj; options: Obj }[] = [];
/** Every embedded deletion made through `deleteEmbeddedDocuments` (cleared on reset). */
export const deleteLog: { uuid: string; options: Obj }[] = [];

export interface DocumentInput {
  _id?: string;
  name?: string;
  type: string;
  system?: Obj;
  items?: DocumentInput[];
  effects?: Obj[];
  /** Not stored: `makeActor`/`makeItem` copy it onto the document's `ownership`. */
  ownership?: Record<string, number>;
}

function withIds(input: DocumentInput): Obj {
  const out: Obj = { ...deepClone(input) };
  delete out.ownership;
  out._id ??= randomID();
  out.name ??= `${input.type} ${String(out._id)}`;
  if (input.items) out.items = input.items.map((i) => withIds(i));
  return out;
}

/** Builds a prepared stand-in Item (its `system` is the registered data model for its type). */
export function makeItem(input: DocumentInput, context: ModelContext = {}): StandInItem {
  const item = new StandInItem(withIds(input), context);
  if (input.ownership) item.ownership = { ...input.ownership };
  item.prepareData();
  return item;
}

/** Builds a prepared stand-in Actor with embedded items, running prepareData in Foundry's order. */
export function makeActor(input: DocumentInput, context: ModelContext = {}): StandInActor {
  const actor = new StandInActor(withIds({ items: [], ...input }), context);
  if (input.ownership) actor.ownership = { ...input.ownership };
  actor.prepareData();
  return actor;
}

/** A compendium pack holding raw sources; `getIndex` returns raw (unmigrated) fields. */
export class StandInCompendium {
  readonly metadata: {
    id: string;
    label: string;
    type: string;
    packageType: string;
    packageName: string;
    system?: string;
  };
  locked: boolean;
  readonly sources: Obj[];

  constructor({
    id,
    documentName,
    locked = true,
    packageType = "world",
    sources = [],
  }: {
    id: string;
    documentName: "Actor" | "Item";
    locked?: boolean;
    packageType?: string;
    sources?: DocumentInput[];
  }) {
    this.metadata = {
      id,
      label: id,
      type: documentName,
      packageType,
      packageName: id.split(".")[0]!,
    };
    this.locked = locked;
    this.sources = sources.map((s) => withIds(s));
  }

  get collection(): string {
    return this.metadata.id;
  }
  get documentName(): string {
    return this.metadata.type;
  }

  async getIndex({ fields = [] }: { fields?: string[] } = {}): Promise<Collection<Obj>> {
    const index = new Collection<Obj>();
    for (const s of this.sources) {
      const entry: Obj = {
        _id: s._id,
        name: s.name,
        type: s.type,
        uuid: `Compendium.${this.collection}.${this.documentName}.${String(s._id)}`,
      };
      for (const f of fields) {
        const value = getProperty(s, f);
        if (value !== undefined) setProperty(entry, f, deepClone(value));
      }
      index.set(s._id as string, entry);
    }
    return index;
  }

  async getDocument(id: string): Promise<StandInDocument | undefined> {
    const source = this.sources.find((s) => s._id === id);
    if (!source) return undefined;
    const doc: StandInDocument =
      this.documentName === "Actor"
        ? new StandInActor(deepClone(source))
        : new StandInItem(deepClone(source));
    doc.pack = this.collection;
    doc.prepareData();
    // Writes through to the pack's stored sources, as the server would.
    const original = doc.update.bind(doc);
    doc.update = async (changes: Obj, options: Obj = {}) => {
      if (this.locked)
        throw new Error(`You may not modify the locked compendium ${this.collection}`);
      await original(changes, options);
      Object.assign(source, doc.toObject());
      return doc;
    };
    if (doc instanceof StandInActor) {
      const embedded = doc.updateEmbeddedDocuments.bind(doc);
      doc.updateEmbeddedDocuments = async (name: string, updates: Obj[], options: Obj = {}) => {
        if (this.locked)
          throw new Error(`You may not modify the locked compendium ${this.collection}`);
        const done = await embedded(name, updates, options);
        Object.assign(source, doc.toObject());
        return done;
      };
    }
    return doc;
  }

  async getDocuments(): Promise<StandInDocument[]> {
    const docs: StandInDocument[] = [];
    for (const s of this.sources) {
      const doc = await this.getDocument(s._id as string);
      if (doc) docs.push(doc);
    }
    return docs;
  }
}

// ── Installation ─────────────────────────────────────────────────────────────────────────────

const fields = {
  DataField,
  SchemaField,
  BooleanField,
  NumberField,
  StringField,
  ObjectField,
  ArrayField,
  SetField,
  HTMLField,
  JSONField,
  DocumentUUIDField,
  TypeDataField,
};

const g = globalThis as unknown as {
  foundry: Obj & { data?: Obj; abstract?: Obj; documents?: Obj };
};
g.foundry.data = {
  fields,
  validation: { DataModelValidationFailure, DataModelValidationError },
};
g.foundry.abstract = { DataModel, TypeDataModel };
g.foundry.documents = {
  ...((g.foundry.documents as Obj | undefined) ?? {}),
  Actor: StandInActor,
  Item: StandInItem,
  ActiveEffect: StandInActiveEffect,
};
// The global document classes (`Actor`, `Item`) that sheet registration names; Foundry's are the
// configured document classes, these are the stand-in documents above.
Object.assign(globalThis, {
  Actor: StandInActor,
  Item: StandInItem,
  ActiveEffect: StandInActiveEffect,
});

function installDocumentConfig(): void {
  const config = (globalThis as unknown as { CONFIG: Record<string, Obj | undefined> }).CONFIG;
  config.Actor!.documentClass = StandInActor;
  config.Item!.documentClass = StandInItem;
  config.ActiveEffect ??= { dataModels: {}, typeLabels: {} };
  config.ActiveEffect.documentClass = StandInActiveEffect;
  config.ActiveEffect.legacyTransferral = false;
}
installDocumentConfig();

onReset(() => {
  updateLog.length = 0;
  createLog.length = 0;
  deleteLog.length = 0;
  installDocumentConfig();
});
