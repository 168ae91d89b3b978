/**
 * `deno task bench` (auth part): what each auth mode costs a request. Three Shelf servers on the
 * same manifest — no auth, a fixed bearer key (`--auth-type bearer`), and OAuth (a JWT access
 * token signed RS256 by a local issuer whose metadata and key set this process serves on
 * loopback, the default algorithm of most identity providers) — answer `tools/call`
 * `get_article` under `wrk` (`http_bench.ts`'s runs), at concurrency 1 and 16. Every server is
 * checked (each body answered with a result) and warmed up, then five rounds (one with
 * `--quick`) run the three one after the other in a rotating order; a row keeps each server's
 * median and the medians of each round's OAuth/bearer ratios, of requests/s and of CPU time per
 * request (the server process's, from /proc: on a machine shared with other work the requests/s
 * of a run move with the neighbours' load, its CPU time per request much less).
 *
 * One token is sent throughout, as one client does: it is verified on its first request and
 * again each minute (the verified-token cache's TTL, `src/transport/token_cache.ts`); the
 * runs of a row last longer than that in all, so the cost of a verification is in the numbers.
 *
 * Then the same three in this process, without HTTP: `app.fetch` on the same requests in a loop,
 * each kind in turn (seven rounds of 5,000 after 20,000 to warm up), timed by this process's CPU
 * time: what the auth check itself costs, apart from the sockets.
 *
 * Writes `dist/bench/auth.json` and prints a markdown table.
 * Usage: deno run -A scripts/bench/auth_bench.ts [--quick] [--rounds=n] [corpus] (default asdlc)
 *
 * @module
 */
import process from "node:process";
import { SignJWT } from "jose";
import type { Manifest } from "../../src/content/manifest.ts";
import type { AuthConfig } from "../../src/transport/guards.ts";
import { appFor } from "../../tests/helpers.ts";
import { localIssuer } from "../../tests/transport/local_issuer.ts";
import { BENCH_OUT, benchManifestFile } from "./bench_corpus.ts";
import { check, ensureWrk, luaScript, type Running, start, wrk } from "./http_bench.ts";
import { median } from "./median.ts";
import { machine } from "./search_bench.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const quick = Deno.args.includes("--quick");
const corpus = Deno.args.find((a) => !a.startsWith("--")) ?? "asdlc";
const WARMUP_S = 1;
const MEASURE_S = 2;
const ROUNDS = Number(
  Deno.args.find((a) => a.startsWith("--rounds="))?.slice(9) ?? (quick ? 1 : 5),
);
const CONCURRENCY = quick ? [16] : [1, 16];
const AUDIENCE = "https://kb.bench.example/mcp";
const BEARER_KEY = "bench-bearer-key-0123456789abcdef";
const KINDS = ["none", "bearer", "oauth"] as const;
type Kind = typeof KINDS[number];

const call = (id: number, slug: string) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "get_article", arguments: { slug } },
  });

/** The three servers' flags (before `--port`) and the headers their requests carry. */
function modes(issuerUrl: string, token: string) {
  return {
    none: { args: [], headers: {} },
    bearer: {
      args: ["--auth-type", "bearer", "--auth-api-keys", BEARER_KEY],
      headers: { authorization: `Bearer ${BEARER_KEY}` },
    },
    oauth: {
      args: [
        ...["--auth-type", "oauth", "--oauth-issuer", issuerUrl],
        ...["--oauth-audience", AUDIENCE, "--oauth-scopes", "docs:read"],
      ],
      headers: { authorization: `Bearer ${token}` },
    },
  } satisfies Record<Kind, { args: string[]; headers: Record<string, string> }>;
}

