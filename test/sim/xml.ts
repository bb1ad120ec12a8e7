/**
 * A strict XML parser for the tests' SVG (no DOM in Node): elements, attributes, text, entity
 * references; anything not well-formed throws with its offset (an unclosed or mismatched tag, a
 * raw `<` or `&` in text or an attribute, an unquoted or repeated attribute, an unknown entity,
 * text outside the root). No DTD, CDATA or processing instructions beyond the `<?xml ?>` prolog.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded), its children's excluded. */
  text: string;
}

const NAME = /[A-Za-z_:][\w:.-]*/y;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function parseXml(source: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(
      `not well-formed XML at ${i}: ${why} (${JSON.stringify(source.slice(i, i + 30))})`,
    );
  };
  const skipSpace = () => {
    while (i < source.length && /\s/.test(source[i]!)) i++;
  };
  const name = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(source);
    if (!m) fail("expected a name");
    i += m![0].length;
    return m![0];
  };
  const decode = (raw: string, where: string): string =>
    raw.replace(/&([^;&<]*);?/g, (whole, ref: string) => {
      if (!whole.endsWith(";")) fail(`a raw & in ${where}`);
      if (/^#\d+$/.test(ref)) return String.fromCodePoint(Number(ref.slice(1)));
      if (/^#x[0-9a-fA-F]+$/.test(ref)) return String.fromCodePoint(parseInt(ref.slice(2), 16));
      if (!(ref in ENTITIES)) fail(`unknown entity &${ref}; in ${where}`);
      return ENTITIES[ref]!;
    });
  const element = (): XmlElement => {
    if (source[i] !== "<") fail("expected <");
    i++;
    const el: XmlElement = { name: name(), attrs: {}, children: [], text: "" };
    for (;;) {
      const before = i;
      skipSpace();
      if (source.startsWith("/>", i)) {
        i += 2;
        return el;
      }
      if (source[i] === ">") {
        i++;
        break;
      }
      if (i === before) fail("expected a space before an attribute");
      const key = name();
      if (key in el.attrs) fail(`attribute ${key} repeated`);
      skipSpace();
      if (source[i] !== "=") fail("expected =");
      i++;
      skipSpace();
      const quote = source[i];
      if (quote !== '"' && quote !== "'") fail("expected a quoted value");
      const end = source.indexOf(quote!, i + 1);
      if (end < 0) fail("unterminated attribute value");
      const raw = source.slice(i + 1, end);
      if (raw.includes("<")) fail(`a raw < in attribute ${key}`);
      el.attrs[key] = decode(raw, `attribute ${key}`);
      i = end + 1;
    }
    for (;;) {
      const lt = source.indexOf("<", i);
      if (lt < 0) fail(`<${el.name}> is not closed`);
      el.text += decode(source.slice(i, lt), `the text of <${el.name}>`);
      i = lt;
      if (source.startsWith("</", i)) {
        i += 2;
        const closing = name();
        if (closing !== el.name) fail(`</${closing}> closes <${el.name}>`);
        skipSpace();
        if (source[i] !== ">") fail("expected >");
        i++;
        return el;
      }
      if (source.startsWith("<!--", i)) {
        const end = source.indexOf("-->", i + 4);
        if (end < 0) fail("unterminated comment");
        i = end + 3;
        continue;
      }
      el.children.push(element());
    }
  };
  if (source.startsWith("<?xml")) {
    const end = source.indexOf("?>");
    if (end < 0) fail("unterminated prolog");
    i = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== source.length) fail("content after the root element");
  return root;
}

/** Every element of a tree, depth first. */
export function allElements(root: XmlElement): XmlElement[] {
  return [root, ...root.children.flatMap(allElements)];
}
