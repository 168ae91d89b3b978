import { parse, YAMLParseError } from "yaml";
import { parse as parseToml, TomlError } from "smol-toml";

/** The result of splitting a file into frontmatter and body. */
export interface Frontmatter {
  /** Parsed YAML mapping; empty when the file has no frontmatter. */
  attrs: Record<string, unknown>;
  /** Everything after the closing `---` line (or the whole text without frontmatter). */
  body: string;
  /** 1-based line number where the body starts in the original file. */
  bodyLine: number;
  /** Whether a frontmatter block was present. */
  present: boolean;
}

/** A frontmatter block that is present but cannot be used. `line` is 1-based, in the file. */
export class FrontmatterError extends SyntaxError {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.name = "FrontmatterError";
    this.line = line;
  }
}

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const TOML_OPEN = /^\uFEFF?\+\+\+[ \t]*\r?\n/;
const TOML_CLOSE = /^\+\+\+[ \t]*$/m;
const JSON_OPEN = /^\uFEFF?\{[ \t]*\r?\n/;
const JSON_CLOSE = /^\}[ \t]*$/m;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/m;

/**
 * Splits a document into YAML frontmatter and body and parses the YAML with `npm:yaml`
 * (YAML 1.2 core schema: unquoted dates stay strings, `"Live"` and `Live` are the same).
 *
 * A file that does not start with `---` has no frontmatter. A block that is not valid YAML,
 * is not a mapping, or is never closed throws {@link FrontmatterError} with the file line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFrontmatter } from "./parse_frontmatter.ts";
 * const fm = parseFrontmatter("---\ntitle: Hi\nlastUpdated: 2025-01-15\n---\n# Body\n");
 * assert.ok(fm.attrs.title === "Hi");
 * assert.ok(fm.attrs.lastUpdated === "2025-01-15");
 * assert.ok(fm.body === "# Body\n");
 * ```
 */
export function parseFrontmatter(text: string): Frontmatter {
  if (TOML_OPEN.test(text)) return parseTomlFrontmatter(text);
  if (JSON_OPEN.test(text)) {
    const json = parseJsonFrontmatter(text);
    if (json) return json;
  }
  const open = OPEN.exec(text);
  if (!open) {
    return { attrs: {}, body: text.replace(/^\uFEFF/, ""), bodyLine: 1, present: false };
  }
  const rest = text.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (!close) {
    throw new FrontmatterError("frontmatter is not closed: no line with --- after the opening", 1);
  }
  const yamlText = rest.slice(0, close.index);
  let afterClose = close.index + close[0].length;
  if (rest[afterClose] === "\r") afterClose++;
  if (rest[afterClose] === "\n") afterClose++;
  const body = rest.slice(afterClose);
  const bodyLine = 1 + countLines(text.slice(0, text.length - body.length));
  let attrs: unknown;
  try {
    attrs = parse(yamlText, { uniqueKeys: false });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const line = 1 + (error.linePos?.[0]?.line ?? 1);
      throw new FrontmatterError(`invalid YAML: ${firstLine(error.message)}`, line);
    }
    // Anything else the parser throws (an alias bomb is a ReferenceError: "Excessive alias
    // count …") is this file's problem, never the whole build's.
    throw new FrontmatterError(`unusable YAML: ${firstLine(String((error as Error).message))}`, 2);
  }
  if (attrs === null || attrs === undefined) attrs = {};
  if (typeof attrs !== "object" || Array.isArray(attrs)) {
    throw new FrontmatterError("frontmatter must be a YAML mapping of keys to values", 2);
  }
  return { attrs: attrs as Record<string, unknown>, body, bodyLine, present: true };
}

/** The body after a front matter block that ends at `close` in `rest`, and its first line. */
function bodyAfter(text: string, rest: string, close: RegExpExecArray) {
  let afterClose = close.index + close[0].length;
  if (rest[afterClose] === "\r") afterClose++;
  if (rest[afterClose] === "\n") afterClose++;
  const body = rest.slice(afterClose);
  return { body, bodyLine: 1 + countLines(text.slice(0, text.length - body.length)) };
}

/**
 * Hugo's TOML front matter, between `+++` lines, read with `smol-toml` (TOML 1.0; dates become
 * `Date`s, as YAML timestamps would).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFrontmatter } from "./parse_frontmatter.ts";
 * const fm = parseFrontmatter("+++\ntitle = 'Hi'\ntags = ['a', 'b']\n+++\n# Body\n");
 * assert.deepEqual(fm.attrs, { title: "Hi", tags: ["a", "b"] });
 * assert.equal(fm.body, "# Body\n");
 * assert.throws(() => parseFrontmatter("+++\ntitle = \n+++\n"), /invalid TOML/);
 * ```
 */
function parseTomlFrontmatter(text: string): Frontmatter {
  const rest = text.slice(TOML_OPEN.exec(text)![0].length);
  const close = TOML_CLOSE.exec(rest);
  if (!close) {
    throw new FrontmatterError("front matter is not closed: no line with +++ after the opening", 1);
  }
  const { body, bodyLine } = bodyAfter(text, rest, close);
  let attrs: Record<string, unknown>;
  try {
    attrs = parseToml(rest.slice(0, close.index)) as Record<string, unknown>;
  } catch (error) {
    const line = error instanceof TomlError ? 1 + error.line : 2;
    throw new FrontmatterError(
      `invalid TOML: ${firstLine(String((error as Error).message))}`,
      line,
    );
  }
  return { attrs: plainDates(attrs), body, bodyLine, present: true };
}

/**
 * Hugo's JSON front matter: an object from the file's first line to a line holding only `}`.
 * `undefined` when that text is not a JSON object (the file then has no front matter).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFrontmatter } from "./parse_frontmatter.ts";
 * const fm = parseFrontmatter('{\n  "title": "Hi"\n}\n# Body\n');
 * assert.deepEqual(fm.attrs, { title: "Hi" });
 * assert.equal(fm.body, "# Body\n");
 * ```
 */
function parseJsonFrontmatter(text: string): Frontmatter | undefined {
  const start = text.indexOf("{");
  const rest = text.slice(start);
  const close = JSON_CLOSE.exec(rest);
  if (!close) return undefined;
  let attrs: unknown;
  try {
    attrs = JSON.parse(rest.slice(0, close.index + 1));
  } catch {
    return undefined;
  }
  if (attrs === null || typeof attrs !== "object" || Array.isArray(attrs)) return undefined;
  const { body, bodyLine } = bodyAfter(text, rest, close);
  return { attrs: attrs as Record<string, unknown>, body, bodyLine, present: true };
}

/** TOML's own date types as `Date`s (YAML front matter gives strings or `Date`s too). */
function plainDates(attrs: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attrs)) {
    out[key] = value instanceof Date ? new Date(value.getTime()) : value;
  }
  return out;
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?$/, "");
}
