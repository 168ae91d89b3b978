/**
 * Sharded builds of large shelves (`deno task bench` runs it on the installed Debian
 * documentation, when present, and a generated shelf): build time and peak RSS, the edge root's
 * size, the largest published file, a cold isolate's first search (wall, CPU, bytes fetched, with
 * a local static server adding 20 ms per fetch for the CDN) and warm searches (p50/p99), beside
 * today's engine past the edge budget (the whole manifest and index fetched) where asked.
 *
 * Usage: deno run -A scripts/bench/shards_bench.ts [--content DIR]... [--generate N]
 *        [--today] [--cold-runs N] [--questions FILE]
 *
 * `--questions FILE` (a JSON array of strings): each cold run (one per question unless
 * `--cold-runs` says otherwise) starts with its own question, and the report gives the median and
 * the largest of the cold runs beside each other.
 *
 * Without arguments: `/usr/share/doc/openjdk-17-doc/api` if installed, and a generated shelf of
 * 20,000 documents.
 *
 * @module
 */
import { generateCorpus } from "./generate_corpus.ts";

const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const FETCH_DELAY_MS = 20;

interface Shelf {
  name: string;
  dir: string;
}

const args = Deno.args;
const shelves: Shelf[] = [];
let today = false;
let coldRuns = 3;
let questions: string[] | undefined;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--content") shelves.push({ name: args[i + 1]!, dir: args[++i]! });
  else if (args[i] === "--today") today = true;
  else if (args[i] === "--cold-runs") coldRuns = Number(args[++i]);
  else if (args[i] === "--questions") {
    questions = JSON.parse(await Deno.readTextFile(args[++i]!));
    if (!args.includes("--cold-runs")) coldRuns = questions!.length;
  } else if (args[i] === "--generate") {
    const count = Number(args[++i]);
    shelves.push({ name: `generated-${count}`, dir: await generated(count) });
  }
}
if (shelves.length === 0) {
  const jdk = "/usr/share/doc/openjdk-17-doc/api";
  if (await exists(jdk)) shelves.push({ name: "openjdk-17-doc", dir: jdk });
  shelves.push({ name: "generated-20000", dir: await generated(20_000) });
}

async function exists(path: string) {
  return await Deno.stat(path).then(() => true, () => false);
}

