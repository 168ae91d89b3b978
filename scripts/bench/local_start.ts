/**
 * Time from a local server's process start to its first answers over stdio — `initialize`,
 * `tools/list` and a first `search` — as `deno task stdio` starts it in a project folder (which
 * serves the fresh prebuilt `dist/_shelf/` there, or `--manifest` when given).
 *
 * Usage: deno run -A scripts/bench/local_start.ts --cwd DIR [--main FILE] [--runs N]
 *        [--query WORDS] [-- server flags…]
 *
 * `--main` picks the entry (another checkout's `src/main.ts`, to compare versions). Each run is a
 * new process; the first is a warm-up (Deno's module cache) and is not counted. Prints the median
 * and every run's milliseconds, and the peak RSS the kernel reports for the server.
 *
 * @module
 */
import { median } from "./median.ts";

const args = [...Deno.args];
const flag = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args.splice(at, 2)[1]!;
};
const cwd = flag("--cwd", ".");
const main = flag("--main", new URL("../../src/main.ts", import.meta.url).pathname);
const runs = Number(flag("--runs", "5"));
const query = flag("--query", "search index");
const extra = args.includes("--") ? args.slice(args.indexOf("--") + 1) : [];

const requests = [
  ["initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "bench", version: "1" },
  }],
  ["tools/list", {}],
  ["tools/call", { name: "search", arguments: { query } }],
] as const;

/** CPU time (ms, user + system, all threads) the process `pid` has used so far. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => "");
  // Fields after the command name (in parentheses): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
}

/**
 * One process: the milliseconds from spawn to each answer, the CPU it used by then (which,
 * on a busy machine, says what the wall time would be on an idle one), and its peak RSS (kB).
 */
async function once(): Promise<{ ms: number[]; cpu: number[]; rssKb: number }> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", main, "--transport", "stdio", ...extra],
    cwd,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const ms: number[] = [];
  const cpu: number[] = [];
  let buffered = "";
  let rssKb = 0;
  for (const [id, [method, params]] of requests.entries()) {
    const line = JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n";
    await writer.write(new TextEncoder().encode(line));
    while (!buffered.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the server closed stdout before answering ${method}`);
      buffered += value;
    }
    const answer = JSON.parse(buffered.slice(0, buffered.indexOf("\n")));
    buffered = buffered.slice(buffered.indexOf("\n") + 1);
    if (answer.error || answer.result?.isError) {
      throw new Error(`${method}: ${JSON.stringify(answer).slice(0, 300)}`);
    }
    ms.push(performance.now() - started);
    cpu.push(await cpuMs(child.pid));
  }
  const status = await Deno.readTextFile(`/proc/${child.pid}/status`).catch(() => "");
  rssKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  await writer.close();
  await reader.cancel();
  await child.status;
  return { ms, cpu, rssKb };
}

await once();
const all: { ms: number[]; cpu: number[]; rssKb: number }[] = [];
for (let i = 0; i < runs; i++) all.push(await once());
const names = requests.map(([method, params]) =>
  "name" in params ? `${method} ${params.name}` : method
);
console.log(`${cwd} (${main}), ${runs} runs after a warm-up:`);
for (const [k, name] of names.entries()) {
  const times = all.map((r) => r.ms[k]!);
  const cpus = all.map((r) => r.cpu[k]!);
  console.log(
    `  first ${name}: median ${Math.round(median(times))} ms wall ` +
      `(${times.map((t) => Math.round(t)).join(", ")}), ${Math.round(median(cpus))} ms CPU ` +
      `(${cpus.join(", ")})`,
  );
}
console.log(`  peak RSS: median ${Math.round(median(all.map((r) => r.rssKb)) / 1024)} MB`);
