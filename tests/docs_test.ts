/**
 * The user-facing pages (README.md, docs/, the sample guide in content/) against the code: every
 * file path, symbol location, deno task, flag, environment variable, setting default and tool
 * argument they name exists as named. A rename or a removed flag fails here until the page is
 * mended.
 */
import assert from "node:assert/strict";
import { buildMultiFixture, ROOT } from "./helpers.ts";
import { type Setting, SETTINGS } from "../src/config/settings_table.ts";
import { parseBuildArgs } from "../scripts/build.ts";
import { ALL_TOOLS } from "../src/tools/tool_registry.ts";
import { OPENAI_TOOLS } from "../src/tools/openai.ts";
import { createContentStore } from "../src/content/content_store.ts";
import type { JsonSchema } from "../src/tools/tool.ts";

/** Every page, by its path from the repository root. */
async function pages(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const add = async (path: string) => out.set(path, await Deno.readTextFile(`${ROOT}/${path}`));
  await add("README.md");
  for await (const e of Deno.readDir(`${ROOT}/docs`)) if (e.isFile) await add(`docs/${e.name}`);
  const walk = async (dir: string): Promise<void> => {
    for await (const e of Deno.readDir(`${ROOT}/${dir}`)) {
      if (e.isDirectory) await walk(`${dir}/${e.name}`);
      else await add(`${dir}/${e.name}`);
    }
  };
  await walk("content");
  return out;
}

const PAGES = await pages();

/** `[page, what]` for every match of `pattern` (group 1) over every page. */
function named(pattern: RegExp): [string, string][] {
  return [...PAGES].flatMap(([page, text]) =>
    [...text.matchAll(pattern)].map((m) => [page, m[1]!] as [string, string])
  );
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(`${ROOT}/${path}`).then(() => true, () => false);
}

/** Source text of src/, scripts/, tests/ and netlify/ (where a flag or variable may be read). */
async function codeText(): Promise<string> {
  const parts: string[] = [await Deno.readTextFile(`${ROOT}/deno.json`)];
  const walk = async (dir: string): Promise<void> => {
    for await (const e of Deno.readDir(dir)) {
      if (e.isDirectory && e.name !== "fixtures") await walk(`${dir}/${e.name}`);
      else if (e.isFile && /\.(ts|js|mjs)$/.test(e.name) && e.name !== "docs_test.ts") {
        parts.push(await Deno.readTextFile(`${dir}/${e.name}`));
      }
    }
  };
  for (const dir of ["src", "scripts", "netlify"]) await walk(`${ROOT}/${dir}`);
  return parts.join("\n");
}

const CODE = await codeText();

/**
 * Paths of a site's own repository that the pages name (what `init` writes there, a framework's
 * content folder), not of Shelf's: each is checked to be one `src/init/` writes or detects.
 */
const SITE_PATHS = new Set(["netlify/edge-functions/shelf.ts", "src/content/docs"]);

Deno.test("docs: the site paths they name are ones init writes or looks for", async () => {
  const init = await Array.fromAsync(Deno.readDir(`${ROOT}/src/init`));
  const text = (await Promise.all(
    init.map((e) => Deno.readTextFile(`${ROOT}/src/init/${e.name}`)),
  )).join("\n");
  for (const p of SITE_PATHS) assert.ok(text.includes(`"${p}`) || text.includes(`/${p}`), p);
});

Deno.test("docs: every repository file they name exists", async () => {
  const missing: string[] = [];
  // A path of the repository: from a top folder of code, not part of a package name
  // (`@netlify/edge-bundler`) or of a longer path (`dist/_shelf/md/…`).
  const path = /(?<![\w@/.-])((?:src|scripts|tests|netlify)\/[\w./-]*[\w])/g;
  for (const [page, p] of named(path)) {
    if (SITE_PATHS.has(p)) continue;
    if (!(await exists(p))) missing.push(`${page}: ${p}`);
  }
  assert.deepEqual(missing, []);
});

