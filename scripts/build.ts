/**
 * `deno task build`: content folders → `dist/_shelf/manifest.json` and the prebuilt search
 * index `dist/_shelf/index.json`; a public sharded build publishes `dist/_shelf/shards.json` and
 * the shards under `dist/_shelf/shards/` instead, no file of it over `--max-file-mb` (8 MB).
 *
 * Usage: deno task build [--config FILE | --content DIR] [--out DIR] [--lenient]
 *        [--edge-budget MB] [--site-url URL] [--shards] [--blobs-out DIR] [--max-file-mb MB]
 *
 * Also writes the agent-facing files: `llms.txt`, `llms-full.txt`, a markdown twin of every
 * document under `_shelf/md/` and category indexes under `_shelf/index/`.
 *
 * Prints what it saw, exposed and hid (with reasons), and warnings as `file:line: reason`.
 * Invalid YAML fails the build unless `--lenient`, which skips those files and reports them.
 *
 * Each source's files are read in batches and kept only as the build needs them (an HTML page as
 * its text, never its HTML); `SHELF_BUILD_MEMORY=1` prints the memory after each phase.
 *
 * @module
 */
import { ConfigError } from "../src/config/config_error.ts";
import { loadContentConfig } from "../src/build/load_content_config.ts";
import { asciiJson } from "../src/protocol/ascii_json.ts";
import { chunkListModule, viewListModule } from "../src/build/chunk_list_module.ts";
import { scopedStore } from "../src/content/scoped_store.ts";
import { splitBodies } from "../src/content/body_chunks.ts";
import { withLlmsFullSizes } from "../src/site/llms_full_sizes.ts";
import { compactManifest } from "../src/content/compact_documents.ts";
import { splitPostings } from "../src/search/postings_chunks.ts";
import { buildFromFolders, formatReport } from "../src/build/build_from_folders.ts";
import { createContentStore } from "../src/content/content_store.ts";
import type { Manifest } from "../src/content/manifest.ts";
import { siteUrl } from "../src/build/parse_metadata.ts";
import {
  categoryIndexes,
  renderLlmsFull,
  renderLlmsTxt,
  twinPath,
  webLinks,
} from "../src/site/llms_txt.ts";
import { buildIndexFor } from "../src/search/search_engine.ts";
import { edgeBuildModule } from "../src/entries/edge_build.ts";
import { writeEdgeImportMap } from "../src/build/edge_import_map.ts";
import { SHELF_VERSION } from "../src/version.ts";
import { memoryLog } from "../src/build/memory_log.ts";
import { asciiJsonPieces, gzippedSize, writeAsciiJson } from "../src/build/json_pieces.ts";
import { SHARD_PART_CHARS, writeShards } from "../src/build/write_shards.ts";
import { blobFile, blobKeyOf, BLOBS_UPLOAD_DIR } from "../src/shards/blobs_shard_source.ts";
import { PUBLISHED_ROOT_FILE, publishedRoot } from "../src/shards/published_root.ts";
import { inlineShards } from "../src/shards/inline_shards.ts";
import { llmsFullCap, MAX_PUBLISHED_BYTES, oversizedFiles } from "../src/build/published_files.ts";

/** Parsed arguments of the build script. */
export interface BuildArgs {
  config?: string;
  content?: string;
  out: string;
  lenient: boolean;
  /** Largest gzipped manifest + index (MB) bundled into the edge function. */
  edgeBudgetMB: number;
  /** Base URL of the links in llms.txt (else `site.url`, else `$URL`, else root-relative). */
  siteUrl?: string;
  /**
   * Where the edge function's modules go (default `.shelf/edge`): outside the published folder,
   * so that the CDN never serves them.
   */
  edgeOut: string;
  /**
   * A private build (`--private`, or an auth mode set in the build's environment, as Netlify
   * gives a site's variables to its builds): nothing of the content is written to the published
   * folder — no manifest, index, `llms.txt`, `llms-full.txt`, twins or indexes; the function
   * serves them behind its authentication.
   */
  private?: boolean;
  /**
   * Shards (`--shards`): the edge function bundles only the root of content-addressed shards,
   * read on first need — from the published `_shelf/shards/`, or, in a private build, from the
   * deploy's Netlify Blobs store. A build past the edge budget is sharded whatever the flag.
   */
  shards?: boolean;
  /**
   * Netlify's file-based Blobs upload folder (default `.netlify/v1/blobs/deploy`), where a
   * private sharded build writes its shards for Netlify's build to upload to the deploy store.
   */
  blobsOut: string;
  /**
   * Largest file (bytes) a public sharded build publishes (`--max-file-mb`, default 8 MB): the
   * shards' parts are cut below it, `llms-full.txt` is capped at half of it, and the build fails
   * naming any file it wrote past it.
   */
  maxFileBytes: number;
}

