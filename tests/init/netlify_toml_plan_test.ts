/**
 * `init` never loses a line of a site's `netlify.toml`: a property test over generated files in
 * the shapes Netlify's file-based configuration documents (build settings and environment,
 * deploy contexts, redirects, headers, existing edge functions, plugins, functions, dev), with
 * comments, indentation and both quote styles. For each: every original line is kept in order
 * (a build command only extended), every original value is kept, Shelf's routes and build are
 * there, and a second run changes nothing.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { parse } from "smol-toml";
import {
  EDGE_ROUTES,
  IMPORT_MAP,
  netlifyTomlPlan,
  SITE_FILE_HEADERS,
} from "../../src/init/netlify_toml_plan.ts";
import { edgeRoutes } from "../netlify/netlify_toml.ts";
import { EditRefused } from "../../src/init/edit_toml.ts";
import { linesKept } from "../package/lines_kept.ts";

const INPUT = {
  shelfBuild: "npx shelf-mcp build --config mcp-metadata.yaml --out public",
  publish: "public",
  functionName: "shelf",
};

const word = fc.stringMatching(/^[a-z0-9][a-z0-9 ./_:*-]{0,14}$/);
const indent = fc.constantFrom("", "  ", "    ");
const comment = fc.option(fc.constantFrom(" # why", "  # note: keep", " #"), { nil: "" });
/** A string value in either quote style (a literal string cannot hold `'`). */
const str = fc.tuple(word, fc.boolean()).map(([w, literal]) =>
  literal ? `'${w}'` : JSON.stringify(w)
);
/** `key = value` lines under a header. */
const pairs = (keys: string[]) =>
  fc.subarray(keys, { minLength: 1 }).chain((ks) =>
    fc.tuple(
      ...ks.map((k) => fc.tuple(indent, str, comment).map(([i, v, c]) => `${i}${k} = ${v}${c}`)),
    )
  );

const sections: Record<string, fc.Arbitrary<string[]>> = {
  build: fc.tuple(comment, pairs(["base", "command", "publish", "functions", "ignore"])).map((
    [c, lines],
  ) => [`[build]${c}`, ...lines]),
  environment: fc.tuple(pairs(["NODE_VERSION", "HUGO_VERSION", "PYTHON_VERSION"])).map((
    [lines],
  ) => ["[build.environment]", ...lines]),
  processing: fc.constant(["[build.processing.html]", "  pretty_urls = true"]),
  contexts: fc.subarray(["production", "deploy-preview", "branch-deploy", '"feature/x"'], {
    minLength: 1,
  }).chain((names) =>
    fc.tuple(
      ...names.map((n) =>
        fc.tuple(pairs(["command", "publish"]), fc.boolean()).map(([lines, env]) => [
          `[context.${n}]`,
          ...lines,
          ...(env ? ["", `[context.${n}.environment]`, '  GREETING = "hi"'] : []),
        ])
      ),
    ).map((blocks) => blocks.flatMap((b) => [...b, ""]))
  ),
  redirects: fc.array(
    fc.tuple(str, str, fc.constantFrom(200, 301, 302, 404), fc.boolean()).map((
      [from, to, status, force],
    ) => [
      "[[redirects]]",
      `  from = ${from}`,
      `  to = ${to}`,
      `  status = ${status}`,
      ...(force ? ["  force = true", '  conditions = {Language = ["en"], Country = ["US"]}'] : []),
      "",
    ]),
    { minLength: 1, maxLength: 3 },
  ).map((b) => b.flat()),
  headers: fc.array(
    fc.tuple(fc.constantFrom("/*", "/assets/*", "/llms.txt"), str).map(([path, v]) => [
      "[[headers]]",
      `  for = "${path}"`,
      "  [headers.values]",
      `    X-Custom = ${v}`,
      "",
    ]),
    { minLength: 1, maxLength: 2 },
  ).map((b) => b.flat()),
  edgeFunctions: fc.array(
    fc.tuple(fc.constantFrom("/*", "/api/*", "/mcp"), fc.constantFrom("geo", "auth", "shelf")).map((
      [path, fn],
    ) => ["[[edge_functions]]", `  path = "${path}"`, `  function = "${fn}"`, ""]),
    { minLength: 1, maxLength: 2 },
  ).map((b) => b.flat()),
  plugins: fc.array(
    fc.tuple(fc.constantFrom("@netlify/plugin-lighthouse", "netlify-plugin-cache"), fc.boolean())
      .map(([pkg, inputs]) => [
        "[[plugins]]",
        `  package = "${pkg}"`,
        ...(inputs ? ["  [plugins.inputs]", '    output_path = "reports"'] : []),
        "",
      ]),
    { minLength: 1, maxLength: 2 },
  ).map((b) => b.flat()),
  functions: fc.constant([
    "[functions]",
    '  directory = "netlify/functions"',
    '  node_bundler = "esbuild"',
    "",
    '[functions."api-*"]',
    '  included_files = ["data/*.json"]',
  ]),
  dev: fc.tuple(pairs(["command", "framework"])).map((
    [lines],
  ) => ["[dev]", ...lines, "  port = 8888"]),
};

