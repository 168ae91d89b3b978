/**
 * What a site says about its own pages: the links between documents, as the build writes them
 * (`acdc://<source>/<path>`, see `content/document_links.ts`). Read once when an index is built,
 * never per request.
 *
 * Two things come of it for each document:
 * - its **anchor text**: the words other pages use when they link to it (the link's text, a
 *   reference definition's label), each distinct text once per linking page — indexed as the
 *   `links` field, so a page is found by what others call it;
 * - its **inbound count**: how many other pages link to it (each page once), the static prior's
 *   input (`bm25f.ts`'s `priorBoost`).
 *
 * Backtick mentions of another page's exact name (`` `tar` `` in a tldr page) were tried as
 * inbound votes and left out: most are words, not references (`` `regex` `` names a page and is
 * in 89 tldr pages as a placeholder), and they cost tldr one question on the evaluation.
 *
 * @module
 */

/** What the graph reads of one document. */
export interface LinkedDocument {
  /** `acdc://<source>/<path>`, as links name it. */
  uri: string;
  /** The body as the build wrote it (links as `acdc://` URIs). */
  body: string;
}

/** The graph's result, by document number. */
export interface LinkGraph {
  /** Inbound anchor texts, joined by ` , ` ("" when nobody links to it). */
  anchors: string[];
  /** Distinct other documents linking to it. */
  inbound: number[];
}

// `[text](acdc://source/path#fragment "title")`, the text without nested brackets.
const INLINE = /\[([^\]\n]{1,200})\]\(<?(acdc:\/\/[^\s)#>]+)/g;
// `[label]: acdc://source/path`
const DEFINITION = /^ {0,3}\[([^\]\n]{1,200})\]:[ \t]*<?(acdc:\/\/[^\s#>]+)/gm;
// `[text][label]`, a use of a definition.
const REFERENCE = /\[([^\]\n]{1,200})\]\[([^\]\n]{1,200})\]/g;
// Markup inside a link text that is not its words.
const MARKUP = /[`*_]|!\[[^\]]*\]/g;

/**
 * The link graph of `docs` (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { linkGraph } from "./link_graph.ts";
 * const g = linkGraph([
 *   { uri: "acdc://d/tar", body: "Archive files." },
 *   { uri: "acdc://d/gtar", body: "[GNU tar](acdc://d/tar), [*tar*](acdc://d/tar)" },
 *   { uri: "acdc://d/zip", body: "[the tar page][t]\n\n[t]: acdc://d/tar" },
 * ]);
 * assert.deepEqual(g.inbound, [2, 0, 0]);
 * assert.equal(g.anchors[0], "GNU tar , tar , the tar page , t");
 * assert.equal(g.anchors[1], "");
 * ```
 */
export function linkGraph(docs: readonly LinkedDocument[]): LinkGraph {
  const byUri = new Map<string, number>();
  docs.forEach((d, n) => byUri.set(d.uri, n));
  const anchors: string[][] = docs.map(() => []);
  const inbound = new Array<number>(docs.length).fill(0);
  docs.forEach((d, from) => {
    const targets = new Set<number>();
    const texts = new Map<number, Set<string>>();
    const link = (text: string, uri: string) => {
      const to = byUri.get(uri);
      if (to === undefined || to === from) return;
      targets.add(to);
      const words = text.replace(MARKUP, " ").replace(/\s+/g, " ").trim();
      if (words === "") return;
      let seen = texts.get(to);
      if (!seen) texts.set(to, seen = new Set());
      if (!seen.has(words)) {
        seen.add(words);
        anchors[to]!.push(words);
      }
    };
    const body = d.body;
    if (!body.includes("acdc://")) return;
    for (const m of body.matchAll(INLINE)) link(m[1]!, m[2]!);
    // A definition's label is its shortcut uses' text (`[menus]`); full uses have their own.
    const defined = new Map<string, string>();
    for (const m of body.matchAll(DEFINITION)) defined.set(m[1]!.toLowerCase(), m[2]!);
    for (const m of body.matchAll(REFERENCE)) {
      const uri = defined.get(m[2]!.toLowerCase());
      if (uri) link(m[1]!, uri);
    }
    for (const m of body.matchAll(DEFINITION)) link(m[1]!, m[2]!);
    for (const to of targets) inbound[to]!++;
  });
  return { anchors: anchors.map((a) => a.join(" , ")), inbound };
}