/** Parses the build flags (see the module doc); unknown flags are a {@link ConfigError}. */
export function parseBuildArgs(args: string[]): BuildArgs {
  const out: BuildArgs = {
    out: "dist",
    lenient: false,
    edgeBudgetMB: 15,
    edgeOut: ".shelf/edge",
    blobsOut: BLOBS_UPLOAD_DIR,
    maxFileBytes: MAX_PUBLISHED_BYTES,
  };
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new ConfigError(name, "needs a value");
      return v;
    };
    if (name === "--lenient") out.lenient = true;
    else if (name === "--private") out.private = true;
    else if (name === "--shards") out.shards = true;
    else if (name === "--blobs-out") out.blobsOut = value();
    else if (name === "--edge-out") out.edgeOut = value();
    else if (name === "--config" || name === "-c") out.config = value();
    else if (name === "--content") out.content = value();
    else if (name === "--out") out.out = value();
    else if (name === "--site-url") out.siteUrl = siteUrl(value(), name);
    else if (name === "--edge-budget") {
      const mb = Number(value());
      if (!Number.isFinite(mb) || mb < 0) {
        throw new ConfigError(name, "must be a number of megabytes");
      }
      out.edgeBudgetMB = mb;
    } else if (name === "--max-file-mb") {
      const bytes = Math.floor(Number(value()) * 1e6);
      if (!Number.isFinite(bytes) || bytes < 16_384) {
        throw new ConfigError(name, "must be a number of megabytes, at least 0.016384");
      }
      out.maxFileBytes = bytes;
    } else if (name !== "--") {
      throw new ConfigError(
        name,
        "unknown flag (use --config, --content, --out, --edge-out, --lenient, --private, " +
          "--edge-budget, --site-url, --shards, --blobs-out, --max-file-mb)",
      );
    }
  }
  return out;
}

/**
 * Whether the build's environment sets an authentication mode (Netlify gives a site's variables
 * to its builds as well as to its functions): then the build is private.
 */
function privateFromEnvironment(): boolean {
  const type = Deno.env.get("ACDC_MCP_AUTH_TYPE") ?? "";
  const techdoc = /^(1|true|yes)$/i.test(Deno.env.get("MCP_AUTH_REQUIRED") ?? "");
  return (type !== "" && type !== "none") || techdoc;
}

/** Most distinct scopes whose every combination gets a prebuilt index (2^4 − 1 views). */
const MAX_VIEW_SCOPES = 4;

/**
 * The prebuilt index of every view a token can have of the manifest: one per combination of the
 * scopes its sources need (the full store, which every scope sees, has the main index). Past
 * {@link MAX_VIEW_SCOPES} scopes only the view without any scope is prebuilt; the others are
 * built on their first search.
 */
async function viewIndexes(manifest: Manifest): Promise<{ hash: string; json: string }[]> {
  const scopes = [...new Set(manifest.sources.flatMap((s) => s.scope ?? []))];
  if (scopes.length === 0) return [];
  if (scopes.length > MAX_VIEW_SCOPES) {
    console.error(
      `warning: build: ${scopes.length} scopes; only the view without any scope is prebuilt ` +
        `(at most ${MAX_VIEW_SCOPES} scopes get every combination)`,
    );
  }
  const store = createContentStore(manifest);
  const subsets = scopes.length > MAX_VIEW_SCOPES
    ? [[]]
    : Array.from({ length: 2 ** scopes.length }, (_, bits) =>
      scopes.filter((_, i) => bits & (1 << i)));
  const out = new Map<string, string>();
  for (const subset of subsets) {
    const view = scopedStore(store, subset);
    if (view === store || out.has(view.contentHash)) continue;
    out.set(view.contentHash, asciiJson(await buildIndexFor(view).export()));
  }
  return [...out].map(([hash, json]) => ({ hash, json }));
}

