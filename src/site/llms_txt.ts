/**
 * The agent-facing files of a site, made from the manifest alone (so nothing hidden can appear):
 * `llms.txt` (llmstxt.org), `llms-full.txt`, a markdown twin of every document, and an index of
 * each category. The build writes them into `dist/`; the app serves the same text.
 *
 * @module
 */
import { mapDocumentLinks } from "../content/document_links.ts";
import type { Manifest, ManifestDocument } from "../content/manifest.ts";

/** Most document links in `llms.txt`; past it each section lists its first ones and links its index. */
export const LLMS_TXT_MAX_LINKS = 1000;
/**
 * Most bytes (UTF-8) of `llms-full.txt`, the base URL of its links not counted; documents past
 * it are left out, with a note saying so. Half the largest file a sharded build publishes
 * (`src/build/published_files.ts`), which leaves room for the links' base URLs.
 */
export const LLMS_FULL_MAX_BYTES = 4_000_000;

import { encodeSegment, twinPath } from "../content/twin_path.ts";

export { twinPath };

/** The site path of a category's index: `/_shelf/index/<source>/<category or _root>.md`. */
export function categoryIndexPath(source: string, category: string): string {
  return `/_shelf/index/${encodeSegment(source)}/${encodeSegment(category || "_root")}.md`;
}

/** One `llms.txt` section: a source's category and its documents, by title. */
interface Section {
  source: string;
  category: string;
  title: string;
  docs: ManifestDocument[];
}

function sections(manifest: Manifest): Section[] {
  const bySection = new Map<string, Section>();
  const multi = manifest.sources.length > 1;
  for (const doc of manifest.documents) {
    const key = `${doc.source}\0${doc.category}`;
    let section = bySection.get(key);
    if (!section) {
      const name = doc.category === "" ? "General" : humanize(doc.category);
      section = {
        source: doc.source,
        category: doc.category,
        title: multi ? `${doc.source}: ${name}` : name,
        docs: [],
      };
      bySection.set(key, section);
    }
    section.docs.push(doc);
  }
  const all = [...bySection.values()];
  for (const s of all) {
    s.docs.sort((a, b) => a.title.localeCompare(b.title) || (a.id < b.id ? -1 : 1));
  }
  return all.sort((a, b) =>
    a.source.localeCompare(b.source) ||
    (a.category === "" ? -1 : b.category === "" ? 1 : a.category.localeCompare(b.category))
  );
}

const humanize = (category: string) =>
  category.replace(/[-_]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** Text safe inside a markdown link label or a one-line note. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").replace(/[[\]]/g, "").trim();

const link = (doc: ManifestDocument, base: string) =>
  `- [${oneLine(doc.title) || doc.slug}](${base}${twinPath(doc)})` +
  (doc.description ? `: ${oneLine(doc.description)}` : "") +
  // The page on the live site, where its source has one: what an agent cites.
  (doc.url ? ` ([page](${doc.url}))` : "");

/**
 * `llms.txt` by the llmstxt.org rules: an H1 (the server's name), a blockquote summary, a
 * paragraph on how to use the site, then one H2 per source and category with a list of
 * `[title](twin URL): description` links, ordered by title. Past {@link LLMS_TXT_MAX_LINKS}
 * documents, each section keeps its share of links and ends with a link to its full index;
 * the `## Optional` section links `llms-full.txt`. `base` is the site's URL (no trailing `/`),
 * or `""` for root-relative links.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { renderLlmsTxt } from "./llms_txt.ts";
 * const { manifest } = await buildManifest({
 *   server: { name: "kb", version: "1" },
 *   sources: [{ name: "docs", description: "", files: [{ path: "guides/a.md", text: "# Alpha\n\nFirst." }] }],
 * });
 * const text = renderLlmsTxt(manifest, "https://kb.example");
 * assert.match(text, /^# kb\n/);
 * assert.match(text, /\n## Guides\n\n- \[Alpha\]\(https:\/\/kb\.example\/_shelf\/md\/docs\/guides\/a\.md\): First\.\n/);
 * ```
 */
export function renderLlmsTxt(manifest: Manifest, base: string): string {
  const { server } = manifest;
  const all = sections(manifest);
  const total = manifest.documents.length;
  const lines = [
    `# ${oneLine(server.name)}`,
    "",
    `> ${oneLine(summary(manifest))}`,
    "",
    `Each link is the markdown version of a page. The MCP endpoint at ${base}/mcp searches and ` +
    "reads the same documents (see /.well-known/mcp). " +
    `Built ${manifest.builtAt}; ${total} documents.`,
  ];
  for (const section of all) {
    const share = total <= LLMS_TXT_MAX_LINKS
      ? section.docs.length
      : Math.max(5, Math.floor(LLMS_TXT_MAX_LINKS * section.docs.length / total));
    lines.push("", `## ${oneLine(section.title)}`, "");
    for (const doc of section.docs.slice(0, share)) lines.push(link(doc, base));
    if (share < section.docs.length) {
      lines.push(
        `- [All ${section.docs.length} documents in ${oneLine(section.title)}](${base}${
          categoryIndexPath(section.source, section.category)
        }): the complete list`,
      );
    }
  }
  lines.push(
    "",
    "## Optional",
    "",
    `- [llms-full.txt](${base}/llms-full.txt): every document's text in one file`,
    "",
  );
  return lines.join("\n");
}

function summary(manifest: Manifest): string {
  const described = manifest.sources.map((s) => s.description).filter(Boolean);
  if (described.length > 0) return described.join("; ");
  return `${manifest.documents.length} documents served to AI agents over MCP by Shelf`;
}

/**
 * A category's complete list, as markdown links to the twins (linked from `llms.txt` when it
 * lists only part of a large category).
 */
export function renderCategoryIndex(
  manifest: Manifest,
  source: string,
  category: string,
  base: string,
): string | undefined {
  const section = sections(manifest).find((s) => s.source === source && s.category === category);
  if (!section) return undefined;
  return [`# ${oneLine(section.title)}`, "", ...section.docs.map((d) => link(d, base)), ""].join(
    "\n",
  );
}

/** Every category index of a manifest: site path → text. */
export function categoryIndexes(manifest: Manifest, base: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of sections(manifest)) {
    out.set(
      categoryIndexPath(s.source, s.category),
      renderCategoryIndex(manifest, s.source, s.category, base)!,
    );
  }
  return out;
}

