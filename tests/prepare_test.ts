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
import { shardLists } from "./shards/shard_lists.ts";

/**
 * A project folder with `n` pages whose text says `word`, built with `--shards` into dist/ (with
 * `private`, into the Blobs upload folder: nothing of it published); gives the root the build wrote.
 */
async function shardedProject(n: number, word: string, options: { private?: boolean } = {}) {
  const cwd = await Deno.makeTempDir();
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
    env: options.private
      ? { ACDC_MCP_AUTH_TYPE: "apikey", ACDC_MCP_AUTH_API_KEYS: "k" }
      : { ACDC_MCP_AUTH_TYPE: "none" },
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const file = options.private ? PRIVATE_ROOT : "dist/_shelf/shards.json";
  const root = JSON.parse(await Deno.readTextFile(`${cwd}/${file}`));
  return { cwd, root };
}

/** Where a private sharded build writes its root: beside its shards, in the Blobs upload folder. */
const PRIVATE_ROOT = ".netlify/v1/blobs/deploy/shelf-shards/shards.json/blob";

const search = (query: string) => ({ name: "search", arguments: { query } });

/** A stdio server started in `cwd`: `ask` sends a request and reads its answer line. */
function stdioServer(cwd: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/src/main.ts`, "--transport", "stdio"],
    cwd,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const errors = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let log = "";
  return {
    async ask(id: number, method: string, params: Record<string, unknown>) {
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
    },
    /**
     * Reads stderr until it matches `pattern`; gives all of it read so far. Throws when stderr
     * ends, or after a minute (a deadline against a hung test, not a measure) without it.
     */
    async logUntil(pattern: RegExp): Promise<string> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no ${pattern} in a minute:\n${log}`)), 60_000);
      });
      try {
        while (!pattern.test(log)) {
          const { value, done } = await Promise.race([errors.read(), deadline]);
          if (done) throw new Error(`stderr ended without ${pattern}:\n${log}`);
          log += value;
        }
        return log;
      } finally {
        clearTimeout(timer);
      }
    },
    /** Ends the server; gives its exit code and the whole of stderr. */
    async close(): Promise<{ code: number; log: string }> {
      await writer.close();
      await lines.cancel();
      const { code } = await child.status;
      for (let r = await errors.read(); !r.done; r = await errors.read()) log += r.value;
      return { code, log };
    },
  };
}

const initialize = {
  protocolVersion: "2025-06-18",
  capabilities: {},
  clientInfo: { name: "test", version: "1" },
};

