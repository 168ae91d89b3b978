import { parse, YAMLParseError } from "yaml";

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

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?$/, "");
}