/**
 * A body for the web (twins, `llms-full.txt`): links the build rewrote to `acdc://` URIs (see
 * `build/rewrite_links.ts`) point at the linked document's twin under `base` instead, which a
 * browser or a fetching agent can follow.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { webLinks } from "./llms_txt.ts";
 * assert.equal(
 *   webLinks("[a](acdc://docs/x/y#z) and\n[b]: acdc://docs/w", "https://s.io"),
 *   "[a](https://s.io/_shelf/md/docs/x/y.md#z) and\n[b]: https://s.io/_shelf/md/docs/w.md",
 * );
 * ```
 */
export function webLinks(body: string, base: string): string {
  return mapDocumentLinks(body, (source, path, fragment) => twinUrl(base, source, path, fragment));
}

/** A linked document's twin URL (the path as in its `acdc://` URI, already encoded). */
const twinUrl = (base: string, source: string, path: string, fragment: string) =>
  `${base}/_shelf/md/${source}/${path}.md${fragment}`;

/** A document's part of `llms-full.txt`, its links based at `base`, and how many links it has. */
function fullPart(
  doc: ManifestDocument,
  text: string,
  base: string,
): { part: string; links: number } {
  const title = oneLine(doc.title);
  let links = 1; // the Source line's
  // The body's own H1 is dropped when it repeats the title heading this file adds.
  const body = mapDocumentLinks(text, (source, path, fragment) => {
    links++;
    return twinUrl(base, source, path, fragment);
  }).trim().replace(/^# (.*)\n*/, (h1, text) => oneLine(text) === title ? "" : h1);
  const page = doc.url ? `Page: ${doc.url}\n` : "";
  return { part: `# ${title}\n\nSource: ${base}${twinPath(doc)}\n${page}\n${body}\n`, links };
}

/**
 * The bytes a document counts for in `llms-full.txt` (`body` its served text): its part's UTF-8
 * bytes without the base URL of its links, so the same whatever the base. A build that keeps its
 * bodies apart writes them down (`llms_full_sizes.ts`), and `llms-full.txt` is then made from the
 * bodies of the documents that fit alone.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { llmsFullBytes } from "./llms_txt.ts";
 * const doc = { title: "A", source: "docs", path: "a", url: undefined } as never;
 * // "# A\n\nSource: /_shelf/md/docs/a.md\n\nhé\n": the twin URL's base is not counted.
 * assert.equal(llmsFullBytes(doc, "# A\n\nhé"), 39);
 * ```
 */
export function llmsFullBytes(doc: ManifestDocument, body: string): number {
  return UTF8.encode(fullPart(doc, body, "").part).byteLength;
}

const UTF8 = new TextEncoder();

/**
 * The documents `llms-full.txt` holds under a cap of `max` bytes, in `llms.txt` order, given
 * what each counts for (`sizeOf`): each document that still fits after those before it, the
 * others left out (`left`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { llmsFullDocuments } from "./llms_txt.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "docs", description: "", files: [
 *     { path: "a.md", text: "# A" }, { path: "b.md", text: "# B" }, { path: "c.md", text: "# C" },
 *   ] },
 * ] });
 * const sizes = new Map([["docs/a", 500], ["docs/b", 800], ["docs/c", 400]]);
 * const { docs, left } = llmsFullDocuments(manifest, 1000, (d) => sizes.get(d.id)!);
 * assert.deepEqual(docs.map((d) => d.id), ["docs/a", "docs/c"]);
 * assert.equal(left, 1);
 * ```
 */
export function llmsFullDocuments(
  manifest: Manifest,
  max: number,
  sizeOf: (doc: ManifestDocument) => number,
): { docs: ManifestDocument[]; left: number } {
  const docs: ManifestDocument[] = [];
  let left = 0;
  for (const { doc, kept } of fitting(manifest, max, sizeOf)) {
    if (kept) docs.push(doc);
    else left++;
  }
  return { docs, left };
}

/** Each document in `llms.txt` order, and whether it fits (`sizeOf` called for it just before). */
function* fitting(
  manifest: Manifest,
  max: number,
  sizeOf: (doc: ManifestDocument) => number,
): Generator<{ doc: ManifestDocument; kept: boolean }> {
  let size = 0;
  for (const section of sections(manifest)) {
    for (const doc of section.docs) {
      const counted = sizeOf(doc);
      const kept = size + counted <= max;
      if (kept) size += counted;
      yield { doc, kept };
    }
  }
}

/**
 * `llms-full.txt`: each document as `# title`, its twin URL and its text (without its own H1
 * when that repeats the title), in `llms.txt` order,
 * up to {@link LLMS_FULL_MAX_BYTES} (bytes of UTF-8 text: the base URL in each link is not
 * counted, so the same documents fit whatever the base); a final note says how many were left
 * out. With `sizeOf` (what each document counts for, {@link llmsFullBytes}, written down by the
 * build) only the bodies of the documents that fit are read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildManifest } from "../build/build_manifest.ts";
 * import { llmsFullBytes, renderLlmsFull } from "./llms_txt.ts";
 * const { manifest } = await buildManifest({ server: { name: "kb", version: "1" }, sources: [
 *   { name: "docs", description: "", files: [
 *     { path: "a.md", text: "# A\n\n" + "é".repeat(400) },
 *     { path: "b.md", text: "# B\n\n" + "e".repeat(400) },
 *   ] },
 * ] });
 * // 400 "é" are 800 bytes: past a 700-byte cap, though 400 characters.
 * const text = renderLlmsFull(manifest, "", 700);
 * assert.match(text, /^# B\n/);
 * assert.match(text, /1 documents did not fit the 700-byte cap/);
 * // The same from the sizes alone, reading only the body that fits.
 * const read: string[] = [];
 * const bodyOf = (d: { id: string }) => (read.push(d.id), manifest.bodies[d.id]!);
 * const sizeOf = (d: { id: string }) => llmsFullBytes(d as never, manifest.bodies[d.id]!);
 * assert.equal(renderLlmsFull(manifest, "", 700, bodyOf, sizeOf), text);
 * assert.deepEqual(read, ["docs/b"]);
 * ```
 */
export function renderLlmsFull(
  manifest: Manifest,
  base: string,
  max = LLMS_FULL_MAX_BYTES,
  bodyOf: (doc: ManifestDocument) => string = (doc) => manifest.bodies[doc.id] ?? "",
  sizeOf?: (doc: ManifestDocument) => number,
): string {
  const baseBytes = UTF8.encode(base).byteLength;
  // Without sizes, each document's part is made once: to count it, then kept if it fits.
  let made = "";
  const counted = sizeOf ?? ((doc: ManifestDocument) => {
    const { part, links } = fullPart(doc, bodyOf(doc), base);
    made = part;
    return UTF8.encode(part).byteLength - links * baseBytes;
  });
  const parts: string[] = [];
  let left = 0;
  for (const { doc, kept } of fitting(manifest, max, counted)) {
    if (!kept) left++;
    else parts.push(sizeOf ? fullPart(doc, bodyOf(doc), base).part : made);
  }
  if (left > 0) {
    parts.push(
      `# Left out\n\n${left} documents did not fit the ${max}-byte cap of this file; ` +
        `read them through ${base}/llms.txt or the MCP endpoint.\n`,
    );
  }
  return parts.join("\n---\n\n");
}
