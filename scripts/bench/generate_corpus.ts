/**
 * A synthetic knowledge base for benchmarks: `count` markdown documents with frontmatter,
 * headings and paragraphs drawn from a fixed vocabulary by a seeded generator, so every run
 * gets the same corpus.
 *
 * @module
 */
import type { SourceFile } from "../../src/build/build_manifest.ts";

const COMMON = ("agent archive build cache category config container context deploy directory " +
  "document edge engine error feature file filter format guide header index install isolate " +
  "key list manifest markdown memory network option package page pattern permission process " +
  "prompt protocol query release request resource response review route schema search section " +
  "server session source spec status storage stream tag template test token tool update upload " +
  "user version volume workflow write yaml zone")
  .split(" ");
const SYLLABLES =
  "ka lo mi ne ru sa ti vo ze pa do fi gu he ja ko li mu no pe qui ra se to va we xi yo zu"
    .split(" ");

/** A vocabulary of real words plus generated ones, for a Zipf-like word distribution. */
function vocabulary(rand: () => number, size: number): string[] {
  const words = new Set(COMMON);
  while (words.size < size) {
    const n = 2 + Math.floor(rand() * 3);
    let w = "";
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

/** Mulberry32: a tiny seeded PRNG. */
function prng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded Zipf-like word source over a 20,000-word vocabulary (common English words first). */
function zipfWords(seed: number) {
  const rand = prng(seed);
  const vocab = vocabulary(rand, 20_000);
  // Zipf with exponent ~1: rank = floor(V^u) gives P(rank) ∝ 1/rank.
  const pick = () =>
    vocab[Math.min(vocab.length - 1, Math.floor(Math.pow(vocab.length, rand())) - 1)]!;
  const sentence = (n: number) => Array.from({ length: n }, pick).join(" ");
  return { pick, sentence };
}

/**
 * Generates `count` documents of about `words` words each, in 20 category folders. Words follow
 * a Zipf-like distribution over a 20,000-word vocabulary (common English words first), so term
 * frequencies look like real text rather than every word being in every document.
 */
export function generateCorpus(count: number, words = 150, seed = 42): SourceFile[] {
  const { pick, sentence } = zipfWords(seed);
  const files: SourceFile[] = [];
  for (let i = 0; i < count; i++) {
    const title = `${pick()} ${pick()} ${i}`;
    const body = [`# ${title}`, "", sentence(20) + ".", "", `## ${pick()} ${pick()}`, ""];
    for (let w = 20; w < words; w += 20) body.push(sentence(20) + ".");
    files.push({
      path: `c${i % 20}/doc-${i}.md`,
      text: `---\ntitle: "${title}"\ntags: [${pick()}, ${pick()}]\nstatus: Live\n` +
        `lastUpdated: 2025-0${1 + (i % 9)}-1${i % 10}\n---\n${body.join("\n")}\n`,
    });
  }
  return files;
}

/** The words the generated corpora use most, most common first (what a hostile query picks). */
export const COMMON_WORDS: readonly string[] = COMMON;

/**
 * A site whose long pages outnumber its pages in sections: `pages` short pages of about 150 words,
 * and `long` reference pages of `sections` sections of about 140 words each — long enough (about
 * 90 KB against an average near 10 KB) that every section is also scored as a part of its page
 * (`part_rule.ts`), so a common word's postings hold far more parts than pages.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateLongPagesCorpus } from "./generate_corpus.ts";
 * const files = generateLongPagesCorpus(10, 2, 5);
 * assert.equal(files.length, 12);
 * assert.equal(files.at(-1)!.text.match(/^## /gm)!.length, 5);
 * ```
 */
export function generateLongPagesCorpus(
  pages: number,
  long: number,
  sections: number,
  seed = 7,
): SourceFile[] {
  const { pick, sentence } = zipfWords(seed);
  const files: SourceFile[] = [];
  for (let i = 0; i < pages; i++) {
    const body = Array.from({ length: 8 }, () => sentence(20) + ".").join(" ");
    files.push({ path: `notes/note-${i}.md`, text: `# ${pick()} ${pick()} ${i}\n\n${body}\n` });
  }
  for (let i = 0; i < long; i++) {
    const parts = Array.from(
      { length: sections },
      (_, j) =>
        `## ${pick()} ${pick()} ${j}\n\n` +
        Array.from({ length: 7 }, () => sentence(20) + ".").join(" "),
    );
    files.push({
      path: `reference/ref-${i}.md`,
      text: `# Reference ${i}\n\n${sentence(20)}.\n\n${parts.join("\n\n")}\n`,
    });
  }
  return files;
}
