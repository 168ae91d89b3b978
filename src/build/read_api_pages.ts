/**
 * The build step for API references (`dialects/api_page.ts`): each HTML page of a source whose
 * dialect is an API generator is read as its generator wrote it; the generator's navigation
 * pages are left out (counted in the report by kind) unless the source keeps them; of the
 * copies a generator writes of one item (rustdoc's re-exports) one is the page and the others
 * are left out, each reported with the page it repeats.
 *
 * @module
 */
import { API_DIALECTS } from "./dialects/api_page.ts";
import type { Dialect } from "./dialects/dialect.ts";
import type { ApiReading } from "./prepare_file.ts";
import type { BuildReport } from "./types.ts";

/** A page as the build holds it between steps, with its API reading (`prepare_file.ts`). */
export interface PageInput {
  file: { path: string };
  attrs: Record<string, unknown>;
  api?: ApiReading;
}

/**
 * Which of several copies of one item is the page: one under `std` before `core` and `alloc`
 * (where Rust's users look), then the shortest path, then the first by name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { canonicalCopy } from "./read_api_pages.ts";
 * assert.equal(canonicalCopy(["std/collections/hash_map/struct.HashMap.html", "std/collections/struct.HashMap.html"]),
 *   "std/collections/struct.HashMap.html");
 * assert.equal(canonicalCopy(["core/option/enum.Option.html", "std/option/enum.Option.html"]), "std/option/enum.Option.html");
 * ```
 */
export function canonicalCopy(paths: readonly string[]): string {
  const rank = (p: string) => (/^std\//.test(p) ? 0 : 1);
  return [...paths].sort((a, b) =>
    rank(a) - rank(b) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
  )[0]!;
}

/**
 * The pages of a source after the API generator's reading (see the module doc; each page was
 * read when prepared, `prepare_file.ts`, from the generator's page rewritten where it gave one):
 * the `attrs` of a page read from its rewritten HTML gain `kind` and `path` (the document's
 * metadata).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readApiPages } from "./read_api_pages.ts";
 * import { prepareFile } from "./prepare_file.ts";
 * import type { BuildReport } from "./types.ts";
 * const report: BuildReport = { seen: 0, exposed: 0, hidden: [], warnings: [], errors: [] };
 * const page = (path: string, text: string) => ({ file: { path }, attrs: {},
 *   api: prepareFile({ path, text }, { dialect: "javadoc", keepGenerated: false }).html!.api! });
 * const out = readApiPages([
 *   page("java.base/java/util/class-use/HashMap.html", "<html></html>"),
 *   page("java.base/java/util/HashMap.html", '<main><h1 title="Class HashMap">Class HashMap</h1></main>'),
 * ], "javadoc", false, report, (p) => p);
 * assert.deepEqual(out.map((p) => p.attrs), [{ kind: "class", path: "HashMap" }]);
 * assert.deepEqual(report.generated, { "javadoc's class-use page (Uses of …)": 1 });
 * ```
 */
export function readApiPages<P extends PageInput>(
  pages: readonly P[],
  dialect: Dialect,
  keepGenerated: boolean,
  report: BuildReport,
  label: (path: string) => string,
): P[] {
  if (!API_DIALECTS.has(dialect)) return [...pages];
  const read: { page: P; api?: ApiReading }[] = [];
  for (const page of pages) {
    const api = page.api;
    if (api?.generated && !keepGenerated) {
      const counts = report.generated ??= {};
      counts[api.generated] = (counts[api.generated] ?? 0) + 1;
      continue;
    }
    read.push(api ? { page, api } : { page });
  }
  // One page per item: the others repeat it.
  const copies = new Map<string, string[]>();
  for (const { page, api } of read) {
    if (api?.item) copies.set(api.item, [...(copies.get(api.item) ?? []), page.file.path]);
  }
  const repeats = new Map<string, string>();
  for (const paths of copies.values()) {
    if (paths.length < 2) continue;
    const canonical = canonicalCopy(paths);
    for (const p of paths) if (p !== canonical) repeats.set(p, canonical);
  }
  const out: P[] = [];
  for (const { page, api } of read) {
    const canonical = repeats.get(page.file.path);
    if (canonical !== undefined) {
      report.hidden.push({
        file: label(page.file.path),
        reason: `the same item as ${canonical} (a re-export): that is its page`,
      });
      continue;
    }
    if (!api?.rewritten) {
      out.push(page);
      continue;
    }
    out.push({
      ...page,
      attrs: {
        ...page.attrs,
        ...(api.kind ? { kind: api.kind } : {}),
        ...(api.path ? { path: api.path } : {}),
      },
    });
  }
  return out;
}
