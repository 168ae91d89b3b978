/**
 * API references' retrieval gate: a part of each of the three Debian API references (rustdoc's
 * std collections, options and sync; javadoc's java.util; cppreference's containers and
 * algorithms: each fixture's `gate`) built as Shelf builds them, its questions asked of Shelf
 * and the baselines (`deno task eval` asks the whole references). Floors sit a little under the
 * values measured on the parts; `.ci/run` installs the packages and sets
 * `SHELF_EVAL_CORPORA_REQUIRED=1`, elsewhere a missing package skips its gate.
 */
import assert from "node:assert/strict";
import { evaluate, formatScores, gatePart, loadStore, readFixtures } from "../../scripts/eval.ts";

const REQUIRED = Deno.env.get("SHELF_EVAL_CORPORA_REQUIRED") === "1";
const installed = (path: string) => Deno.stat(path).then(() => true, () => false);

/** Shelf's floors on a part: MRR@5, member-level Hit@5, and the baselines it must not trail. */
interface Gate {
  probe: string;
  mrr5: number;
  member5: number;
  ahead: string[];
}

const GATES: Record<string, Gate> = {
  "rust-doc": {
    probe: "/usr/share/doc/rust-doc/html/std/index.html",
    // Measured 0.917 (MiniSearch 0.870, lunr 0.768), members 76.5% of 17.
    mrr5: 0.89,
    member5: 0.75,
    ahead: ["minisearch", "lunr", "flexsearch", "asdlc-substring"],
  },
  "openjdk-doc": {
    probe: "/usr/share/doc/openjdk-17-doc/api/index.html",
    // Measured 0.838 (MiniSearch 0.796), members 93.8% of 16.
    mrr5: 0.8,
    member5: 0.9,
    ahead: ["minisearch", "lunr", "flexsearch", "asdlc-substring"],
  },
  cppreference: {
    probe: "/usr/share/cppreference/doc/html/en/cpp.html",
    // Measured 0.777 (FlexSearch 0.610), members 100% of 7 (each member its own page).
    mrr5: 0.75,
    member5: 0.99,
    ahead: ["minisearch", "lunr", "flexsearch", "asdlc-substring"],
  },
};

/** A generator's suffix in a title: what rustdoc, javadoc and MediaWiki append. */
const SUFFIX = / - Rust$|\(Java SE \d+ & JDK \d+\)$| - cppreference\.com$/;

for (const [corpus, gate] of Object.entries(GATES)) {
  Deno.test({
    name: `API reference ${corpus} (a part): floors hold, baselines compared, titles clean`,
    ignore: !REQUIRED && !(await installed(gate.probe)),
    async fn() {
      const [fixture] = await readFixtures([corpus]);
      const store = await loadStore([gatePart(fixture!)], ["docs"]);
      const suffixed = store.documents.filter((d) => SUFFIX.test(d.title)).map((d) => d.path);
      assert.deepEqual(suffixed, [], "titles with a generator's suffix");
      const results = await evaluate([corpus], "fixtures", { part: true });
      console.log(formatScores(results));
      const shelf = results[corpus]!.shelf!;
      assert.ok(shelf.cases >= 15, `${corpus}: ${shelf.cases} questions in the part`);
      assert.ok(shelf.mrr5 >= gate.mrr5, `${corpus} MRR@5 ${shelf.mrr5}`);
      assert.ok(shelf.member5 >= gate.member5, `${corpus} member Hit@5 ${shelf.member5}`);
      for (const baseline of gate.ahead) {
        const other = results[corpus]![baseline]!;
        assert.ok(shelf.mrr5 >= other.mrr5, `${corpus}: behind ${baseline} on MRR@5`);
      }
    },
  });
}
