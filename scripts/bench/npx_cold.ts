/**
 * Cold start of `npx -y shelf-mcp` over stdio, as a local client (Claude Desktop, Cursor)
 * launches it: the time from spawning the command to the first answer (`initialize`), and to
 * the first `search` answer, on a folder of markdown (Shelf's own `content/`). The package is
 * the tarball `npm pack` makes of this checkout, installed into a temporary folder from its file
 * (it is not on the npm registry yet, so npx's own registry lookup is not measured).
 *
 * Three cases, each run `--runs` times (default 5), in turns:
 * - `npx -y shelf-mcp`: npx finds the installed package (no download) and runs its bin;
 * - `bin`: the package's bin run directly (what npx ends up running), so npx's own share shows;
 * - `bin, fresh Deno cache`: the same with an empty `DENO_DIR` (Deno transpiles Shelf's modules
 *   again, as on the first launch after an install or an upgrade).
 *
 * Usage: deno run -A scripts/bench/npx_cold.ts [--runs N]   (writes dist/bench/npx-cold.json)
 *
 * @module
 */
import { run } from "../../tests/netlify/netlify_tools.ts";
import { ROOT } from "../../tests/helpers.ts";
import { median } from "./median.ts";

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "npx-cold", version: "1" },
  },
};
const SEARCH = {
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { name: "search", arguments: { query: "deploy to netlify" } },
};

/** One launch: ms to the `initialize` answer and to the `search` answer. */
async function launch(
  command: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ initialize: number; search: number }> {
  const started = performance.now();
  const child = new Deno.Command(command[0]!, {
    args: [...command.slice(1), "--content", `${ROOT}/content`],
    cwd,
    env,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const send = (message: unknown) =>
    writer.write(new TextEncoder().encode(JSON.stringify(message) + "\n"));
  await send(INITIALIZE);
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const times: number[] = [];
  while (times.length < 2) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`shelf-mcp exited: ${buffer}`);
    buffer += value;
    while (buffer.includes("\n")) {
      const line = buffer.slice(0, buffer.indexOf("\n"));
      buffer = buffer.slice(buffer.indexOf("\n") + 1);
      const id = JSON.parse(line).id;
      if (id === 1) {
        times.push(performance.now() - started);
        await send({ jsonrpc: "2.0", method: "notifications/initialized" });
        await send(SEARCH);
      } else if (id === 2) times.push(performance.now() - started);
    }
  }
  await writer.close();
  reader.releaseLock();
  await child.stdout.cancel().catch(() => {});
  await child.status;
  return { initialize: times[0]!, search: times[1]! };
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--runs");
  const runs = at === -1 ? 5 : Number(Deno.args[at + 1]);
  const dir = await Deno.makeTempDir({ prefix: "shelf-npx-" });
  const packed = await run("npm", ["pack", "--pack-destination", dir, "--ignore-scripts"], ROOT);
  const tarball = `${dir}/${packed.trim().split("\n").at(-1)}`;
  await Deno.writeTextFile(`${dir}/package.json`, '{ "private": true }');
  await run("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund"], dir);
  const env = { ...Deno.env.toObject() };
  const commands: Record<string, string[]> = {
    "npx -y shelf-mcp": ["npx", "-y", "shelf-mcp"],
    bin: [`${dir}/node_modules/.bin/shelf-mcp`],
    "bin, fresh Deno cache": [`${dir}/node_modules/.bin/shelf-mcp`],
  };
  const cases: Record<string, { initialize: number[]; search: number[] }> = {};
  for (const name of Object.keys(commands)) cases[name] = { initialize: [], search: [] };
  await launch(commands.bin!, dir, env); // Deno's transpile cache, as after a first launch
  for (let i = 0; i < runs; i++) {
    for (const [name, times] of Object.entries(cases)) {
      const denoDir = await Deno.makeTempDir({ prefix: "shelf-deno-dir-" });
      const t = await launch(
        commands[name]!,
        dir,
        name.includes("fresh") ? { ...env, DENO_DIR: denoDir } : env,
      );
      times.initialize.push(t.initialize);
      times.search.push(t.search);
      await Deno.remove(denoDir, { recursive: true });
    }
  }
  const result = Object.fromEntries(
    Object.entries(cases).map(([name, t]) => [name, {
      initialize: Math.round(median(t.initialize)),
      search: Math.round(median(t.search)),
      runs: t.initialize.map(Math.round),
    }]),
  );
  const load = (await Deno.readTextFile("/proc/loadavg").catch(() => "")).split(" ")[0];
  console.log(JSON.stringify({ ...result, loadAverage: load }, null, 2));
  await Deno.mkdir(`${ROOT}/dist/bench`, { recursive: true });
  await Deno.writeTextFile(`${ROOT}/dist/bench/npx-cold.json`, JSON.stringify(result, null, 2));
  await Deno.remove(dir, { recursive: true });
}
