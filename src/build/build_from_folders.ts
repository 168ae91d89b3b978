import { buildPreparedManifest, type BuildReport, type PreparedSource } from "./build_manifest.ts";
import type { Manifest } from "../content/manifest.ts";
import { readSourceFolder } from "./read_sources.ts";
import { type PreparedFile, prepareFile } from "./prepare_file.ts";
import type { SourceFile } from "./types.ts";
import type { Dialect } from "./dialects/dialect.ts";
import type { ContentConfig } from "./parse_metadata.ts";
import { ConfigError } from "../config/config_error.ts";
import { configFingerprint } from "./config_fingerprint.ts";
import { memoryLog } from "./memory_log.ts";
import { gitHistory } from "./git_history.ts";
import { detectSite, dialectFromFiles } from "./dialects/detect_dialect.ts";
import type { UrlStyle } from "./dialects/dialect.ts";

/** How files map to pages where neither the source nor its framework's configuration says. */
const DEFAULT_URL_STYLE: Record<string, UrlStyle> = {
  docusaurus: "clean",
  vitepress: "html",
  mkdocs: "directory",
  starlight: "directory",
  hugo: "directory",
  sphinx: "file",
  rustdoc: "file",
  javadoc: "file",
  mediawiki: "file",
  doxygen: "file",
  typedoc: "file",
  plain: "clean",
};

/**
 * How many files, and how much text, the build holds as read before preparing them: a batch of
 * raw files at a time (`read_sources.ts`), each dropped once prepared (`prepare_file.ts`).
 */
export const READ_BATCH = { files: 512, bytes: 32 * 1024 * 1024 };

/** How many of a folder's first files tell its dialect where nothing else does. */
const DIALECT_SAMPLE = 500;

/**
 * Reads every configured source folder and builds the manifest. Used by `scripts/build.ts`
 * and by `src/main.ts` at start; never per request. A missing folder throws a
 * {@link ConfigError} naming the source (`content[0].path: folder not found: ./docs`).
 *
 * @example
 * ```ts ignore
 * import { buildFromFolders } from "./build_from_folders.ts";
 * const { manifest, report } = await buildFromFolders(contentConfig);
 * ```
 */
export async function buildFromFolders(
  config: ContentConfig,
  options: { now?: Date; batch?: { files: number; bytes: number } } = {},
): Promise<{ manifest: Manifest; report: BuildReport }> {
  const inputs: PreparedSource[] = [];
  const commits: Record<string, string> = {};
  const readWarnings = [];
  for (const [i, source] of config.sources.entries()) {
    // The files are prepared as they are read, a batch at a time, once the dialect is known:
    // as configured, else its framework's configuration file's, else its first files' signs.
    const files: PreparedFile[] = [];
    const first: SourceFile[] = [];
    let detected: Awaited<ReturnType<typeof detectSite>> | undefined;
    let dialect: Dialect | undefined;
    let root = "";
    const prepare = (batch: SourceFile[]) => {
      for (const file of batch) {
        files.push(prepareFile(file, {
          dialect: dialect!,
          keepGenerated: source.keepGenerated ?? false,
          reread: (path) => new TextDecoder().decode(Deno.readFileSync(`${root}/${path}`)),
        }));
      }
    };
    const take = async (batch: SourceFile[], folderRoot: string) => {
      if (dialect === undefined) {
        root = folderRoot;
        detected ??= await detectSite(folderRoot);
        dialect = source.dialect ?? detected?.dialect;
        if (dialect === undefined) {
          first.push(...batch);
          if (first.length < DIALECT_SAMPLE) return;
          dialect = dialectFromFiles(first);
          batch = first.splice(0);
        }
      }
      prepare(batch);
    };
    let folder;
    try {
      folder = await readSourceFolder(source.path, {
        ...(source.maxFileSize !== undefined ? { maxFileSize: source.maxFileSize } : {}),
        ...(source.include ? { include: source.include } : {}),
        ...(source.exclude ? { exclude: source.exclude } : {}),
        batches: { ...(options.batch ?? READ_BATCH), take },
      });
    } catch (error) {
      throw new ConfigError(`content[${i}].path`, (error as Error).message);
    }
    detected ??= await detectSite(folder.root);
    if (dialect === undefined) {
      dialect = source.dialect ?? detected?.dialect ?? dialectFromFiles(first);
      prepare(first.splice(0));
    }
    // Dates from git where the folder is a checkout (a file's modification time otherwise).
    const history = await gitHistory(folder.root);
    if (history) commits[source.name] = history.commit;
    if (history) {
      for (const [k, f] of files.entries()) {
        const date = history.dates.get(f.path);
        if (date) files[k] = { ...f, modified: date };
      }
    }
    const input: PreparedSource = {
      name: source.name,
      description: source.description,
      files,
      prompts: folder.prompts,
    };
    if (source.statuses) input.statuses = source.statuses;
    if (source.requireStatus !== undefined) input.requireStatus = source.requireStatus;
    if (source.keepGenerated !== undefined) input.keepGenerated = source.keepGenerated;
    if (source.scope) input.scope = source.scope;
    input.dialect = dialect;
    const url = source.url ?? detected?.settings.url;
    if (url !== undefined) {
      input.site = {
        url: url.replace(/\/+$/, ""),
        urlStyle: source.urlStyle ?? detected?.settings.urlStyle ??
          DEFAULT_URL_STYLE[input.dialect] ?? "clean",
      };
    }
    inputs.push(input);
    memoryLog(`read ${source.name}`);
    readWarnings.push(...folder.warnings.map((w) => ({ ...w, file: `${source.name}/${w.file}` })));
  }
  const result = await buildPreparedManifest({
    server: config.server,
    sources: inputs,
    settings: config.settings,
    ...(options.now ? { now: options.now } : {}),
  });
  result.report.warnings.unshift(...readWarnings);
  result.manifest.buildConfig = await configFingerprint(config, Deno.cwd());
  if (Object.keys(commits).length > 0) result.manifest.commits = commits;
  return result;
}

/**
 * Formats a build report the way `deno task build` prints it: counts, hidden documents with
 * reasons, warnings and errors as `file:line: reason`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatReport } from "./build_from_folders.ts";
 * const text = formatReport({ seen: 2, exposed: 1, hidden: [{ file: "d/a.md", reason: "status Draft" }],
 *   warnings: [], errors: [] });
 * assert.ok(text.includes("hidden 1") && text.includes("d/a.md: status Draft"));
 * ```
 */
export function formatReport(report: BuildReport): string {
  const lines = [
    `documents: seen ${report.seen}, exposed ${report.exposed}, hidden ${report.hidden.length}`,
  ];
  for (const h of report.hidden) lines.push(`  hidden  ${h.file}: ${h.reason}`);
  const generated = Object.entries(report.generated ?? {});
  if (generated.length > 0) {
    const total = generated.reduce((n, [, count]) => n + count, 0);
    lines.push(`generated navigation left out: ${total} (keepGenerated: true keeps them)`);
    for (const [reason, count] of generated) lines.push(`  ${count}  ${reason}`);
  }
  for (const w of report.warnings) lines.push(`warning: ${w.file}:${w.line}: ${w.reason}`);
  for (const e of report.errors) lines.push(`error: ${e.file}:${e.line}: ${e.reason}`);
  return lines.join("\n");
}