/** A generated shelf of `count` markdown files, written once under dist/bench/. */
async function generated(count: number): Promise<string> {
  const dir = `${ROOT}/dist/bench/generated-${count}`;
  if (await exists(`${dir}/.complete`)) return dir;
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  for (const file of generateCorpus(count)) {
    const path = `${dir}/${file.path}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, file.text);
  }
  await Deno.writeTextFile(`${dir}/.complete`, "");
  return dir;
}

async function* walk(dir: string): AsyncGenerator<{ path: string; size: number }> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* walk(path);
    else yield { path, size: (await Deno.stat(path)).size };
  }
}

/**
 * For `--today`: the whole manifest and index, as an unsharded build publishes them (a sharded
 * one publishes neither), put beside the shards in `<out>/dist/_shelf/`.
 */
async function publishWhole(dir: string, out: string) {
  const whole = `${out}/whole`;
  const run = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `${ROOT}/scripts/build.ts`,
      "--content",
      dir,
      "--out",
      `${whole}/dist`,
      "--edge-out",
      `${whole}/edge`,
      "--edge-budget",
      "100000",
      "--lenient",
    ],
    env: { ACDC_MCP_AUTH_TYPE: "none" },
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!run.success) throw new Error(new TextDecoder().decode(run.stderr).slice(-800));
  for (const file of ["manifest.json", "index.json"]) {
    await Deno.rename(`${whole}/dist/_shelf/${file}`, `${out}/dist/_shelf/${file}`);
  }
  await Deno.remove(whole, { recursive: true });
}

/** A static server over `dir` that waits {@link FETCH_DELAY_MS} before each answer. */
function staticServer(dir: string) {
  const counted = { requests: 0, bytes: 0, coldRequests: 0, coldBytes: 0 };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
    const path = decodeURIComponent(new URL(req.url).pathname);
    if (path === "/__mark") {
      counted.coldRequests = counted.requests;
      counted.coldBytes = counted.bytes;
      return new Response(null, { status: 204 });
    }
    await new Promise((r) => setTimeout(r, FETCH_DELAY_MS));
    if (path.includes("..")) return new Response("no", { status: 400 });
    try {
      const bytes = await Deno.readFile(`${dir}${path}`);
      counted.requests++;
      counted.bytes += bytes.byteLength;
      return new Response(bytes, { headers: { "content-type": "application/json" } });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
  return { server, counted, url: `http://127.0.0.1:${server.addr.port}` };
}

async function partsBytes(names: string[], dist: string): Promise<number> {
  let sum = 0;
  for (const name of names) sum += (await Deno.stat(`${dist}/_shelf/shards/${name}`)).size;
  return sum;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const shelf of shelves) {
  const out = await Deno.makeTempDir({ prefix: "shelf-shards-bench-" });
  const build = await new Deno.Command("/usr/bin/time", {
    args: [
      "-f",
      "%e %M",
      Deno.execPath(),
      "run",
      "-A",
      `${ROOT}/scripts/build.ts`,
      "--content",
      shelf.dir,
      "--out",
      `${out}/dist`,
      "--edge-out",
      `${out}/edge`,
      "--blobs-out",
      `${out}/blobs`,
      "--shards",
      "--lenient",
    ],
    env: { ACDC_MCP_AUTH_TYPE: "none" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(build.stderr).trim().split("\n");
  if (!build.success) {
    throw new Error(`build of ${shelf.name} failed: ${stderr.slice(-5).join("\n")}`);
  }
  const [seconds, kb] = stderr.at(-1)!.split(" ").map(Number) as [number, number];
  const rootBytes = (await Deno.stat(`${out}/edge/edge-manifest.json`)).size;
  const root = JSON.parse(await Deno.readTextFile(`${out}/edge/edge-manifest.json`)).shards;
  let largest = { path: "", size: 0 };
  let largestShard = 0;
  for await (const file of walk(`${out}/dist`)) {
    if (file.size > largest.size) largest = file;
    if (file.path.includes("/_shelf/shards/")) largestShard = Math.max(largestShard, file.size);
  }
  // Questions: the titles of documents spread over the shelf (the edge manifest's, in its parts).
  const parts = await Promise.all(
    (root.manifest as string[]).map((name) =>
      Deno.readTextFile(`${out}/dist/_shelf/shards/${name}`)
    ),
  );
  const docs = (JSON.parse(parts.join("")).compactDocuments as { n: string }[])
    .map((doc) => ({ title: doc.n }));
  const step = Math.max(1, Math.floor(docs.length / 400));
  const titles = docs.filter((_, i) => i % step === 0).map((d) => d.title).filter(Boolean);
  const documents = docs.length;
  const report: Record<string, unknown> = {
    shelf: shelf.name,
    documents,
    buildSeconds: seconds,
    buildPeakRssMB: Math.round(kb / 1024),
    rootBytes,
    shards: root.manifest.length + root.index.length + root.bodies.length +
      (root.sections?.length ?? 0) + root.postings.length + (root.dictionary?.length ?? 0),
    // What every cold isolate reads before its first answer: the edge manifest and index.
    rootPartsMB: +(await partsBytes([...root.manifest, ...root.index], `${out}/dist`) / 1e6)
      .toFixed(1),
    largestPublished: `${largest.path.slice(out.length + 6)} (${
      (largest.size / 1e6).toFixed(1)
    } MB)`,
    largestShardKB: Math.round(largestShard / 1024),
  };
  if (today) await publishWhole(shelf.dir, out);
  const { server, counted, url } = staticServer(`${out}/dist`);
  for (const mode of today ? ["sharded", "today"] : ["sharded"]) {
    const runs: Record<string, number>[] = [];
    for (let run = 0; run < coldRuns; run++) {
      const queries = [
        questions?.[run % questions.length] ?? titles[run % titles.length]!,
        ...titles.filter((_, i) => i % coldRuns !== run % coldRuns).slice(0, 200),
      ];
      const file = `${out}/queries.json`;
      await Deno.writeTextFile(file, JSON.stringify(queries));
      counted.requests = 0;
      counted.bytes = 0;
      const child = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "--v8-flags=--expose-gc",
          `${ROOT}/scripts/bench/shards_cold.ts`,
          `${out}/edge`,
          url,
          mode,
          file,
        ],
        stdout: "piped",
        stderr: "piped",
      }).output();
      if (!child.success) throw new Error(new TextDecoder().decode(child.stderr).slice(-800));
      const result = JSON.parse(new TextDecoder().decode(child.stdout).trim().split("\n").at(-1)!);
      runs.push({ ...result, coldFetches: counted.coldRequests, coldKB: counted.coldBytes / 1024 });
    }
    const max = (key: string) => Math.round(Math.max(...runs.map((r) => r[key]!)));
    report[mode] = {
      ...(questions
        ? {
          coldMax: {
            wallMs: max("coldWallMs"),
            cpuMs: max("coldCpuMs"),
            fetches: max("coldFetches"),
            fetchedKB: max("coldKB"),
          },
        }
        : {}),
      coldWallMs: Math.round(median(runs.map((r) => r.coldWallMs!))),
      coldCpuMs: Math.round(median(runs.map((r) => r.coldCpuMs!))),
      coldFetches: median(runs.map((r) => r.coldFetches!)),
      coldFetchedKB: Math.round(median(runs.map((r) => r.coldKB!))),
      warmP50Ms: +median(runs.map((r) => r.warmP50!)).toFixed(2),
      warmP99Ms: +median(runs.map((r) => r.warmP99!)).toFixed(2),
      heapMB: Math.round(median(runs.map((r) => r.heapMB!))),
    };
  }
  await server.shutdown();
  console.log(JSON.stringify(report, null, 2));
  await Deno.remove(out, { recursive: true });
}