Deno.test("docs: a symbol said to be in a file is in that file", async () => {
  const wrong: string[] = [];
  const claim = /`(\w+)` in `((?:src|scripts|tests|netlify)\/[\w./-]+\.ts)`/g;
  for (const [page, text] of PAGES) {
    for (const [, symbol, file] of text.matchAll(claim)) {
      const source = await Deno.readTextFile(`${ROOT}/${file}`).catch(() => "");
      if (!new RegExp(`\\b${symbol}\\b`).test(source)) wrong.push(`${page}: ${symbol} in ${file}`);
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("docs: every deno task they name is in deno.json", async () => {
  const { tasks } = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
  const unknown = named(/deno task ([\w:-]+)/g).filter(([, task]) => !(task in tasks));
  assert.deepEqual(unknown, []);
});

/**
 * Flags of other programs the pages show in their commands: Deno's, netlify-cli's, deployctl's
 * and mcp-remote's, and git's `--force` as a search example.
 */
const FOREIGN_FLAGS = new Set([
  "--allow-read",
  "--allow-env",
  "--parallel",
  "--v8-flags",
  "--no-lazy",
  "--trace-gc",
  "--trace-deopt",
  "--offline",
  "--project",
  "--entrypoint",
  "--include",
  "--header",
  "--force",
]);

Deno.test("docs: every flag they name is read by Shelf's code (or is another program's)", () => {
  const unknown = named(/(?<![\w-])(--[a-z][a-z0-9-]*)/g).filter(([, flag]) =>
    !FOREIGN_FLAGS.has(flag) && !CODE.includes(`"${flag}`) && !CODE.includes(`'${flag}`) &&
    !CODE.includes(`\`${flag}`) &&
    // scripts/bench/hostile_sockets.ts reads every `--name=value` into `args`.
    !CODE.includes(`args.${flag.slice(2)}`)
  );
  assert.deepEqual(unknown, []);
});

Deno.test("docs: every Shelf environment variable they name is a setting or read by the code", () => {
  const settingEnv = new Set(SETTINGS.flatMap((s) => s.env));
  // README's client example keeps the key in a variable of the reader's own.
  const own = new Set(["SHELF_KEY"]);
  const unknown = named(/(?<!\w)((?:ACDC_MCP|SHELF|MCP)_[A-Z_]*[A-Z])\b/g).filter(([, name]) =>
    !own.has(name) && !settingEnv.has(name) && !CODE.includes(`"${name}"`)
  );
  assert.deepEqual(unknown, []);
});

/** The cells of a markdown table row, without the outer pipes (`\|` stays inside a cell). */
function cells(row: string): string[] {
  return row.trim().replace(/^\||\|$/g, "").split(/(?<!\\)\|/).map((c) => c.trim());
}

/** Every markdown table of the pages whose header names `column`: its page, header and rows. */
function tables(column: string): { page: string; header: string[]; rows: string[][] }[] {
  const out: { page: string; header: string[]; rows: string[][] }[] = [];
  for (const [page, text] of PAGES) {
    const lines = text.split("\n");
    for (let i = 0; i + 1 < lines.length; i++) {
      if (!lines[i]!.startsWith("|") || !/^\|\s*-/.test(lines[i + 1]!)) continue;
      const header = cells(lines[i]!);
      let j = i + 2;
      const rows: string[][] = [];
      while (j < lines.length && lines[j]!.startsWith("|")) rows.push(cells(lines[j++]!));
      if (header.includes(column)) out.push({ page, header, rows });
      i = j;
    }
  }
  return out;
}

/** The backticked words of a cell. */
function ticked(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** Whether `name` is a flag of `deno task build` (its parser names the unknown ones). */
function isBuildFlag(name: string): boolean {
  try {
    parseBuildArgs([name]);
    return true;
  } catch (error) {
    return !/unknown flag/.test(String(error));
  }
}

Deno.test("docs: settings tables name each setting's flags, variables and default", () => {
  const wrong: string[] = [];
  let rows = 0;
  for (const { page, header, rows: body } of tables("flag")) {
    const col = (name: string) => header.indexOf(name);
    for (const row of body) {
      const given = ticked(row[col("flag")] ?? "").filter((f) => f.startsWith("-"));
      const flags = given.map((f) => f.split(" ")[0]!);
      // `--auth-type oauth`: the row is about one value of the setting, not its default.
      const ofValue = given.some((f) => / [a-z]/.test(f));
      const env = col("variable") === -1
        ? []
        : ticked(row[col("variable")]!).map((v) => v.split(" ")[0]!);
      const matched: Setting[] = SETTINGS.filter((s) =>
        flags.some((f) => s.flags.includes(f)) || env.some((v) => s.env.includes(v))
      );
      rows++;
      for (const flag of flags) {
        const known = matched.some((s) => s.flags.includes(flag)) || isBuildFlag(flag);
        if (!known) wrong.push(`${page}: flag ${flag}`);
      }
      for (const v of env) {
        // `…_NAME_BOOST` abbreviates a variable named in full just before it.
        const ok = v.startsWith("…")
          ? matched.some((s) => s.env.some((e) => e.endsWith(v.slice(1))))
          : matched.some((s) => s.env.includes(v));
        if (!ok) wrong.push(`${page}: variable ${v} of ${flags.join(", ")}`);
      }
      const defaults = col("default") === -1 ? "" : row[col("default")]!;
      for (const s of matched) {
        if (ofValue || s.boolean || s.default === "") continue;
        if (!ticked(defaults).some((d) => d === s.default)) {
          wrong.push(
            `${page}: default of ${s.flags[0] ?? s.env[0]} is ${s.default}, not ${defaults}`,
          );
        }
      }
    }
  }
  assert.ok(rows > 40, `only ${rows} settings rows found`);
  assert.deepEqual(wrong, []);
});

/** The top-level, comma-separated items of a cell (commas inside parentheses stay). */
function items(cell: string): string[] {
  const out = [""];
  let depth = 0;
  for (const ch of cell) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) out.push("");
    else out[out.length - 1] += ch;
  }
  return out.map((s) => s.trim()).filter(Boolean);
}

Deno.test("docs: tool tables name each tool in its family, with its arguments and limits", async () => {
  const store = createContentStore((await buildMultiFixture()).manifest);
  const tools = new Map([...ALL_TOOLS, ...OPENAI_TOOLS].map((t) => [`${t.family}/${t.name}`, t]));
  const wrong: string[] = [];
  let checked = 0;
  for (const { page, header, rows } of tables("family")) {
    const toolCol = header.findIndex((h) => h === "tool" || h === "tools");
    const argCol = header.indexOf("arguments");
    let family = "";
    for (const row of rows) {
      family = ticked(row[0]!)[0] ?? family;
      for (const name of ticked(row[toolCol]!).filter((t) => /^\w+$/.test(t))) {
        const tool = tools.get(`${family}/${name}`);
        checked++;
        if (!tool) {
          wrong.push(`${page}: ${name} is not a tool of ${family}`);
          continue;
        }
        if (argCol === -1) continue;
        const schema = typeof tool.inputSchema === "function"
          ? tool.inputSchema(store)
          : tool.inputSchema;
        const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const required = (schema.required ?? []) as string[];
        for (const item of items(row[argCol]!)) {
          const m = /^`(\w+)(\?)?`\s*(?:\((.*)\))?/.exec(item);
          if (!m) continue;
          const [, arg, optional, note = ""] = m;
          const prop = props[arg!];
          if (!prop) {
            wrong.push(`${page}: ${name} has no argument ${arg}`);
            continue;
          }
          if ((optional === "?") === required.includes(arg!)) {
            wrong.push(`${page}: ${name}'s ${arg} is ${optional ? "required" : "optional"}`);
          }
          const num = (re: RegExp) => {
            const found = re.exec(note.replaceAll(",", ""));
            return found ? Number(found[1]) : undefined;
          };
          const expect: [string, number | undefined, unknown][] = [
            ["default", num(/default (\d+)/), prop.default],
            [
              "maximum",
              num(/\d+–(\d+)/) ?? num(/at most (\d+)/), // "1–50 ids of at most 500 characters": the range is the list's
              prop.maximum ?? prop.maxItems ?? prop.maxLength,
            ],
            ["minimum", num(/(\d+)–\d+/), prop.minimum ?? prop.minItems ?? prop.minLength],
          ];
          for (const [what, said, real] of expect) {
            if (said !== undefined && said !== real) {
              wrong.push(`${page}: ${name}'s ${arg} ${what} is ${real}, not ${said}`);
            }
          }
        }
      }
    }
  }
  assert.ok(checked >= 24, `only ${checked} tool mentions checked`);
  assert.deepEqual(wrong, []);
});