/** CPU µs per `app.fetch` of each kind (medians over rounds), the app built as `createApp` does. */
async function inProcess(
  manifest: Manifest,
  issuerUrl: string,
  bodies: string[],
  settings: ReturnType<typeof modes>,
) {
  const auth: Record<Kind, AuthConfig> = {
    none: { type: "none" },
    bearer: { type: "bearer", keys: [BEARER_KEY] },
    oauth: {
      type: "oauth",
      issuer: issuerUrl,
      audience: AUDIENCE,
      required: true,
      scopes: ["docs:read"],
      algorithms: ["RS256"],
      clockSkewSeconds: 60,
    },
  };
  const apps = Object.fromEntries(
    KINDS.map((kind) => [kind, appFor(manifest, { sse: { channel: null }, auth: auth[kind] }).app]),
  ) as Record<Kind, ReturnType<typeof appFor>["app"]>;
  let n = 0;
  const once = async (kind: Kind) => {
    const res = await apps[kind].fetch(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { ...HEADERS, ...settings[kind].headers },
        body: bodies[n++ % bodies.length]!,
      }),
    );
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${kind}: ${res.status}`);
  };
  const cpuUs = () => {
    const usage = process.cpuUsage();
    return usage.user + usage.system;
  };
  const [warm, rounds, per] = quick ? [2000, 1, 2000] : [20_000, 7, 5000];
  const times: Record<Kind, number[]> = { none: [], bearer: [], oauth: [] };
  try {
    for (const kind of KINDS) for (let i = 0; i < warm; i++) await once(kind);
    for (let r = 0; r < rounds; r++) {
      for (const kind of KINDS) {
        const t0 = cpuUs();
        for (let i = 0; i < per; i++) await once(kind);
        times[kind].push((cpuUs() - t0) / per);
      }
    }
  } finally {
    for (const app of Object.values(apps)) app.shutdown();
  }
  return Object.fromEntries(KINDS.map((kind) => [kind, median(times[kind])])) as Record<
    Kind,
    number
  >;
}

const HEADERS = {
  "content-type": "application/json",
  "accept": "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};

if (import.meta.main) {
  const bin = await ensureWrk();
  const manifestFile = await benchManifestFile(corpus);
  const manifest = JSON.parse(await Deno.readTextFile(manifestFile));
  const bodies = (manifest.documents as { path: string }[]).slice(0, 32)
    .map((d, i) => call(i, d.path));
  const issuer = localIssuer();
  const key = await issuer.addKey("bench", "RS256");
  const token = await new SignJWT({ scope: "docs:read", sub: "bench-client" })
    .setProtectedHeader({ alg: "RS256", kid: "bench" })
    .setIssuer(issuer.url).setAudience(AUDIENCE).setIssuedAt().setExpirationTime("2h")
    .sign(key);
  const settings = modes(issuer.url, token);
  const scripts = await Deno.makeTempDir({ prefix: "shelf-auth-wrk-" });
  const servers: Partial<Record<Kind, Running>> = {};
  const rows = [];
  let local: Record<Kind, number>;
  try {
    for (const kind of KINDS) {
      servers[kind] = await start(
        [
          "run",
          "-A",
          `${ROOT}src/main.ts`,
          "--manifest",
          manifestFile,
          ...settings[kind].args,
          "--port",
        ],
        bodies[0]!,
        ROOT,
        settings[kind].headers,
      );
    }
    const script: Record<Kind, string> = { none: "", bearer: "", oauth: "" };
    for (const kind of KINDS) {
      script[kind] = `${scripts}/${kind}.lua`;
      await Deno.writeTextFile(script[kind], luaScript(bodies, settings[kind].headers));
    }
    for (const c of CONCURRENCY) {
      const errors: Record<Kind, number> = { none: 0, bearer: 0, oauth: 0 };
      for (const kind of KINDS) {
        errors[kind] += (await check(servers[kind]!.url, bodies, settings[kind].headers)).failed;
        await wrk(bin, servers[kind]!.url, script[kind], c, WARMUP_S);
      }
      const runs: Record<Kind, { rps: number; cpuUs: number }[]> = {
        none: [],
        bearer: [],
        oauth: [],
      };
      const ratios: number[] = [];
      const cpuRatios: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const turn = r % KINDS.length;
        for (const kind of [...KINDS.slice(turn), ...KINDS.slice(0, turn)]) {
          const s = servers[kind]!;
          const result = await wrk(bin, s.url, script[kind], c, MEASURE_S, s.pid);
          errors[kind] += result.errors;
          runs[kind].push({ rps: result.rps, cpuUs: result.cpuUs ?? NaN });
        }
        ratios.push(runs.oauth[r]!.rps / runs.bearer[r]!.rps);
        cpuRatios.push(runs.oauth[r]!.cpuUs / runs.bearer[r]!.cpuUs);
      }
      const row = {
        concurrency: c,
        ...Object.fromEntries(KINDS.map((kind) => [kind, {
          rps: median(runs[kind].map((x) => x.rps)),
          cpuUs: median(runs[kind].map((x) => x.cpuUs)),
          runs: runs[kind].map((x) => Math.round(x.rps)),
          errors: errors[kind],
        }])) as Record<Kind, { rps: number; cpuUs: number; runs: number[]; errors: number }>,
        oauthPerBearer: median(ratios),
        cpuOauthPerBearer: median(cpuRatios),
      };
      rows.push(row);
      console.error(
        `  ${corpus} get_article c=${c}: none ${row.none.rps.toFixed(0)}, bearer ${
          row.bearer.rps.toFixed(0)
        }, oauth ${row.oauth.rps.toFixed(0)} rps; OAuth/bearer ${
          (row.oauthPerBearer * 100).toFixed(0)
        }%`,
      );
    }
    // The servers stop before the in-process part, which would otherwise share the CPU with them.
    for (const kind of KINDS) {
      await servers[kind]?.stop();
      delete servers[kind];
    }
    local = await inProcess(manifest, issuer.url, bodies, settings);
  } finally {
    for (const s of Object.values(servers)) await s?.stop();
    await issuer.close();
    await Deno.remove(scripts, { recursive: true });
  }
  const report = {
    date: new Date().toISOString(),
    machine: await machine(),
    quick,
    corpus,
    rows,
    inProcessCpuUs: local,
  };
  await Deno.mkdir(BENCH_OUT, { recursive: true });
  await Deno.writeTextFile(
    `${BENCH_OUT}/${quick || ROUNDS !== 5 ? "auth-partial" : "auth"}.json`,
    JSON.stringify(report, null, 2),
  );
  console.log(
    `machine: ${report.machine.cpu}, ${report.machine.cores} cores, Deno ${report.machine.deno}; ` +
      `wrk -t1, ${ROUNDS} × ${MEASURE_S} s per server and row, interleaved, medians, ${report.date}`,
  );
  console.log(
    "| corpus | op | c | no auth rps | bearer key rps | OAuth rps | OAuth/bearer | CPU µs/request N/B/O | CPU OAuth/bearer | errors N/B/O |",
  );
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows) {
    const f = (x: number) => x.toFixed(0);
    console.log(
      `| ${corpus} | get_article | ${r.concurrency} | ${f(r.none.rps)} | ${f(r.bearer.rps)} | ${
        f(r.oauth.rps)
      } | ${(r.oauthPerBearer * 100).toFixed(0)}% | ${f(r.none.cpuUs)}/${f(r.bearer.cpuUs)}/${
        f(r.oauth.cpuUs)
      } | ${
        (r.cpuOauthPerBearer * 100).toFixed(0)
      }% | ${r.none.errors}/${r.bearer.errors}/${r.oauth.errors} |`,
    );
  }
  const f1 = (x: number) => x.toFixed(1);
  console.log(
    `\nin process (app.fetch, CPU µs/request, medians): no auth ${f1(local.none)}, bearer ${
      f1(local.bearer)
    }, OAuth ${f1(local.oauth)}`,
  );
}