/** UTF-8 size of a string (what lands on disk), not its length in UTF-16 code units. */
const byteLength = (text: string) => new TextEncoder().encode(text).byteLength;

/**
 * Builds the content folders named by `args` and writes the manifest, the index and the edge
 * files under `<out>/_shelf/`. Returns the exit code (1 when files had invalid frontmatter and
 * the build was not lenient) and the content folders, for watchers.
 */
export async function writeBuild(args: BuildArgs): Promise<{ code: number; folders: string[] }> {
  const config = await loadContentConfig(args);
  for (const warning of config.warnings) console.error(`warning: config: ${warning}`);
  const folders = config.sources.map((s) => s.path);
  const { manifest, report } = await buildFromFolders(config);
  memoryLog("manifest built");
  console.log(formatReport(report));
  if (report.errors.length > 0 && !args.lenient) {
    console.error(
      `build failed: ${report.errors.length} file(s) with invalid frontmatter (rerun with --lenient to skip them)`,
    );
    return { code: 1, folders };
  }
  // A source that needs a scope is never published, whatever the flags say.
  const scoped = manifest.sources.filter((s) => s.scope !== undefined).map((s) => s.name);
  const isPrivate = scoped.length > 0 || (args.private ?? privateFromEnvironment());
  if (scoped.length > 0) console.log(`private build: scoped source(s) ${scoped.join(", ")}`);
  // The edge modules of builds before they moved out of the published folder go.
  for (const stale of ["edge-manifest.json", "edge-index.json", "edge-bodies", "edge-postings"]) {
    await Deno.remove(`${args.out}/_shelf/${stale}`, { recursive: true }).catch(() => {});
  }
  for (const stale of ["edge-bodies.ts", "edge-postings.ts"]) {
    await Deno.remove(`${args.out}/_shelf/${stale}`).catch(() => {});
  }
  const published = `${args.out}/_shelf`;
  const dir = args.edgeOut;
  await Deno.mkdir(published, { recursive: true });
  await Deno.mkdir(dir, { recursive: true });
  // The whole manifest's and index's JSON are compressed (to weigh them against the budget) and
  // written piece by piece: neither is ever one string (`json_pieces.ts`).
  let gzipped = await gzippedSize(asciiJsonPieces(manifest));
  memoryLog("manifest gzipped");
  const started = performance.now();
  const index = await buildIndexFor(createContentStore(manifest)).export();
  memoryLog("index built");
  gzipped += await gzippedSize(asciiJsonPieces(index));
  memoryLog("index gzipped");
  // The edge function imports edge-manifest.json and edge-index.json. Within the budget they are
  // the manifest without its bodies and the index without its postings (both in chunks, under
  // edge-bodies/ and edge-postings/, listed by edge-bodies.ts and edge-postings.ts); past it
  // (Netlify bundles at most 20 MB compressed), or with --shards, edge-manifest.json is the root
  // of content-addressed shards (published under _shelf/shards/, or, in a private build, in the
  // Blobs upload folder), which each isolate reads on first need.
  // What each set of scopes sees has its own index (no term of a hidden source in it): built
  // here, so that no request builds one.
  const views = await viewIndexes(manifest);
  for (const view of views) gzipped += await gzippedSize([view.json]);
  memoryLog("views");
  const external = gzipped > args.edgeBudgetMB * 1024 * 1024;
  const sharded = external || args.shards === true;
  // Files of an earlier build go: a private build leaves nothing of the content published, and
  // a sharded one publishes its root and shards, not the whole manifest and index (nor the
  // other way round).
  const stale = isPrivate
    ? ["_shelf/manifest.json", "_shelf/index.json", "llms.txt", "llms-full.txt"]
    : sharded
    ? ["_shelf/manifest.json", "_shelf/index.json"]
    : [];
  for (const file of [...stale, `_shelf/${PUBLISHED_ROOT_FILE}`]) {
    await Deno.remove(`${args.out}/${file}`).catch(() => {});
  }
  await Deno.remove(`${published}/shards`, { recursive: true }).catch(() => {});
  await Deno.remove(`${args.blobsOut}/${blobKeyOf("")}`, { recursive: true }).catch(() => {});
  if (isPrivate) {
    for (const folder of ["_shelf/md", "_shelf/index"]) {
      await Deno.remove(`${args.out}/${folder}`, { recursive: true }).catch(() => {});
    }
    console.log(
      `private build: nothing of the content in ${args.out}/ (the function serves it behind auth)`,
    );
  } else if (!sharded) {
    const manifestBytes = await writeAsciiJson(`${published}/manifest.json`, manifest);
    console.log(
      `wrote ${published}/manifest.json (${manifestBytes} bytes, hash ${
        manifest.contentHash.slice(0, 12)
      })`,
    );
    const indexBytes = await writeAsciiJson(`${published}/index.json`, index);
    console.log(
      `wrote ${published}/index.json (${indexBytes} bytes, ${index.terms.length} ` +
        `terms, ${Math.round(performance.now() - started)} ms)`,
    );
  }
  // The function of a private build serves llms-full.txt from bodies kept apart: the sizes
  // written down let it read only the bodies that fit.
  const edgeManifest = isPrivate ? withLlmsFullSizes(manifest) : manifest;
  const root = sharded
    ? await writeShards(
      edgeManifest,
      index,
      views,
      isPrivate ? "blobs" : "site",
      writeShard(args, isPrivate),
      { partChars: Math.min(SHARD_PART_CHARS, args.maxFileBytes) },
    )
    : undefined;
  memoryLog("shards written");
  if (root) {
    // What a local server starts from (`deno task start`, `--manifest`): the root and the stamp;
    // a private build's beside its shards in the Blobs upload folder, never in dist/.
    const file = isPrivate
      ? blobFile(args.blobsOut, PUBLISHED_ROOT_FILE)
      : `${published}/${PUBLISHED_ROOT_FILE}`;
    const text = asciiJson(publishedRoot(manifest, root));
    await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(file, text);
    console.log(
      `wrote ${file} (${byteLength(text)} bytes, hash ${manifest.contentHash.slice(0, 12)}; ` +
        `index: ${index.terms.length} terms, ${Math.round(performance.now() - started)} ms)`,
    );
  }
  // The texts every cold isolate's first request reads, bundled beside the root when they fit.
  const inline = root
    ? await inlineShards(root, (name) => Deno.readTextFile(shardFile(args, isPrivate, name)))
    : undefined;
  const stub = root ? { shards: root, ...(inline ? { inline } : {}) } : undefined;
  const bodies = stub ? { edge: stub, chunks: [] } : splitBodies(edgeManifest);
  const postings = root ? { edge: { shards: true }, chunks: [] } : splitPostings(index);
  await Deno.writeTextFile(
    `${dir}/edge-manifest.json`,
    asciiJson("shards" in bodies.edge ? bodies.edge : compactManifest(bodies.edge)),
  );
  await Deno.writeTextFile(`${dir}/edge-index.json`, asciiJson(postings.edge));
  for (
    const [folder, chunks] of [
      ["edge-bodies", bodies.chunks],
      ["edge-postings", postings.chunks],
    ] as const
  ) {
    await Deno.remove(`${dir}/${folder}`, { recursive: true }).catch(() => {});
    await Deno.mkdir(`${dir}/${folder}`);
    for (const [k, chunk] of chunks.entries()) {
      await Deno.writeTextFile(`${dir}/${folder}/${k}.json`, asciiJson(chunk));
    }
    await Deno.writeTextFile(`${dir}/${folder}.ts`, chunkListModule(folder, chunks.length));
  }
  await Deno.remove(`${dir}/edge-views`, { recursive: true }).catch(() => {});
  await Deno.mkdir(`${dir}/edge-views`);
  for (const [k, view] of (root ? [] : views).entries()) {
    await Deno.writeTextFile(`${dir}/edge-views/${k}.json`, view.json);
  }
  await Deno.writeTextFile(
    `${dir}/edge-views.ts`,
    viewListModule(root ? [] : views.map((v) => v.hash)),
  );
  await Deno.writeTextFile(`${dir}/shelf_build.ts`, edgeBuildModule(SHELF_VERSION));
  await writeEdgeImportMap(dir);
  if (views.length > 0 && !root) console.log(`edge: ${views.length} scoped view index(es) bundled`);
  const size = (gzipped / 1e6).toFixed(2);
  console.log(
    root
      ? `edge: ${
        external ? `${size} MB gzipped is over the ${args.edgeBudgetMB} MB budget; ` : ""
      }` +
        `the edge function bundles the root of ${root.names.counts.bodies} body, ` +
        `${root.names.counts.postings} postings and ` +
        `${root.names.counts.dictionary} dictionary shards, named in ${root.names.pages.length} ` +
        `name pages (${byteLength(asciiJson(root))} bytes)${
          inline
            ? ` and the ${Object.keys(inline).length} shards every first request reads ` +
              `(${byteLength(asciiJson(inline))} bytes)`
            : ""
        }; the others are read on first need from ${
          isPrivate ? `Netlify Blobs (written to ${args.blobsOut}/)` : `${published}/shards/`
        }`
      : `edge: manifest, index, ${bodies.chunks.length} body and ${postings.chunks.length} postings chunks bundled (${size} MB gzipped)`,
  );
  if (isPrivate) return { code: 0, folders };
  const base = manifest.settings?.siteUrl ?? args.siteUrl ??
    (Deno.env.get("URL") ? siteUrl(Deno.env.get("URL"), "URL") : "");
  const llmsFullBytes = sharded ? llmsFullCap(args.maxFileBytes) : undefined;
  memoryLog("edge files written");
  const written = await writeSiteFiles(args.out, manifest, base, llmsFullBytes);
  console.log(
    `wrote ${args.out}/llms.txt, ${args.out}/llms-full.txt and ${written} markdown twins and ` +
      `category indexes under ${args.out}/_shelf/ (links based at ${base || "/"})`,
  );
  if (!sharded) return { code: 0, folders };
  const oversized = await oversizedFiles(args.out, args.maxFileBytes);
  if (oversized.length > 0) {
    console.error(
      `build failed: ${oversized.length} published file(s) over ${args.maxFileBytes} bytes ` +
        `(--max-file-mb): ${oversized.slice(0, 5).map((f) => `${f.path} (${f.bytes})`).join(", ")}`,
    );
    return { code: 1, folders };
  }
  return { code: 0, folders };
}

