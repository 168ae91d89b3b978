/**
 * Minimal textual edits of a TOML file that keep every line, comment and format it had: set a
 * string key of a table, append a table of an array of tables. Each edit is checked by parsing
 * the result: it must equal the parsed original with only that change, or the edit is refused
 * with a {@link EditRefused} (and the file is left as it was).
 *
 * @module
 */
import { parse } from "smol-toml";

/**
 * An edit `init` will not make (not minimal, or against a setting the site has); the message
 * says what to do by hand.
 */
export class EditRefused extends Error {
  override name = "EditRefused";
}

type Table = Record<string, unknown>;

/** A TOML basic string (JSON's escapes are TOML's). */
const basic = (value: string) => JSON.stringify(value);

/** A table header's path (`[context."deploy-preview"]` → context, deploy-preview). */
function headerPath(line: string): string[] | undefined {
  const m = /^\s*\[(?!\[)\s*(.+?)\s*\]\s*(#.*)?$/.exec(line);
  if (!m) return undefined;
  try {
    // Let the parser read the key: `[a."b.c"]` is two keys.
    const parsed = parse(`[${m[1]}]\n`) as Table;
    const path: string[] = [];
    let node: unknown = parsed;
    while (node && typeof node === "object" && Object.keys(node).length === 1) {
      const key = Object.keys(node)[0]!;
      path.push(key);
      node = (node as Table)[key];
    }
    return path;
  } catch {
    return undefined;
  }
}

/** Whether a line starts any table (`[x]` or `[[x]]`). */
const isHeader = (line: string) => /^\s*\[/.test(line) && !/^\s*\[[^\]]*=/.test(line);

/** The value at `path` in a parsed document. */
function at(doc: Table, path: readonly string[]): unknown {
  let node: unknown = doc;
  for (const key of path) {
    if (!node || typeof node !== "object" || Array.isArray(node)) return undefined;
    node = (node as Table)[key];
  }
  return node;
}

/** A copy of `doc` with `value` at `path` (tables made as needed). */
function withValue(doc: Table, path: readonly string[], value: unknown): Table {
  const copy = structuredClone(doc);
  let node = copy;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Table;
  }
  node[path.at(-1)!] = value;
  return copy;
}

/** JSON of a parsed document with every table's keys sorted (key order carries no meaning). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (
    value && typeof value === "object" &&
    [null, Object.prototype].includes(Object.getPrototypeOf(value))
  ) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Table)[k])}`)}}`;
  }
  return JSON.stringify(value);
}

/** Whether two parsed documents are equal. */
const same = (a: Table, b: Table) => canonical(a) === canonical(b);

/** Parses, turning a syntax error into a {@link EditRefused} naming the file. */
function parseFile(text: string, file: string): Table {
  try {
    return parse(text) as Table;
  } catch (error) {
    throw new EditRefused(`${file} is not valid TOML: ${(error as Error).message}`);
  }
}

/**
 * The span of the one-line string value after `=` on `line` (a basic or literal string), or
 * `undefined` when the value is of another shape (multi-line, not a string).
 */
function stringSpan(line: string): { start: number; end: number } | undefined {
  const eq = line.indexOf("=");
  let i = eq + 1;
  while (line[i] === " " || line[i] === "\t") i++;
  const quote = line[i];
  if (quote !== '"' && quote !== "'") return undefined;
  if (line.startsWith(quote.repeat(3), i)) return undefined;
  for (let j = i + 1; j < line.length; j++) {
    if (quote === '"' && line[j] === "\\") j++;
    else if (line[j] === quote) return { start: i, end: j + 1 };
  }
  return undefined;
}

/**
 * The string token for `value`: when it extends the old value, the old token (its quotes, its
 * escapes) with the rest added before the closing quote, so that the line keeps its text.
 */
function extended(token: string, value: string, old: unknown): string {
  if (typeof old !== "string" || !value.startsWith(old)) return basic(value);
  const rest = value.slice(old.length);
  const quote = token[0]!;
  if (quote === "'" && /['\n\r]/.test(rest)) return basic(value);
  return token.slice(0, -1) + (quote === '"' ? basic(rest).slice(1, -1) : rest) + quote;
}

/**
 * `text` with the string key `path` (a table's path, then the key) set to `value`: its value
 * replaced in place when the key is set in the table's `[header]` section or as a dotted key at
 * the top; else a line added under the table's header; else the table appended. Checked by
 * parsing (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { setString } from "./edit_toml.ts";
 * const toml = '# site\n[build]\n  command = "make" # ours\n';
 * assert.equal(
 *   setString(toml, ["build", "command"], "make && shelf"),
 *   '# site\n[build]\n  command = "make && shelf" # ours\n',
 * );
 * assert.equal(setString(toml, ["build", "publish"], "out"), toml.replace("]\n", ']\npublish = "out"\n'));
 * assert.equal(setString("", ["dev", "port"], "1"), '[dev]\nport = "1"\n');
 * ```
 */
export function setString(
  text: string,
  path: readonly string[],
  value: string,
  file = "netlify.toml",
): string {
  const doc = parseFile(text, file);
  const expected = withValue(doc, path, value);
  if (same(doc, expected)) return text;
  const table = path.slice(0, -1);
  const key = path.at(-1)!;
  const keyPattern = new RegExp(`^\\s*(${key}|"${key}"|'${key}')\\s*=`);
  const dotted = new RegExp(`^\\s*${path.join("\\s*\\.\\s*")}\\s*=`);
  const lines = text.split("\n");
  let section: string[] | undefined = [];
  let headerLine = -1;
  let edited: string | undefined;
  for (let n = 0; n < lines.length && edited === undefined; n++) {
    const line = lines[n]!;
    if (isHeader(line)) {
      section = headerPath(line);
      if (section && section.join("\0") === table.join("\0") && !/^\s*\[\[/.test(line)) {
        headerLine = n;
      }
      continue;
    }
    const inTable = section?.join("\0") === table.join("\0") && section !== undefined;
    const inTop = section?.length === 0;
    if ((inTable && keyPattern.test(line)) || (inTop && dotted.test(line))) {
      const span = stringSpan(line);
      if (!span) break;
      lines[n] = line.slice(0, span.start) +
        extended(line.slice(span.start, span.end), value, at(doc, path)) +
        line.slice(span.end);
      edited = lines.join("\n");
    }
  }
  if (edited === undefined && at(doc, path) === undefined) {
    if (headerLine !== -1) {
      lines.splice(headerLine + 1, 0, `${key} = ${basic(value)}`);
      edited = lines.join("\n");
    } else if (at(doc, table) === undefined || !hasDefinition(text, table)) {
      const header = table.map((k) => (/^[\w-]+$/.test(k) ? k : basic(k))).join(".");
      edited = appendBlock(text, `[${header}]\n${key} = ${basic(value)}\n`);
    }
  }
  if (edited !== undefined) {
    let result: Table | undefined;
    try {
      result = parse(edited) as Table;
    } catch {
      result = undefined;
    }
    if (result && same(result, expected)) return edited;
  }
  throw new EditRefused(
    `cannot set ${path.join(".")} in ${file} without rewriting it; set it by hand to ` +
      basic(value),
  );
}

/** Whether `table` is defined in `text` by a header or by dotted keys (so it cannot be again). */
function hasDefinition(text: string, table: readonly string[]): boolean {
  const first = new RegExp(`^\\s*${table[0]}\\s*[.=]`, "m");
  return text.split("\n").some((line) => headerPath(line)?.join("\0") === table.join("\0")) ||
    first.test(text);
}

/** `text` with `block` appended after a blank line. */
function appendBlock(text: string, block: string): string {
  const body = text === "" || text.endsWith("\n") ? text : `${text}\n`;
  return body === "" ? block : `${body}\n${block}`;
}

/**
 * `text` with one more table in the array of tables `name` (`[[name]]`), appended at the end
 * with `entries` (string keys, or one level of subtable as `[name.sub]`), after `comment` lines
 * when given. Checked by parsing (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { appendTable } from "./edit_toml.ts";
 * assert.equal(
 *   appendTable('[build]\ncommand = "x"', "edge_functions", { path: "/mcp", function: "shelf" }),
 *   '[build]\ncommand = "x"\n\n[[edge_functions]]\n  path = "/mcp"\n  function = "shelf"\n',
 * );
 * ```
 */
export function appendTable(
  text: string,
  name: string,
  entries: Record<string, string | Record<string, string>>,
  file = "netlify.toml",
): string {
  const doc = parseFile(text, file);
  const existing = doc[name];
  if (existing !== undefined && !Array.isArray(existing)) {
    throw new EditRefused(`${file}: ${name} is not an array of tables; add [[${name}]] by hand`);
  }
  const lines = [`[[${name}]]`];
  const subtables: string[] = [];
  for (const [key, value] of Object.entries(entries)) {
    if (typeof value === "string") lines.push(`  ${key} = ${basic(value)}`);
    else {
      subtables.push(`  [${name}.${key}]`);
      for (const [k, v] of Object.entries(value)) {
        subtables.push(`    ${/^[\w-]+$/.test(k) ? k : basic(k)} = ${basic(v)}`);
      }
    }
  }
  const edited = appendBlock(text, [...lines, ...subtables].join("\n") + "\n");
  const expected = { ...doc, [name]: [...(existing as unknown[] ?? []), entries] };
  let result: Table | undefined;
  try {
    result = parse(edited) as Table;
  } catch {
    result = undefined;
  }
  if (!result || !same(result, expected)) {
    throw new EditRefused(`cannot append [[${name}]] to ${file}; add it by hand`);
  }
  return edited;
}
