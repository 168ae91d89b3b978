/**
 * The eszip cold start of this checkout against earlier commits, interleaved: the machines this
 * runs on drift by 2–3× between hours, so a cold start measured today cannot be set beside one
 * measured last week, but its ratio to the same commit measured in the same minutes can.
 *
 * Each commit's tree comes from `git archive`; a folder named instead of a commit is taken as it
 * is (a copy of the checkout with one setting changed, say, to measure a variant before committing
 * it: `git archive HEAD | tar -x -C /tmp/variant`, edit, then name `/tmp/variant`). For each corpus,
 * every tree (this checkout first) is built with its own build script, bundled by Netlify's bundler
 * and unpacked (the steps of `cold_eszip.ts`); then fresh processes load each eszip as JavaScript,
 * as the edge does, and answer one `search`, the trees taking turns. Prints each tree's medians of
 * import + first search and this checkout's ratio to each.
 *
 * Usage: deno run -A scripts/bench/cold_against.ts <commit or folder>… [--runs=N]
 * [--corpus=name]… (default: 15 runs; asdlc, hugo-docs and tldr). Not part of `deno task bench`:
 * it needs the repository's history. Writes dist/bench/cold-against.json.
 *
 * @module
 */
import { ROOT } from "../../tests/helpers.ts";
import { netlifyTools, run } from "../../tests/netlify/netlify_tools.ts";
import { runUnpackedArgs } from "../../tests/netlify/netlify_bundle.ts";
import { type ColdEszip, coldEszip } from "./cold_eszip.ts";
import { coldRuns, type ColdTimes, QUERY } from "./cold_runs.ts";
import { machine } from "./search_bench.ts";

/** What the command line asks for. */
export interface AgainstArgs {
  /** Commits, or folders holding a tree, in the order named. */
  commits: string[];
  runs: number;
  corpora: string[];
}

/**
 * Reads the command line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseAgainstArgs } from "./cold_against.ts";
 * assert.deepEqual(parseAgainstArgs(["9ed9d7b", "--runs=9", "--corpus=tldr"]), {
 *   commits: ["9ed9d7b"], runs: 9, corpora: ["tldr"],
 * });
 * assert.equal(parseAgainstArgs(["HEAD~1"]).runs, 15);
 * assert.throws(() => parseAgainstArgs([]), /at least one commit/);
 * assert.throws(() => parseAgainstArgs(["x", "--runs=0"]), /--runs/);
 * ```
 */
export function parseAgainstArgs(args: string[]): AgainstArgs {
  const commits: string[] = [];
  const corpora: string[] = [];
  let runs = 15;
  for (const arg of args) {
    const [flag, value] = arg.split("=", 2) as [string, string | undefined];
    if (flag === "--runs") {
      runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1 || runs > 1000) {
        throw new Error(`--runs must be a whole number from 1 to 1000, got '${value}'`);
      }
    } else if (flag === "--corpus" && value) corpora.push(value);
    else if (arg.startsWith("-")) throw new Error(`unknown option '${arg}'`);
    else commits.push(arg);
  }
  if (commits.length === 0) {
    throw new Error("name at least one commit or folder to measure against");
  }
  return { commits, runs, corpora: corpora.length > 0 ? corpora : ["asdlc", "hugo-docs", "tldr"] };
}

/** The tree of `commit` of this repository, extracted into a new temporary folder. */
async function treeOf(commit: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "shelf-cold-tree-" });
  const tar = `${dir}.tar`;
  try {
    await run("git", ["archive", "--format=tar", "-o", tar, commit], ROOT);
    await run("tar", ["-xf", tar, "-C", dir], ROOT);
  } finally {
    await Deno.remove(tar).catch(() => {});
  }
  return dir;
}

/** Whether `name` is an existing folder (then it is a tree to measure, not a commit). */
async function isFolder(name: string): Promise<boolean> {
  try {
    return (await Deno.stat(name)).isDirectory;
  } catch {
    return false;
  }
}

if (import.meta.main) {
  const args = parseAgainstArgs(Deno.args);
  const tools = await netlifyTools();
  // Folders named on the command line are the caller's: measured, never removed.
  const trees: { label: string; dir: string; ours: boolean }[] = [];
  for (const commit of args.commits) {
    if (await isFolder(commit)) {
      trees.push({ label: commit, dir: commit, ours: false });
      continue;
    }
    const id = (await run("git", ["rev-parse", "--short", commit], ROOT)).trim();
    trees.push({ label: id, dir: await treeOf(commit), ours: true });
  }
  const results: { corpus: string; trees: (ColdTimes & { tree: string })[] }[] = [];
  try {
    for (const corpus of args.corpora) {
      console.error(`cold start against ${args.commits.join(", ")}: ${corpus}`);
      const eszips: ColdEszip[] = [];
      try {
        eszips.push(await coldEszip(corpus, tools));
        for (const tree of trees) eszips.push(await coldEszip(corpus, tools, tree.dir));
        const times = await coldRuns(
          eszips.map((e) => runUnpackedArgs(e.unpacked, "cold.js", [], "js")),
          QUERY[corpus] ?? "search",
          ROOT,
          args.runs,
        );
        results.push({
          corpus,
          trees: times.map((t, k) => ({
            tree: k === 0 ? "this checkout" : trees[k - 1]!.label,
            ...t,
          })),
        });
      } finally {
        for (const e of eszips) await e.remove();
      }
    }
  } finally {
    for (const tree of trees) if (tree.ours) await Deno.remove(tree.dir, { recursive: true });
  }
  const report = {
    date: new Date().toISOString(),
    machine: await machine(),
    runs: args.runs,
    results,
  };
  await Deno.mkdir(`${ROOT}/dist/bench`, { recursive: true });
  await Deno.writeTextFile(`${ROOT}/dist/bench/cold-against.json`, JSON.stringify(report, null, 2));
  const ms = (t: ColdTimes) =>
    `${t.importMs.toFixed(0)} + ${t.searchMs.toFixed(0)} = ${t.totalMs.toFixed(0)} ms ` +
    `(CPU ${t.cpuMs.toFixed(0)})`;
  console.log(
    `| corpus | this checkout | ${
      trees.map((t) => `${t.label} | this ÷ ${t.label}`).join(" | ")
    } |`,
  );
  console.log(`| --- | ---: | ${trees.map(() => "---: | ---:").join(" | ")} |`);
  for (const { corpus, trees: [self, ...others] } of results) {
    const cells = others.map((o) =>
      `${ms(o)} | ${(self!.totalMs / o.totalMs).toFixed(2)} (CPU ${
        (self!.cpuMs / o.cpuMs).toFixed(2)
      })`
    );
    console.log(`| ${corpus} | ${ms(self!)} | ${cells.join(" | ")} |`);
  }
}
