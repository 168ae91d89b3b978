/**
 * Shelf added to a docs repository as a Cloudflare Worker, from outside: the packed tarball
 * installed from its file, `init --platform cloudflare` (twice: nothing changes), the build
 * command its `wrangler.toml` holds, the Worker's entry bundled into one module, and that module
 * run by `workerd` (Cloudflare's Workers runtime, from npm) and driven by the official client.
 *
 * `wrangler` (which bundles with esbuild, then uploads) is a large install and deploys over the
 * network: `deno bundle` (esbuild too) stands in for its bundling here, with the import map the
 * build writes; `wrangler deploy` itself is not run.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parse } from "smol-toml";
import { ROOT } from "../helpers.ts";
import { installPinned, run } from "../netlify/netlify_tools.ts";
import { git, makeSiteRepo, packedTarball, SITES } from "./site_repo.ts";

const TOOLS = `${ROOT}/dist/.workerd-tools`;
const PINS = `${ROOT}/tests/package/tools/package.json`;

/** The workerd binary, installed from the pins when missing or stale. */
async function workerd(): Promise<string> {
  const bin = `${TOOLS}/node_modules/.bin/workerd`;
  const installed = await Deno.readTextFile(`${TOOLS}/package.json`).catch(() => "");
  const present = await Deno.stat(bin).then(() => true, () => false);
  if (!present || installed !== await Deno.readTextFile(PINS)) await installPinned(PINS, TOOLS);
  return bin;
}

/** A workerd configuration serving `module` on `port` with `vars` as the Worker's variables. */
function capnp(module: string, port: number, vars: Record<string, string>): string {
  const bindings = Object.entries(vars).map(([k, v]) =>
    `(name = ${JSON.stringify(k)}, text = ${JSON.stringify(v)})`
  );
  return [
    'using Workerd = import "/workerd/workerd.capnp";',
    "const config :Workerd.Config = (",
    '  services = [ (name = "main", worker = .shelf) ],',
    `  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],`,
    ");",
    "const shelf :Workerd.Worker = (",
    `  modules = [ (name = "worker.js", esModule = embed ${JSON.stringify(module)}) ],`,
    '  compatibilityDate = "2026-11-01",',
    `  bindings = [ ${bindings.join(", ")} ],`,
    ");",
    "",
  ].join("\n");
}

/** A port free now (workerd takes a fixed address). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

Deno.test("Cloudflare Workers: init writes the Worker; workerd runs it; the client searches", async () => {
  const spec = SITES.find((s) => s.name === "starlight")!;
  const site = await makeSiteRepo(spec);
  const PATH = `${Deno.execPath().replace(/\/[^/]*$/, "")}:${Deno.env.get("PATH")}`;
  let child: Deno.ChildProcess | undefined;
  try {
    await run(
      "npm",
      ["install", await packedTarball(), "--prefer-offline", "--no-audit", "--omit=optional"],
      site,
    );
    const shelf = (...args: string[]) =>
      run(`${site}/node_modules/.bin/shelf-mcp`, args, site, { PATH });
    const flags = ["init", "--yes", "--platform", "cloudflare", ...spec.initFlags];
    assert.match(await shelf(...flags), /left to do: npx wrangler deploy/);
    const status = await git(site, "status", "--porcelain");
    assert.match(await shelf(...flags), /nothing to change/);
    assert.equal(await git(site, "status", "--porcelain"), status);

    const wrangler = parse(await Deno.readTextFile(`${site}/wrangler.toml`)) as {
      main: string;
      compatibility_date: string;
      build: { command: string };
    };
    assert.equal(wrangler.main, "shelf-worker.ts");
    assert.match(wrangler.compatibility_date, /^\d{4}-\d{2}-\d{2}$/);
    await run("sh", ["-c", wrangler.build.command], site, { PATH });
    await run(Deno.execPath(), [
      "bundle",
      "--no-config",
      "--import-map",
      ".shelf/edge/import_map.json",
      "--platform",
      "browser",
      "-o",
      ".shelf/worker.js",
      wrangler.main,
    ], site);

    const port = freePort();
    await Deno.writeTextFile(
      `${site}/.shelf/workerd.capnp`,
      capnp("worker.js", port, { URL: "https://worker.example" }),
    );
    child = new Deno.Command(await workerd(), {
      args: ["serve", `${site}/.shelf/workerd.capnp`],
      stdout: "null",
      stderr: "piped",
    }).spawn();
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      const health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      up = health?.status === 200;
      await health?.body?.cancel();
      if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(up, "workerd serves the Worker");
    const client = new Client({ name: "workerd-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)),
    );
    try {
      assert.ok(
        (await client.listTools()).tools.some((t: { name: string }) => t.name === "search"),
      );
      const found = await client.callTool({ name: "search", arguments: { query: spec.query } });
      assert.ok((found.content as { text: string }[])[0]!.text.includes(`— ${spec.urlPrefix}`));
    } finally {
      await client.close();
    }
    const llms = await fetch(`http://127.0.0.1:${port}/llms.txt`);
    assert.equal(llms.status, 200);
    // Served by the Worker from the manifest, each page with its public URL.
    assert.ok((await llms.text()).includes(`([page](${spec.urlPrefix}`));
  } finally {
    child?.kill();
    await child?.stderr.cancel();
    await child?.status;
    await Deno.remove(site, { recursive: true });
  }
});
