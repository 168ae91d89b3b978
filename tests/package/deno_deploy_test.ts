/**
 * Shelf added to a docs repository for Deno Deploy, from outside, and upgraded: the packed
 * tarball installed from its file, `init --platform deno-deploy` (its `deno.json` checked
 * against the `deploy` schema Deno publishes, vendored in `tests/fixtures/`), the build command
 * it wrote, and the entry run with `deno serve` as Deno Deploy runs it, driven by the official
 * client. `deno deploy` itself fetches its tooling from JSR, which our machines cannot reach:
 * the upload and the platform's own build are not exercised here.
 *
 * Then the upgrade: a tarball of the next version installed over it changes none of the site's
 * files but `package.json` and its lockfile; the server refuses the build the older version
 * wrote (it rebuilds, saying why) and, once rebuilt, reports the new version.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { run } from "../netlify/netlify_tools.ts";
import { git, makeSiteRepo, packedTarball, SITES } from "./site_repo.ts";
import { violations } from "./json_schema_subset.ts";
import { ROOT } from "../helpers.ts";

const SCHEMA = JSON.parse(
  await Deno.readTextFile(`${ROOT}/tests/fixtures/deno_json_schema_deploy.json`),
);

/** `deno serve` of the site's entry as `deno.json`'s deploy section says; its log and port. */
async function serveEntry(site: string) {
  const deno = JSON.parse(await Deno.readTextFile(`${site}/deno.json`));
  const runtime = deno.deploy.runtime;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "serve",
      "-A",
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      runtime.entrypoint,
      ...runtime.args,
    ],
    cwd: site,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const listening = /MCP endpoint: http:\/\/127\.0\.0\.1:(\d+)\/mcp/;
  while (!listening.test(log)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`deno serve exited: ${log}`);
    log += value;
  }
  reader.releaseLock();
  void child.stderr.cancel().catch(() => {});
  void child.stdout.cancel().catch(() => {});
  const port = listening.exec(log)![1]!;
  const close = async () => {
    child.kill();
    await child.status;
  };
  return { port, log, close };
}

/** A tarball of this package at `version` (the packed files with the version changed). */
async function tarballAt(version: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "shelf-next-" });
  await run("tar", ["xzf", await packedTarball(), "-C", dir], dir);
  const pkg = JSON.parse(await Deno.readTextFile(`${dir}/package/package.json`));
  pkg.version = version;
  await Deno.writeTextFile(`${dir}/package/package.json`, JSON.stringify(pkg, null, 2));
  const versionFile = `${dir}/package/src/version.ts`;
  await Deno.writeTextFile(
    versionFile,
    (await Deno.readTextFile(versionFile)).replace(/"\d+\.\d+\.\d+"/, JSON.stringify(version)),
  );
  const out = await run("npm", ["pack", "--ignore-scripts"], `${dir}/package`);
  return `${dir}/package/${out.trim().split("\n").at(-1)}`;
}

Deno.test("Deno Deploy: init writes deno.json's deploy section; deno serve answers; upgrade", async () => {
  const spec = SITES.find((s) => s.name === "plain")!;
  const site = await makeSiteRepo(spec);
  let served: Awaited<ReturnType<typeof serveEntry>> | undefined;
  try {
    await run("npm", ["install", await packedTarball(), "--prefer-offline", "--no-audit"], site);
    const shelf = (...args: string[]) => run(`${site}/node_modules/.bin/shelf-mcp`, args, site);
    const flags = ["init", "--yes", "--platform", "deno-deploy", ...spec.initFlags];
    assert.match(await shelf(...flags), /left to do: deno deploy/);
    const status = await git(site, "status", "--porcelain");
    assert.match(await shelf(...flags), /nothing to change/);
    assert.equal(await git(site, "status", "--porcelain"), status);

    const deno = JSON.parse(await Deno.readTextFile(`${site}/deno.json`));
    for (const key of ["deploy", "nodeModulesDir", "importMap"]) {
      assert.deepEqual(violations(deno[key], SCHEMA[key], key), [], key);
    }
    assert.equal(deno.deploy.runtime.mode, "dynamic");
    await run("sh", ["-c", deno.deploy.build], site);

    served = await serveEntry(site);
    assert.match(served.log, /serving the prebuilt dist\/_shelf\/manifest\.json/);
    const client = new Client({ name: "deno-deploy-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${served.port}/mcp`)),
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
    const llms = await fetch(`http://127.0.0.1:${served.port}/llms.txt`);
    assert.equal(llms.status, 200);
    assert.match(await llms.text(), /^# /);
    await served.close();
    served = undefined;

    // The next version over this one: the site's own files stay as they are.
    const tracked = await git(site, "ls-files");
    const before = await Promise.all(
      ["deno.json", "shelf.ts", "mcp-metadata.yaml", ".gitignore"].map((f) =>
        Deno.readTextFile(`${site}/${f}`)
      ),
    );
    await run("npm", ["install", await tarballAt("0.1.1"), "--prefer-offline", "--no-audit"], site);
    assert.equal(await git(site, "ls-files"), tracked);
    assert.deepEqual(
      await Promise.all(
        ["deno.json", "shelf.ts", "mcp-metadata.yaml", ".gitignore"].map((f) =>
          Deno.readTextFile(`${site}/${f}`)
        ),
      ),
      before,
    );
    // The older version's build is not read as the new one's: rebuilt, and said why.
    served = await serveEntry(site);
    assert.match(served.log, /was built by Shelf 0\.1\.0 \(this is 0\.1\.1\)/);
    const health = await (await fetch(`http://127.0.0.1:${served.port}/health`)).json();
    assert.equal(health.shelf, "0.1.1");
  } finally {
    await served?.close();
    await Deno.remove(site, { recursive: true });
  }
});