/** A `netlify.toml`: some of the sections above, in any order, with comments between. */
const netlifyToml = fc.shuffledSubarray(Object.keys(sections), { minLength: 0 }).chain((keys) =>
  fc.tuple(
    fc.option(fc.constant("# Netlify settings for the docs site\n"), { nil: "" }),
    ...keys.map((k) => sections[k]!),
    fc.constantFrom("", "\n", "\n\n"),
  ).map(([head, ...rest]) => {
    const tail = rest.pop() as string;
    return head + (rest as string[][]).map((lines) => lines.join("\n")).join("\n\n") + tail;
  })
);

type Table = Record<string, unknown>;

/** Every value of `before` is in `after`: commands extended, arrays of tables extended. */
function valuesKept(before: unknown, after: unknown, path: string[] = []): void {
  if (Array.isArray(before)) {
    assert.ok(Array.isArray(after), path.join("."));
    before.forEach((v, i) => valuesKept(v, after[i], [...path, String(i)]));
  } else if (before && typeof before === "object" && !(before instanceof Date)) {
    for (const [k, v] of Object.entries(before)) {
      valuesKept(v, (after as Table)[k], [...path, k]);
    }
  } else if (path.at(-1) === "command") {
    assert.ok(String(after).startsWith(String(before)), `${path.join(".")}: ${after}`);
  } else {
    assert.deepEqual(JSON.stringify(after), JSON.stringify(before), path.join("."));
  }
}

Deno.test("init keeps every line and value of any netlify.toml, adds Shelf once", () => {
  fc.assert(
    fc.property(netlifyToml, (text) => {
      const before = parse(text) as Table;
      const out = netlifyTomlPlan(text, INPUT);
      assert.ok(linesKept(text, out), `lines lost:\n${text}\n---\n${out}`);
      const after = parse(out) as Table;
      valuesKept(before, after);
      const build = after.build as Table;
      assert.match(String(build.command), /npx shelf-mcp build/);
      assert.equal((after.functions as Table).deno_import_map, IMPORT_MAP);
      const routes = (after.edge_functions as Table[]).filter((r) => r.function === "shelf");
      for (const route of EDGE_ROUTES) assert.ok(routes.some((r) => r.path === route), route);
      for (
        const [name, context] of Object.entries((after.context ?? {}) as Record<string, Table>)
      ) {
        if (typeof context.command === "string") {
          assert.match(context.command, /npx shelf-mcp build/, `context ${name}`);
        }
      }
      assert.equal(netlifyTomlPlan(out, INPUT), out, "a second run changes nothing");
    }),
    { numRuns: 300 },
  );
});

Deno.test("init refuses a netlify.toml with an import map of its own, naming it", () => {
  const text = '[functions]\n  deno_import_map = "./import_map.json"\n';
  assert.throws(
    () => netlifyTomlPlan(text, INPUT),
    (e) => e instanceof EditRefused && /\.\/import_map\.json/.test(e.message),
  );
});

Deno.test("a build command Netlify has nowhere becomes the site's own, then Shelf's", () => {
  const out = netlifyTomlPlan("", { ...INPUT, siteBuild: "npm run build" });
  assert.equal((parse(out).build as Table).command, `npm run build && ${INPUT.shelfBuild}`);
  assert.equal((parse(out).build as Table).publish, "public");
});

Deno.test("init's routes and headers are the ones Shelf's own netlify.toml declares", async () => {
  const own = await Deno.readTextFile(new URL("../../netlify.toml", import.meta.url));
  assert.deepEqual(edgeRoutes(own).map((r) => r.path), EDGE_ROUTES);
  const headers = parse(own).headers as { for: string; values: Record<string, string> }[];
  assert.deepEqual(
    Object.fromEntries(headers.map((h) => [h.for, { ...h.values }])),
    SITE_FILE_HEADERS,
  );
});
