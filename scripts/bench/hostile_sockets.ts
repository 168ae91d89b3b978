/**
 * `deno task bench` (hostile part, over sockets): the attacks of the second adversarial pass,
 * each against a real server process started from a checkout (`--root`, default this one) the
 * way a developer starts it, with raw sockets where a browser or a proxy would not send what an
 * attacker sends. Run it against an older checkout to see a fix's before and after:
 *
 * 1. slots — 1,000 `HEAD /sse` (and `HEAD /mcp` accepting an event stream), then `GET /sse`.
 * 2. heap — searches for distinct 990-letter words: the server's resident memory before and
 *    after, and the time per search.
 * 3. guard — `deno serve --host 127.0.0.1` and `deno serve` (all interfaces): the answers to a
 *    foreign `Host` and to `Origin: null`.
 * 4. stdio — one 100 MB line in 1 MiB writes with a pause at the cut, then a ping: the answers.
 * 5. absolute — `GET http://evil.example/llms.txt` with a good `Host`: status, and whether the
 *    answer names evil.example.
 * 6. rotating — server CPU per `/llms.txt` (and `/llms-full.txt`) with one `Host` and with a new
 *    port in `Host` for every request (the process's user + system time, read from /proc).
 * 7. bodies — 200 connections each holding a 1 MiB `POST /mcp` body one byte short, then
 *    completed: resident memory per body in flight and at the peak; and 200 complete 1 MiB
 *    posts to `/messages` for sessions that do not exist: time to answer, peak memory.
 *
 * Linux only (/proc). Writes `dist/bench/hostile_sockets.json`.
 * Usage: deno run -A scripts/bench/hostile_sockets.ts [--root=DIR] [--corpus=hugo-docs]
 *
 * @module
 */

import { spawnServer } from "../../tests/spawn_server.ts";

const HERE = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const args = Object.fromEntries(
  Deno.args.map((a) => /^--([^=]+)=(.*)$/.exec(a)).filter((m) => m).map((m) => [m![1], m![2]]),
);
const ROOT = (args.root ?? HERE).replace(/\/$/, "");
const CORPUS = `${HERE}/../shared/corpora/${args.corpus ?? "hugo-docs"}`;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server process of the checkout under test, and its port once it listens. */
async function start(argv: string[]) {
  const server = await spawnServer(argv, { cwd: ROOT, waitMs: 60_000 });
  if (!server.port) {
    await server.stop();
    throw new Error(`server did not start:\n${server.log()}`);
  }
  return server;
}

const mainServer = () =>
  start(["run", "-A", `${ROOT}/src/main.ts`, "--content", CORPUS, "--port", "0"]);

/** Resident memory of a process, in MB. */
function rssMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** User + system CPU time of a process so far, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One HTTP/1.1 exchange over a raw socket: status and body. */
async function raw(
  port: number,
  head: string,
  body: Uint8Array = new Uint8Array(0),
): Promise<{ status: number; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(encoder.encode(head.replaceAll("\n", "\r\n") + "\r\n"));
  if (body.byteLength > 0) await conn.write(body);
  const answer = await new Response(conn.readable).text();
  const split = answer.indexOf("\r\n\r\n");
  return { status: Number(answer.split(" ")[1]), body: answer.slice(split + 4) };
}

const ping = (pad: number) =>
  encoder.encode(
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(pad) } }),
  );

async function slots() {
  const s = await mainServer();
  try {
    for (let i = 0; i < 500; i++) {
      for (const path of ["/sse", "/mcp"]) {
        const res = await fetch(`http://127.0.0.1:${s.port}${path}`, {
          method: "HEAD",
          headers: { accept: "text/event-stream" },
        });
        await res.body?.cancel();
      }
    }
    const health = await (await fetch(`http://127.0.0.1:${s.port}/health`)).json();
    const controller = new AbortController();
    const open = await fetch(`http://127.0.0.1:${s.port}/sse`, { signal: controller.signal });
    const status = open.status;
    controller.abort();
    await open.body?.cancel().catch(() => {});
    return { streamsAfterHeads: health.sseStreams, getSseStatus: status };
  } finally {
    await s.stop();
  }
}

