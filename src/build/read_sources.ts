import { formatOf } from "./format_of.ts";
import type { FileIssue, SourceFile } from "./types.ts";
import { pathFilter } from "./glob.ts";

/** Default cap on a document file; larger files are skipped with a warning. */
export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;

/** Options of {@link readSourceFolder}. */
export interface ReadFolderOptions {
  /** Skip files larger than this many bytes. */
  maxFileSize?: number;
  /** Globs a document path must match (relative to the document root). */
  include?: readonly string[];
  /** Globs of document paths to leave out. */
  exclude?: readonly string[];
  /**
   * Hands the documents over in batches, in reading order, instead of returning them in
   * `files` (then empty): each batch has at most `files` files and, unless one file is larger,
   * at most `bytes` bytes of text (UTF-16 code units, as held). Only the batch being read is held
   * here, so a large folder never needs all its text in memory at once.
   */
  batches?: {
    files: number;
    bytes: number;
    take: (files: SourceFile[], root: string) => void | Promise<void>;
  };
}

/** The documents of one folder, plus what was skipped. */
export interface FolderContents {
  /** Root the paths are relative to (`<dir>/mcp-resources` for the ACDC layout). */
  root: string;
  files: SourceFile[];
  /** Prompt templates from `<dir>/mcp-prompts/` (ACDC layout only). */
  prompts: SourceFile[];
  warnings: FileIssue[];
}

/**
 * Reads every `.md`, `.markdown`, `.html`, `.htm` and `.txt` file under `dir`, recursively,
 * skipping dot-folders and `node_modules`, and not following symbolic links (no loops). When
 * the folder has an `mcp-resources/` subfolder (the ACDC layout) only that subfolder is read
 * for documents, and `mcp-prompts/*.md` for prompt templates. `include`/`exclude` globs and
 * `maxFileSize` narrow what is read; `batches` hands the documents over as they are read.
 * Runs at build time or server start, never per request.
 *
 * @example
 * ```ts ignore
 * import { readSourceFolder } from "./read_sources.ts";
 * const { files } = await readSourceFolder("content");
 * console.log(files.map((f) => f.path));
 * ```
 */
export async function readSourceFolder(
  dir: string,
  options: ReadFolderOptions = {},
): Promise<FolderContents> {
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  let root = dir.replace(/\/+$/, "") || "/";
  const info = await Deno.stat(root).catch(() => undefined);
  if (!info?.isDirectory) throw new Error(`folder not found: ${dir}`);
  const base = root;
  const files: SourceFile[] = [];
  const warnings: FileIssue[] = [];
  // lstat, not stat: a link named mcp-resources or mcp-prompts could point anywhere on the
  // build machine (`mcp-resources -> /`), and links are never followed. (A linked
  // mcp-resources is then an entry of the plain tree, which reports it like any link.)
  const isFolder = async (name: string, warnIfLink: boolean) => {
    const found = await Deno.lstat(`${base}/${name}`).catch(() => undefined);
    if (found?.isSymlink && warnIfLink) {
      warnings.push({ file: name, line: 1, reason: "symbolic link; not followed" });
    }
    return found?.isDirectory === true;
  };
  const acdc = await isFolder("mcp-resources", false);
  if (acdc) root = `${root}/mcp-resources`;
  const decoder = new TextDecoder("utf-8");
  const strict = new TextDecoder("utf-8", { fatal: true });
  const keep = pathFilter(options.include, options.exclude);
  const batches = options.batches;
  let held = 0;
  const handOver = async () => {
    if (!batches || files.length === 0) return;
    const batch = files.splice(0, files.length);
    held = 0;
    await batches.take(batch, root);
  };
  const walk = async (rel: string): Promise<void> => {
    const entries = [];
    for await (const entry of Deno.readDir(rel === "" ? root : `${root}/${rel}`)) {
      entries.push(entry);
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isSymlink) {
        if (formatOf(path) || !entry.name.includes(".")) {
          warnings.push({ file: path, line: 1, reason: "symbolic link; not followed" });
        }
        continue;
      }
      if (entry.isDirectory) {
        await walk(path);
        continue;
      }
      if (!entry.isFile || !formatOf(path) || !keep(path)) continue;
      const full = `${root}/${path}`;
      const stat = await Deno.lstat(full);
      if (stat.size > maxFileSize) {
        warnings.push({
          file: path,
          line: 1,
          reason: `file is ${stat.size} bytes, over the ${maxFileSize}-byte limit; skipped`,
        });
        continue;
      }
      const bytes = await Deno.readFile(full);
      if (bytes.includes(0)) {
        warnings.push({ file: path, line: 1, reason: "binary file (NUL bytes); skipped" });
        continue;
      }
      let text: string;
      try {
        text = strict.decode(bytes);
      } catch {
        text = decoder.decode(bytes);
        warnings.push({
          file: path,
          line: 1,
          reason: "not valid UTF-8; invalid bytes replaced with U+FFFD",
        });
      }
      if (batches && files.length > 0 && held + text.length > batches.bytes) await handOver();
      files.push({ path, text, ...(stat.mtime ? { modified: stat.mtime.toISOString() } : {}) });
      held += text.length;
      if (batches && files.length >= batches.files) await handOver();
    }
  };
  await walk("");
  await handOver();
  const prompts: SourceFile[] = [];
  if (acdc && await isFolder("mcp-prompts", true)) {
    for await (const entry of Deno.readDir(`${base}/mcp-prompts`)) {
      if (!entry.isFile || !entry.name.endsWith(".md")) continue;
      const full = `${base}/mcp-prompts/${entry.name}`;
      const size = (await Deno.lstat(full)).size;
      if (size > maxFileSize) {
        warnings.push({
          file: `mcp-prompts/${entry.name}`,
          line: 1,
          reason: `file is ${size} bytes, over the ${maxFileSize}-byte limit; skipped`,
        });
        continue;
      }
      prompts.push({ path: entry.name, text: await Deno.readTextFile(full) });
    }
    prompts.sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  return { root, files, prompts, warnings };
}