/** Where the build writes shard `name`: the Blobs upload folder of a private build, else `dist/`. */
function shardFile(args: BuildArgs, isPrivate: boolean, name: string): string {
  return isPrivate ? blobFile(args.blobsOut, name) : `${args.out}/_shelf/shards/${name}`;
}

/**
 * Where a shard goes: published under `<out>/_shelf/shards/`, or, in a private build, into Netlify's Blobs upload folder (`<blobsOut>/shelf-shards/<name>/blob`, the layout Netlify's
 * build uploads to the deploy store), which is never published.
 */
function writeShard(args: BuildArgs, isPrivate: boolean) {
  return async (name: string, text: string) => {
    const file = shardFile(args, isPrivate, name);
    await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(file, text);
  };
}

/**
 * Writes the agent-facing files (see `src/site/llms_txt.ts`) under `out`: `llms.txt` and
 * `llms-full.txt` at the root, twins under `_shelf/md/`, category indexes under `_shelf/index/`.
 * Both folders are emptied first, so a document hidden since the last build leaves no twin.
 * `llms-full.txt` is capped at `llmsFullBytes` (a sharded build's share of its file bound), else
 * at the server's own cap. Returns how many twins and indexes were written.
 */
export async function writeSiteFiles(
  out: string,
  manifest: Manifest,
  base: string,
  llmsFullBytes?: number,
) {
  for (const dir of [`${out}/_shelf/md`, `${out}/_shelf/index`]) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  await Deno.writeTextFile(`${out}/llms.txt`, renderLlmsTxt(manifest, base));
  await Deno.writeTextFile(`${out}/llms-full.txt`, renderLlmsFull(manifest, base, llmsFullBytes));
  const files = new Map(categoryIndexes(manifest, base));
  for (const doc of manifest.documents) {
    files.set(twinPath(doc), webLinks(manifest.bodies[doc.id]!, base));
  }
  for (const [sitePath, text] of files) {
    const parts = sitePath.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts.some((p) => p === ".." || p === "." || p.includes("/"))) {
      throw new Error(`refusing to write outside ${out}: ${sitePath}`);
    }
    const file = `${out}/${parts.join("/")}`;
    await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(file, text);
  }
  return files.size;
}

if (import.meta.main) {
  try {
    Deno.exit((await writeBuild(parseBuildArgs(Deno.args))).code);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`build: ${error.message}`);
      Deno.exit(2);
    }
    throw error;
  }
}