async function heap(count = 20_000) {
  const s = await mainServer();
  try {
    const url = `http://127.0.0.1:${s.port}/mcp`;
    const search = async (query: string, id: number) => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: { name: "search", arguments: { query } },
        }),
      });
      await res.arrayBuffer();
    };
    await search("warm up the index", 0);
    const before = rssMb(s.pid);
    const started = performance.now();
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (let i = 0; i < count; i++) {
      let head = "";
      for (let k = i; head.length < 5; k = Math.floor(k / 26)) head += letters[k % 26];
      await search((head + "Deploy".repeat(165)).slice(0, 990), i + 1);
    }
    const ms = performance.now() - started;
    return {
      searches: count,
      rssBeforeMb: +before.toFixed(1),
      rssAfterMb: +rssMb(s.pid).toFixed(1),
      usPerSearch: Math.round(ms * 1000 / count),
    };
  } finally {
    await s.stop();
  }
}

async function guard() {
  const out: Record<string, unknown> = {};
  for (const [name, hostArgs] of [["127.0.0.1", ["--host", "127.0.0.1"]], ["all", []]] as const) {
    const s = await start(["serve", "-A", ...hostArgs, "--port", "0", `${ROOT}/src/serve.ts`]);
    try {
      const host = await raw(
        s.port,
        "GET /health HTTP/1.1\nHost: attacker.example\nConnection: close\n",
      );
      const origin = await raw(
        s.port,
        `GET /health HTTP/1.1\nHost: 127.0.0.1:${s.port}\nOrigin: null\nConnection: close\n`,
      );
      out[`deno serve ${name}`] = { foreignHost: host.status, originNull: origin.status };
    } finally {
      await s.stop();
    }
  }
  return out;
}

async function stdio() {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/src/main.ts`, "--content", CORPUS, "--transport", "stdio"],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const MiB = 1024 * 1024;
  const smuggled = encoder.encode(
    JSON.stringify({ jsonrpc: "2.0", id: "smuggled", method: "ping" }).padEnd(1024, " "),
  );
  const chunk = new Uint8Array(MiB);
  for (let at = 0; at < MiB; at += smuggled.byteLength) chunk.set(smuggled, at);
  await writer.write(
    encoder.encode('{"jsonrpc":"2.0","id":"long","method":"ping","params":{"p":"'),
  );
  for (let i = 0; i < 100; i++) {
    await writer.write(chunk);
    if (i === 3) await sleep(200); // the writer pauses at the 4 MiB cut
  }
  await writer.write(encoder.encode('"}}\n{"jsonrpc":"2.0","id":"after","method":"ping"}\n'));
  await writer.close();
  const out = await child.output();
  const lines = decoder.decode(out.stdout).trim().split("\n").filter(Boolean);
  const ids = lines.map((l) => {
    const m = JSON.parse(l);
    return m.id ?? m.error?.code;
  });
  return {
    answers: lines.length,
    errors32600: ids.filter((i) => i === -32600).length,
    smuggledRan: ids.filter((i) => i === "smuggled").length,
    afterAnswered: ids.includes("after"),
  };
}

async function absolute() {
  const s = await mainServer();
  try {
    const out: Record<string, unknown> = {};
    for (const path of ["/llms.txt", "/.well-known/mcp"]) {
      const res = await raw(
        s.port,
        `GET http://evil.example${path} HTTP/1.1\nHost: 127.0.0.1:${s.port}\nConnection: close\n`,
      );
      out[path] = { status: res.status, namesEvil: res.body.includes("evil.example") };
    }
    return out;
  } finally {
    await s.stop();
  }
}