Deno.test("stdio start from a fresh sharded build: answers initialize and the listings before the manifest is read, and reads each shard on first need", async () => {
  const { cwd, root } = await shardedProject(12, "deploy");
  const shards = `${cwd}/dist/_shelf/shards`;
  // The manifest's and bodies' shards are away: a start that read them could not answer.
  const away = new Map<string, Uint8Array>();
  const pages = new Map<string, string>();
  for (const page of root.shards.names.pages as string[]) {
    pages.set(page, await Deno.readTextFile(`${shards}/${page}`));
  }
  for (const name of [...root.shards.manifest, ...shardLists(root.shards, pages).bodies]) {
    away.set(name, await Deno.readFile(`${shards}/${name}`));
    await Deno.remove(`${shards}/${name}`);
  }
  const server = stdioServer(cwd);
  try {
    const init = await server.ask(1, "initialize", initialize);
    assert.equal(init.result?.serverInfo?.name, "shelf", JSON.stringify(init));
    assert.match(init.result.instructions, /Content built /);
    assert.deepEqual(await server.ask(2, "ping", {}), { jsonrpc: "2.0", id: 2, result: {} });
    // The listings are answered from the root's outline of the sources and prompts.
    const early = [await server.ask(3, "tools/list", {}), await server.ask(3, "prompts/list", {})];
    assert.ok(early[0].result?.tools.some((t: { name: string }) => t.name === "search"));
    // A method that needs the documents says it cannot read them; the server goes on.
    const unread = await server.ask(3, "resources/list", {});
    assert.equal(unread.error?.code, -32603, JSON.stringify(unread));
    assert.match(unread.error.message, /could not be read from .*dist\/_shelf\/shards/);
    for (const name of root.shards.manifest as string[]) {
      await Deno.writeFile(`${shards}/${name}`, away.get(name)!);
    }
    const resources = await server.ask(4, "resources/list", {});
    assert.equal(resources.result?.resources.length, 12, JSON.stringify(resources).slice(0, 300));
    // Once the manifest is read, the same listings to the byte.
    const late = [await server.ask(3, "tools/list", {}), await server.ask(3, "prompts/list", {})];
    assert.deepEqual(late.map((a) => JSON.stringify(a)), early.map((a) => JSON.stringify(a)));
    const failed = await server.ask(5, "tools/call", search("deploy page"));
    assert.equal(failed.result?.isError, true, JSON.stringify(failed).slice(0, 300));
    assert.match(failed.result.content[0].text, /could not be read from .*dist\/_shelf\/shards/);
    for (const [name, bytes] of away) await Deno.writeFile(`${shards}/${name}`, bytes);
    const answered = await server.ask(6, "tools/call", search("deploy page"));
    assert.equal(answered.result?.isError, undefined, JSON.stringify(answered).slice(0, 300));
    assert.match(answered.result.content[0].text, /\[Page \d+\]/);
  } finally {
    const { code, log } = await server.close();
    assert.equal(code, 0, log);
    assert.match(log, /serving the prebuilt dist\/_shelf\/shards\.json \(built /);
    assert.match(log, /shelf on stdio, 12 documents/);
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("stdio start from a stale sharded build: served at once, checked after, replaced by a build from the folders", async () => {
  const { cwd } = await shardedProject(3, "deploy");
  // Edited after the build: the prebuilt build still says "deploy", the folder "upgrade".
  await Deno.writeTextFile(`${cwd}/content/guides/page-1.md`, "# Page 1\n\nHow to upgrade it.");
  const later = new Date(Date.now() + 60_000);
  await Deno.utime(`${cwd}/content/guides/page-1.md`, later, later);
  const server = stdioServer(cwd);
  try {
    const init = await server.ask(1, "initialize", initialize);
    assert.equal(init.result?.serverInfo?.name, "shelf", JSON.stringify(init));
    const log = await server.logUntil(/serving the build from the content folders/);
    assert.match(log, /serving the prebuilt dist\/_shelf\/shards\.json \(built /);
    assert.match(
      log,
      /dist\/_shelf\/shards\.json is older than \S*content\/guides\/page-1\.md: building from the content folders \(the prebuilt build is served until then\)/,
    );
    assert.match(log, /serving the build from the content folders: 3 documents/);
    const read = await server.ask(2, "tools/call", search("upgrade"));
    assert.match(read.result.content[0].text, /Page 1/, JSON.stringify(read).slice(0, 300));
  } finally {
    const { code, log } = await server.close();
    assert.equal(code, 0, log);
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

Deno.test("stdio start from a fresh private sharded build: served from the Blobs upload folder, nothing of it in dist/", async () => {
  const { cwd, root } = await shardedProject(5, "rotate", { private: true });
  assert.equal(root.shards.store, "blobs");
  // The build published nothing of the content: no root, no shard, no page's text.
  const published: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else published.push(path);
    }
  };
  await walk(`${cwd}/dist`).catch(() => {});
  for (const path of published) {
    assert.doesNotMatch(path, /shards/);
    assert.doesNotMatch(await Deno.readTextFile(path), /How to rotate/, path);
  }
  const server = stdioServer(cwd);
  try {
    const init = await server.ask(1, "initialize", initialize);
    assert.equal(init.result?.serverInfo?.name, "shelf", JSON.stringify(init));
    const tools = await server.ask(2, "tools/list", {});
    assert.ok(tools.result?.tools.some((t: { name: string }) => t.name === "search"));
    const answered = await server.ask(3, "tools/call", search("rotate page"));
    assert.match(answered.result?.content[0].text, /How to rotate/, JSON.stringify(answered));
  } finally {
    const { code, log } = await server.close();
    assert.equal(code, 0, log);
    assert.match(log, new RegExp(`serving the prebuilt ${PRIVATE_ROOT.replaceAll(".", "\\.")} `));
    assert.match(log, /shelf on stdio, 5 documents/);
    assert.doesNotMatch(log, /building from the content folders/);
    await Deno.remove(cwd, { recursive: true });
  }
});
