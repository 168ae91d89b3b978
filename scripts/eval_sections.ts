/**
 * `deno run --allow-read --allow-env scripts/eval_sections.ts`: what ranking a page by its whole
 * plus its best section changes, on both question sets of `deno task eval`, for several weights
 * and page lengths — the measurement the part rule (`src/search/part_rule.ts`: pages over 8× the
 * average, λ 0.5) was chosen by (docs/search.md, "Parts of long pages"). The baseline (λ 0) is
 * the ranking without parts.
 *
 * The sections the part rule would choose (`partSections`: each under 60% of its page and 50
 * characters or more), of pages at least `SPLIT` times their corpus's average (0: every page), becomes a document of a second index: its heading as
 * the title, its text as the body, scored by the statistics of the sections. A page then scores
 * its whole + λ × its best section's score; a page with no such section counts its whole as its
 * best. Prints MRR@5 per corpus and, pooled, the paired bootstrap difference to the ranking without parts
 * (λ = 0), per question set.
 *
 * @module
 */
import type { ContentStore } from "../src/content/content_store.ts";
import { createContentStore } from "../src/content/content_store.ts";
import type { Manifest, ManifestDocument } from "../src/content/manifest.ts";
import {
  buildIndexFor,
  createSearchEngine,
  indexableDocuments,
} from "../src/search/search_engine.ts";
import { buildSearchIndex } from "../src/search/search_index.ts";
import { partSections } from "../src/search/part_rule.ts";
import { acdcWeights, DEFAULT_SEARCH_SETTINGS } from "../src/search/search_settings.ts";
import { bootstrapDifference, loadStore, type QuestionSet, readFixtures } from "./eval.ts";

const LAMBDAS = [0, 0.25, 0.5, 1];
const SPLITS = [0, 1, 2, 4, 8];
/** Candidates of the page ranking that a section can lift. */
const CANDIDATES = 100;

/** A store whose documents are the qualifying sections of `store`'s pages longer than `split`× average. */
async function sectionStore(store: ContentStore, split: number) {
  await store.loadBodies();
  const docs = store.manifest.documents;
  const average = docs.reduce((a, d) => a + store.body(d).length, 0) / Math.max(1, docs.length);
  const parts: ManifestDocument[] = [];
  const bodies: Record<string, string> = {};
  const pageOf = new Map<string, string>();
  const splitPages = new Set<string>();
  for (const d of docs) {
    const body = store.body(d);
    // The part rule's choice of sections, for pages over `split` × the average.
    const qualifying = partSections(d, body.length, average, split);
    if (qualifying.length > 0) splitPages.add(d.path);
    qualifying.forEach(({ index: i, section: s }) => {
      const id = `${d.id}#${i}`;
      parts.push({
        ...d,
        id,
        uri: `${d.uri}#${i}`,
        path: `${d.path}#${i}`,
        slug: `${d.slug}-${i}`,
        title: s.title,
        description: "",
        keywords: [],
        sections: [],
        relatedIds: [],
        supersededBy: [],
      });
      bodies[id] = body.slice(s.start, s.end);
      pageOf.set(`${d.path}#${i}`, d.path);
    });
  }
  const manifest = { ...store.manifest, documents: parts, bodies } as unknown as Manifest;
  return { store: createContentStore(manifest), pageOf, split: splitPages };
}

/** Ranks (1-based, 0 when not in the 10) per variant key, over every ranked question of a set. */
async function ranksOf(set: QuestionSet) {
  const weights = acdcWeights(DEFAULT_SEARCH_SETTINGS);
  const ranks: Record<string, Record<string, number[]>> = {};
  for (const fixture of await readFixtures(undefined, set)) {
    const store = await loadStore([fixture], ["docs"]);
    // The pages alone: the ranking before the part rule.
    const pageDocuments = indexableDocuments(store).filter((d) => d.partOf === undefined);
    const pages = createSearchEngine(store, buildSearchIndex(pageDocuments, store.contentHash));
    for (const split of SPLITS) {
      const sections = await sectionStore(store, split);
      const engine = createSearchEngine(sections.store, buildIndexFor(sections.store));
      for (const c of fixture.cases) {
        if (!c.expect) continue;
        const whole = (await pages.query(c.query, { weights, limit: CANDIDATES })).hits;
        const best = new Map<string, number>();
        for (const h of (await engine.query(c.query, { weights, limit: 3 * CANDIDATES })).hits) {
          const page = sections.pageOf.get(h.doc.path)!;
          best.set(page, Math.max(best.get(page) ?? 0, h.score));
        }
        for (const lambda of LAMBDAS) {
          const ranked = whole.map((h) => {
            const part = best.get(h.doc.path) ?? (sections.split.has(h.doc.path) ? 0 : h.score);
            return { path: h.doc.path, partial: h.partial, score: h.score + lambda * part };
          }).sort((a, b) => Number(a.partial) - Number(b.partial) || b.score - a.score);
          const rank = ranked.slice(0, 10).findIndex((h) => c.expect!.includes(h.path)) + 1;
          ((ranks[`split ${split}× λ ${lambda}`] ??= {})[fixture.corpus] ??= []).push(rank);
        }
      }
    }
  }
  return ranks;
}

const mrr5 = (ranks: number[]) =>
  ranks.reduce((a, r) => a + (r >= 1 && r <= 5 ? 1 / r : 0), 0) / Math.max(1, ranks.length);

if (import.meta.main) {
  for (const set of ["fixtures", "long_pages"] as const) {
    const ranks = await ranksOf(set);
    const corpora = Object.keys(ranks[`split 0× λ 0`]!).sort();
    console.log(
      `\n${set}: MRR@5 per corpus, pooled, and pooled − without parts (λ 0), 95% interval`,
    );
    console.log(["variant".padEnd(18), ...corpora.map((c) => c.slice(0, 9).padStart(10))].join(""));
    const before = corpora.flatMap((c) => ranks[`split 0× λ 0`]![c]!);
    for (const [variant, byCorpus] of Object.entries(ranks)) {
      if (variant.endsWith("λ 0") && variant !== "split 0× λ 0") continue;
      const all = corpora.flatMap((c) => byCorpus[c]!);
      const d = bootstrapDifference({ shelf: all, before });
      console.log(
        variant.padEnd(18) + corpora.map((c) =>
          mrr5(byCorpus[c]!).toFixed(3).padStart(10)
        ).join("") +
          `   pooled ${mrr5(all).toFixed(3)}  ${d.diff >= 0 ? "+" : ""}${d.diff.toFixed(3)} ` +
          `[${d.low.toFixed(3)}, ${d.high.toFixed(3)}]`,
      );
    }
  }
}