async function rotating(count = 300) {
  const s = await mainServer();
  try {
    const out: Record<string, unknown> = {};
    for (const path of ["/llms.txt", "/llms-full.txt"]) {
      const get = (host: string) =>
        raw(s.port, `GET ${path} HTTP/1.1\nHost: ${host}\nConnection: close\n`);
      await get(`localhost:${s.port}`); // made once
      let cpu = cpuMs(s.pid);
      for (let i = 0; i < count; i++) await get(`localhost:${s.port}`);
      const fixed = (cpuMs(s.pid) - cpu) / count;
      cpu = cpuMs(s.pid);
      for (let i = 0; i < count; i++) await get(`localhost:${20_000 + i}`);
      const rotated = (cpuMs(s.pid) - cpu) / count;
      out[path] = { cpuMsFixedHost: +fixed.toFixed(2), cpuMsRotatingPort: +rotated.toFixed(2) };
    }
    return out;
  } finally {
    await s.stop();
  }
}

async function bodies(concurrent = 200) {
  const s = await mainServer();
  try {
    await raw(s.port, "GET /health HTTP/1.1\nHost: localhost\nConnection: close\n");
    const body = ping(1024 * 1024 - 80);
    const base = rssMb(s.pid);
    const conns = await Promise.all(
      Array.from(
        { length: concurrent },
        () => Deno.connect({ hostname: "127.0.0.1", port: s.port }),
      ),
    );
    await Promise.all(conns.map(async (conn) => {
      await conn.write(encoder.encode(
        `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.byteLength}\r\nConnection: close\r\n\r\n`,
      ));
      await conn.write(body.subarray(0, body.byteLength - 1));
    }));
    await sleep(1000);
    const held = rssMb(s.pid);
    let peak = held;
    let done = false;
    const sampler = (async () => {
      while (!done) {
        peak = Math.max(peak, rssMb(s.pid));
        await sleep(5);
      }
    })();
    const statuses = await Promise.all(conns.map(async (conn) => {
      await conn.write(body.subarray(body.byteLength - 1));
      const answer = await new Response(conn.readable).text();
      return Number(answer.split(" ")[1]);
    }));
    done = true;
    await sampler;
    // Posts for sessions that do not exist, each body whole.
    const started = performance.now();
    let messagesPeak = rssMb(s.pid);
    done = false;
    const sampler2 = (async () => {
      while (!done) {
        messagesPeak = Math.max(messagesPeak, rssMb(s.pid));
        await sleep(5);
      }
    })();
    const lost = await Promise.all(
      Array.from({ length: concurrent }, () =>
        raw(
          s.port,
          `POST /messages?sessionId=${crypto.randomUUID()} HTTP/1.1\nHost: localhost\n` +
            `Content-Type: application/json\nContent-Length: ${body.byteLength}\nConnection: close\n`,
          body,
        )),
    );
    const lostMs = performance.now() - started;
    done = true;
    await sampler2;
    return {
      concurrent,
      ok: statuses.filter((st) => st === 200).length,
      rssBaseMb: +base.toFixed(1),
      mbPerHeldBody: +((held - base) / concurrent).toFixed(2),
      mbPerBodyAtPeak: +((peak - base) / concurrent).toFixed(2),
      messagesForNoSession: {
        statuses: [...new Set(lost.map((r) => r.status))],
        msForAll: Math.round(lostMs),
        peakOverBaseMb: +(messagesPeak - base).toFixed(1),
      },
    };
  } finally {
    await s.stop();
  }
}

const CLASSES = { slots, heap, guard, stdio, absolute, rotating, bodies } as const;

async function main() {
  const only = args.only?.split(",");
  const results: Record<string, unknown> = {
    root: ROOT,
    corpus: CORPUS,
    at: new Date().toISOString(),
  };
  for (const [name, run] of Object.entries(CLASSES)) {
    if (only && !only.includes(name)) continue;
    const result = await run();
    results[name] = result;
    console.log(`${name.padEnd(9)} ${JSON.stringify(result)}`);
  }
  await Deno.mkdir(`${HERE}/dist/bench`, { recursive: true });
  await Deno.writeTextFile(
    `${HERE}/dist/bench/hostile_sockets.json`,
    JSON.stringify(results, null, 2),
  );
}

if (import.meta.main) await main();
