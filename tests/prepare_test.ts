/**
 * A local server starts from a sharded build's root and reads each shard on first need: a fresh
 * prebuilt `dist/_shelf/shards.json` (over stdio here), `--manifest` naming the root file, or its
 * URL (fetched again after the cache TTL, a redeploy's shards read from then on).
 */
import assert from "node:assert/strict";
import { parseArgv } from "../src/config/parse_argv.ts";
import { resolveConfig } from "../src/config/resolve_config.ts";
import { prepare } from "../src/prepare.ts";
import { ROOT, rpc } from "./helpers.ts";

/** A project folder with `n` pages whose text says `word`, built with `--shards` into dist/. */
async function shardedProject(n: number, word: string, cwd?: string) {
  cwd ??= await Deno.makeTempDir();
  await Deno.mkdir(`${cwd}/content/guides`, { recursive: true });
  for (let i = 0; i < n; i++) {
    await Deno.writeTextFile(
      `${cwd}/content/guides/page-${i}.md`,
      `# Page ${i}\n\nHow to ${word} the page number ${i}.`,
    );
  }
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/scripts/build.ts`, "--shards"],
    cwd,
    env: { ACDC_MCP_AUTH_TYPE: "none" },
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const root = JSON.parse(await Deno.readTextFile(`${cwd}/dist/_shelf/shards.json`));
  return { cwd, root };
}

const search = (query: string) => ({ name: "search", arguments: { query } });

Deno.test("stdio start from a fresh sharded build: answers before any body shard is read, and reads them on first need", async () => {
  const { cwd, root } = await shardedProject(12, "deploy");
  const shards = `${cwd}/dist/_shelf/shards`;
  // The body shards are away: a start that read them (or the whole manifest) could not answer.
  const away = new Map<string, Uint8Array>();
  for (const name of root.shards.bodies as string[]) {
    away.set(name, await Deno.readFile(`${shards}/${name}`));
    await Deno.remove(`${shards}/${name}`);
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/src/main.ts`, "--transport", "stdio"],
    cwd,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  const ask = async (id: number, method: string, params: Record<string, unknown>) => {
    await writer.write(
      new TextEncoder().encode(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n"),
    );
    while (!buffered.includes("\n")) {
      const { value, done } = await lines.read();
      if (done) throw new Error("the server closed stdout");
      buffered += value;
    }
    const line = buffered.slice(0, buffered.indexOf("\n"));
    buffered = buffered.slice(line.length + 1);
    return JSON.parse(line);
  };
  try {
    const init = await ask(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    });
    assert.equal(init.result?.serverInfo?.name, "shelf", JSON.stringify(init));
    const tools = await ask(2, "tools/list", {});
    assert.ok(tools.result.tools.some((t: { name: string }) => t.name === "search"));
    const failed = await ask(3, "tools/call", search("deploy page"));
    assert.equal(failed.result?.isError, true, JSON.stringify(failed).slice(0, 300));
    assert.match(failed.result.content[0].text, /could not be read from .*dist\/_shelf\/shards/);
    for (const [name, bytes] of away) await Deno.writeFile(`${shards}/${name}`, bytes);
    const answered = await ask(4, "tools/call", search("deploy page"));
    assert.equal(answered.result?.isError, undefined, JSON.stringify(answered).slice(0, 300));
    assert.match(answered.result.content[0].text, /\[Page \d+\]/);
  } finally {
    await writer.close();
    await lines.cancel();
    const status = await child.status;
    const log = new TextDecoder().decode(
      await new Response(child.stderr).arrayBuffer().then((b) => new Uint8Array(b)),
    );
    assert.equal(status.code, 0, log);
    assert.match(log, /serving the prebuilt dist\/_shelf\/shards\.json \(built /);
    assert.match(log, /shelf on stdio, 12 documents/);
    await Deno.remove(cwd, { recursive: true });
  }
});

/** A static server over `dirs` (the first that has the file), recording the paths asked. */
function staticSite(dirs: () => string[], rewriteRoot: (root: Record<string, unknown>) => void) {
  const asked: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    asked.push(path);
    for (const dir of dirs()) {
      const text = await Deno.readTextFile(`${dir}${path}`).catch(() => undefined);
      if (text === undefined) continue;
      if (!path.endsWith("/shards.json")) return new Response(text);
      const root = JSON.parse(text);
      rewriteRoot(root);
      return Response.json(root);
    }
    return new Response("not found", { status: 404 });
  });
  return { asked, server, url: `http://127.0.0.1:${server.addr.port}` };
}

const prepared = (flags: string[]) =>
  prepare(resolveConfig({ flags: parseArgv(flags), env: () => undefined }), { relay: false });

Deno.test("--manifest names a sharded root (file or URL): start reads the root alone; the URL is fetched again after the TTL", async () => {
  const one = await shardedProject(8, "install");
  const two = await shardedProject(9, "upgrade");
  let current = [`${one.cwd}/dist`];
  const site = staticSite(() => current, (root) => void (root.cacheTtlMs = 100));
  const fromFile = await prepared(["--manifest", `${one.cwd}/dist/_shelf/shards.json`]);
  const fromUrl = await prepared(["--manifest", `${site.url}/_shelf/shards.json`]);
  try {
    assert.deepEqual(site.asked, ["/_shelf/shards.json"], "nothing but the root at start");
    assert.deepEqual(fromUrl.served, { name: "shelf", documents: 8 });
    const params = search("install page");
    const local = await rpc(fromFile.app, "tools/call", params);
    assert.match(local.result.content[0].text, /\[Page \d+\]/);
    assert.deepEqual(await rpc(fromUrl.app, "tools/call", params), local);
    assert.ok(
      site.asked.every((p) => p === "/_shelf/shards.json" || p.startsWith("/_shelf/shards/")),
    );
    // A redeploy: after the TTL the new root is fetched and its own shards read.
    current = [`${two.cwd}/dist`, `${one.cwd}/dist`];
    await new Promise((r) => setTimeout(r, 150));
    await rpc(fromUrl.app, "tools/call", search("upgrade page")); // revalidates
    const after = await rpc(fromUrl.app, "tools/call", search("upgrade page"));
    assert.match(after.result.content[0].text, /How to upgrade/);
    const listed = await rpc(fromUrl.app, "tools/call", { name: "list_articles", arguments: {} });
    assert.equal(listed.result.structuredContent.total, 9);
  } finally {
    fromFile.app.shutdown();
    fromUrl.app.shutdown();
    await site.server.shutdown();
    await Deno.remove(one.cwd, { recursive: true });
    await Deno.remove(two.cwd, { recursive: true });
  }
});
