/**
 * Shelf added to docs sites from outside, as their owners would: each framework corpus (and a
 * plain markdown folder) in a temporary git repository with no path to Shelf's source gets the
 * tarball `npm pack` made, installed from its file; then `npx shelf-mcp init --yes`; then the
 * build command `netlify.toml` holds now (the framework's own part is a stub wherever the
 * framework cannot run offline: see `site_repo.ts`); then Netlify's bundler over the site's
 * `netlify/edge-functions/`; then the bundle runs in a fresh Deno (no config, npm or remote
 * imports) and the official MCP client lists its tools and searches, finding the site's pages at
 * their public URLs. A second `init` changes nothing, and no line of the site's `netlify.toml`
 * is lost.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parse } from "smol-toml";
import { ROOT } from "../helpers.ts";
import { netlifyTools, run } from "../netlify/netlify_tools.ts";
import { bundleAndUnpack, serveBundle } from "../netlify/netlify_bundle.ts";
import { git, makeSiteRepo, packedTarball, SITES, type SiteSpec } from "./site_repo.ts";
import { linesKept } from "./lines_kept.ts";

/** The modules of the edge runtime the package ships (`lib/`, bundled by `deno task build`). */
async function shippedRuntime(): Promise<Set<string>> {
  const files = new Set<string>();
  for await (const entry of Deno.readDir(`${ROOT}/lib`)) files.add(`lib/${entry.name}`);
  return files;
}

/** PATH with this test's Deno first (for sites installed without the platform binary). */
const PATH = `${Deno.execPath().replace(/\/[^/]*$/, "")}:${Deno.env.get("PATH")}`;

/** Runs the site's `shelf-mcp` bin (what `npx shelf-mcp` runs) with `args`; its stdout. */
const shelf = (site: string, ...args: string[]) =>
  run(`${site}/node_modules/.bin/shelf-mcp`, args, site, { PATH });

/** Adds Shelf to `spec`'s site and checks the endpoint its bundle serves. */
async function outsideIn(spec: SiteSpec): Promise<void> {
  const started = performance.now();
  const phases: string[] = [];
  const phase = (name: string) =>
    phases.push(`${name} ${Math.round(performance.now() - started)} ms`);
  const tarball = await packedTarball();
  const site = await makeSiteRepo(spec);
  const out = await Deno.makeTempDir({ prefix: "shelf-bundle-" });
  const unpacked = await Deno.makeTempDir({ prefix: "shelf-eszip-" });
  let served: Awaited<ReturnType<typeof serveBundle>> | undefined;
  try {
    const tomlBefore = await Deno.readTextFile(`${site}/netlify.toml`).catch(() => "");
    // The first site installs the package as users do, with the Deno binary of its platform
    // package; the others leave that 95 MB copy out (--omit=optional) and the bin falls back to
    // the `deno` on PATH, this test's own.
    const omit = spec === SITES[0] ? [] : ["--omit=optional"];
    await run(
      "npm",
      ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", ...omit],
      site,
    );
    const denoBin = await Deno.stat(`${site}/node_modules/@deno`).then(() => true, () => false);
    assert.equal(denoBin, omit.length === 0, "the platform's Deno binary installed unless omitted");
    phase("npm install");
    const report = await shelf(site, "init", "--yes", ...spec.initFlags);
    assert.match(report, new RegExp(`^framework: ${spec.dialect}\\b`, "m"), report);
    const toml = await Deno.readTextFile(`${site}/netlify.toml`);
    assert.ok(linesKept(tomlBefore, toml), `every line of netlify.toml kept:\n${toml}`);
    const status = await git(site, "status", "--porcelain");
    const diff = await git(site, "diff");
    assert.match(await shelf(site, "init", "--yes", ...spec.initFlags), /nothing to change/);
    assert.equal(await git(site, "status", "--porcelain"), status, "a second init changes nothing");
    assert.equal(await git(site, "diff"), diff);

    phase("init twice");
    // The build command netlify.toml holds now, as Netlify runs it (URL set for the build).
    const command = ((parse(toml).build as Record<string, string>).command)!;
    assert.match(command, /npx shelf-mcp build/);
    await run("sh", ["-c", command], site, { URL: "https://deploy.example", PATH });
    const publish = (parse(toml).build as Record<string, string>).publish!;
    assert.match(await Deno.readTextFile(`${site}/${publish}/llms.txt`), /^# /);

    phase("build");
    const tools = await netlifyTools();
    const { assetBytes, eszip } = await bundleAndUnpack(tools, site, out, unpacked);
    // Shelf's code in the site's bundle is the edge runtime the package ships, bundled (`lib/`):
    // every module of it, and none of `src/`.
    const fromPackage = eszip.specifiers
      .filter((s) => s.startsWith("file:///root/node_modules/shelf-mcp/"))
      .map((s) => s.slice("file:///root/node_modules/shelf-mcp/".length));
    assert.deepEqual(new Set(fromPackage), await shippedRuntime());
    assert.ok(fromPackage.includes("lib/netlify_edge.js"));
    assert.deepEqual(eszip.specifiers.filter((s) => /^(npm:|file:\/\/\/vendor\/)/.test(s)), []);
    console.log(
      `${spec.name}: eszip of ${assetBytes} bytes, ${fromPackage.length} modules of Shelf`,
    );

    await Deno.copyFile(`${ROOT}/tests/netlify/run_bundle.js`, `${unpacked}/run_bundle.js`);
    served = await serveBundle(unpacked, { URL: "https://deploy.example" }, "shelf");
    const client = new Client({ name: "outside-in", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${served.port}/mcp`)),
    );
    try {
      const names = (await client.listTools()).tools.map((t: { name: string }) => t.name);
      assert.ok(names.includes("search"), names.join(", "));
      const found = await client.callTool({ name: "search", arguments: { query: spec.query } });
      assert.equal(found.isError, undefined);
      const text = (found.content as { text: string }[])[0]!.text;
      assert.ok(text.includes(`— ${spec.urlPrefix}`), `a public URL in:\n${text}`);
    } finally {
      await client.close();
    }
    phase("served");
    console.log(
      `${spec.name}: eszip of ${assetBytes} bytes, ${fromPackage.length} modules of Shelf; ` +
        phases.join(", "),
    );
  } finally {
    await served?.close();
    for (const dir of [site, out, unpacked]) await Deno.remove(dir, { recursive: true });
  }
}

// The sites run two at a time (each spends most of its time in one process at once: npm, the
// build, the bundler), and every failure is reported with its site's name.
Deno.test("outside in: npm pack → init → build → Netlify bundle → /mcp, every framework", async () => {
  await packedTarball();
  await netlifyTools();
  const queue = [...SITES];
  const failures: string[] = [];
  const worker = async () => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      await outsideIn(spec).catch((error) => failures.push(`${spec!.name}: ${error.stack}`));
    }
  };
  await Promise.all([worker(), worker()]);
  assert.deepEqual(failures, []);
});
