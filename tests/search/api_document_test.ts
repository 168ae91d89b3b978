/**
 * The member test read from a page's member names (`apiMembers`, what a sharded build's edge
 * manifest keeps) answers as the page's member headings do (`namedMember`'s `typeNamed`), for
 * questions made of the types and members of real API pages, written as readers type them.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { ManifestDocument } from "../../src/content/manifest.ts";
import {
  apiMembers,
  namedMember,
  namesApiPage,
  namesPathTail,
} from "../../src/search/api_document.ts";
import { buildFolder } from "../helpers.ts";

const JAVA = "/usr/share/doc/openjdk-17-doc/api/java.base/java/util/concurrent";
const RUST = "/usr/share/doc/rust-doc/html/std/collections";
const HAS = async (dir: string) => await Deno.stat(dir).then(() => true, () => false);
const SHELVES = [JAVA, RUST];

/** The page as a sharded build's engine reads it: member names, no sections to read. */
const sharded = (doc: ManifestDocument) => ({
  title: doc.title,
  meta: doc.meta,
  apiMembers: apiMembers(doc) ?? "",
  get sections(): ManifestSection[] {
    throw new Error("a section read");
  },
});
type ManifestSection = ManifestDocument["sections"][number];

for (const dir of SHELVES) {
  Deno.test({
    name: `api document: ${
      dir.slice(dir.indexOf("doc/") + 4)
    }: a page's member names name it as its sections do`,
    ignore: !(await HAS(dir)),
    async fn() {
      const { manifest } = await buildFolder(dir);
      const pages = manifest.documents.filter((d) => apiMembers(d) !== undefined);
      assert.ok(pages.length > 10, `${pages.length} API pages with members`);
      // The words of their headings, as typed: types (whole and in part) and members.
      const words = [
        ...new Set(
          pages.flatMap((d) =>
            d.sections.flatMap((s) => s.anchor === undefined ? [] : s.title.split(/::|[.()\s,]+/))
          ),
        ),
      ].filter((w) => w !== "");
      assert.ok(words.length > 50, `${words.length} words`);
      const glue = fc.constantFrom(" ", "::", ".", "  ", "(", ") ");
      const question = fc.tuple(
        fc.array(fc.tuple(fc.constantFrom(...words), glue, fc.boolean()), {
          minLength: 1,
          maxLength: 4,
        }),
      ).map(([parts]) => parts.map(([w, g, upper]) => (upper ? w.toUpperCase() : w) + g).join(""));
      fc.assert(
        fc.property(fc.constantFrom(...pages), question, (doc, query) => {
          const bySections = namesApiPage({ ...doc, sections: [] }, query) ||
            namedMember(doc, query)?.typeNamed === true;
          assert.equal(namesApiPage(sharded(doc), query), bySections, `${doc.id}: ${query}`);
          assert.equal(namesApiPage(doc, query), bySections, `${doc.id}: ${query}`);
        }),
        { numRuns: 3000 },
      );
      // Every page named by a type and member of its own, and not by the member alone.
      for (const doc of pages) {
        const [type, member] = apiMembers(doc)!.split("|")[0]!.split(" ");
        assert.equal(namesApiPage(sharded(doc), `${type} ${member}`), true, doc.id);
        assert.equal(
          namesApiPage(sharded(doc), `${member} ${member}`),
          namesApiPage(doc, `${member} ${member}`),
          doc.id,
        );
      }
    },
  });
}

/** The pattern `namesPathTail` replaced (one made per page), as the reference it must agree with. */
const tailPattern = (a: string, b: string) => {
  const [x, y] = [a, b].map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(^|\\W)${x}(::|\\.|\\s+)${y}(?![\\w:.])`);
};

Deno.test("api document: a path's last two parts are found in a query as the pattern found them", () => {
  // Parts and glue that meet at every edge the pattern tells apart: word characters, `:` and `.`
  // after the second part, spaces of every kind, parts holding punctuation (`operator+=`).
  const part = fc.constantFrom(
    "fs",
    "f",
    "s",
    "map",
    "entry",
    "a_b",
    "x1",
    "operator+=",
    "[]",
    "é",
    ":y",
    "a-b",
  );
  const glue = fc.constantFrom(
    "",
    " ",
    "  ",
    "::",
    ":::",
    ".",
    "..",
    ":",
    "\u00a0",
    "\t",
    "_",
    "x",
    "(",
    "<t>",
  );
  // Texts holding the two parts side by side or nearly (so that they meet often), among others.
  const pieces = (a: string, b: string) =>
    fc.array(fc.oneof(fc.constant(a), fc.constant(b), part, glue), { maxLength: 4 })
      .map((xs) => xs.join(""));
  const asked = fc.tuple(part, part).chain(([a, b]) =>
    fc.tuple(
      fc.constant(a),
      fc.constant(b),
      fc.tuple(
        pieces(a, b),
        glue,
        fc.constantFrom("::", ".", " ", "  ", "\u00a0", ":", "", "x"),
        glue,
        pieces(a, b),
      )
        .map(([before, x, between, y, after]) => before + x + a + between + b + y + after),
    )
  );
  let named = 0;
  fc.assert(
    fc.property(asked, ([a, b, typed]) => {
      const expected = tailPattern(a, b).test(typed);
      named += expected ? 1 : 0;
      assert.equal(namesPathTail(typed, a, b), expected, `${a} ${b} in ${typed}`);
    }),
    { numRuns: 20_000 },
  );
  assert.ok(named > 2000, `${named} texts name the parts`);
});
