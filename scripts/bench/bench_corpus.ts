/**
 * The benchmarks' corpora: the real ones under `../shared/corpora/` and the generated
 * `synthetic-50k`, built into a manifest, and the files every HTTP benchmark serves from
 * (`dist/bench/<corpus>/_shelf/manifest.json` and `index.json`), made on first use so each
 * benchmark also runs on its own.
 *
 * @module
 */
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { buildIndexFor } from "../../src/search/search_engine.ts";
import { generateCorpus, generateLongPagesCorpus } from "./generate_corpus.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

/** Where the benchmarks keep their output and each corpus's built files. */
export const BENCH_OUT = `${ROOT}dist/bench`;

/**
 * The generated site whose 200 reference pages of 100 sections make 20,000 parts, ten times its
 * 2,000 pages (`generateLongPagesCorpus`).
 */
export const LONG_PAGES_CORPUS = "generated long pages";

/** Builds a corpus's manifest (`synthetic-50k` has 5,000 documents when `small`). */
export async function loadCorpus(
  name: string,
  small = false,
): Promise<{ manifest: Manifest; ms: number }> {
  const t = performance.now();
  if (name === "synthetic-50k" || name === LONG_PAGES_CORPUS) {
    const files = name === LONG_PAGES_CORPUS
      ? generateLongPagesCorpus(1_800, 200, 100)
      : generateCorpus(small ? 5_000 : 50_000);
    const { manifest } = await buildManifest({
      server: { name, version: "bench" },
      sources: [{ name: "docs", description: name, files }],
    });
    return { manifest, ms: performance.now() - t };
  }
  const { manifest } = await buildFromFolders({
    server: { name, version: "bench" },
    sources: [{ name: "docs", description: name, path: `${ROOT}../shared/corpora/${name}` }],
    settings: {},
    warnings: [],
  });
  return { manifest, ms: performance.now() - t };
}

/** Writes a corpus's `_shelf/manifest.json` and `_shelf/index.json` under {@link BENCH_OUT}. */
export async function writeBenchFiles(
  name: string,
  manifestJson: string,
  indexJson: string,
): Promise<string> {
  const dir = `${BENCH_OUT}/${name}/_shelf`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/manifest.json`, manifestJson);
  await Deno.writeTextFile(`${dir}/index.json`, indexJson);
  return `${dir}/manifest.json`;
}

/**
 * The path of a corpus's benchmark manifest, building it and its index first when no earlier
 * benchmark has (the search benchmark writes the same files).
 */
export async function benchManifestFile(name: string): Promise<string> {
  const file = `${BENCH_OUT}/${name}/_shelf/manifest.json`;
  try {
    await Deno.stat(file);
    return file;
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  console.error(`  building ${name} (no ${file} yet)`);
  const { manifest } = await loadCorpus(name);
  const index = buildIndexFor(createContentStore(manifest));
  return writeBenchFiles(name, JSON.stringify(manifest), JSON.stringify(await index.export()));
}
