import assert from "node:assert/strict";
import { americanSpelling, britishHeads } from "../../src/search/american_spelling.ts";
import { appFor, callTool, manifestOf } from "../helpers.ts";

Deno.test("americanSpelling: each regular British variant gives the American spelling", () => {
  const pairs = [
    // -our
    ["colour", "color"],
    ["colours", "colors"],
    ["coloured", "colored"],
    ["colourful", "colorful"],
    ["behaviour", "behavior"],
    ["behavioural", "behavioral"],
    ["favourite", "favorite"],
    ["honourable", "honorable"],
    ["neighbourhood", "neighborhood"],
    ["odour", "odor"],
    ["flavourings", "flavorings"],
    ["rigour", "rigor"],
    // -ise and its forms
    ["organise", "organize"],
    ["organised", "organized"],
    ["organisation", "organization"],
    ["organisational", "organizational"],
    ["initialised", "initialized"],
    ["serialising", "serializing"],
    ["optimiser", "optimizer"],
    ["recognisable", "recognizable"],
    ["amortise", "amortize"],
    ["aggrandisement", "aggrandizement"],
    // -yse
    ["analyse", "analyze"],
    ["analysed", "analyzed"],
    ["analyser", "analyzer"],
    ["paralysing", "paralyzing"],
    // -tre, -bre
    ["centre", "center"],
    ["centres", "centers"],
    ["centred", "centered"],
    ["centring", "centering"],
    ["metre", "meter"],
    ["kilometres", "kilometers"],
    ["theatre", "theater"],
    ["fibre", "fiber"],
    ["mitred", "mitered"],
    // -logue
    ["catalogue", "catalog"],
    ["catalogues", "catalogs"],
    ["catalogued", "cataloged"],
    ["cataloguing", "cataloging"],
    ["dialogue", "dialog"],
    ["analogue", "analog"],
    // doubled l
    ["travelled", "traveled"],
    ["cancelled", "canceled"],
    ["modelling", "modeling"],
    ["labelled", "labeled"],
    ["dialled", "dialed"],
    ["fuelling", "fueling"],
    ["counsellor", "counselor"],
    ["equalled", "equaled"],
    // two rules, one after the other
    ["colourised", "colorized"],
  ] as const;
  for (const [british, american] of pairs) assert.equal(americanSpelling(british), american);
});

Deno.test("americanSpelling: words that only look British, and American spellings, stay", () => {
  for (
    const word of [
      // -our
      "hour",
      "four",
      "your",
      "pour",
      "tour",
      "sour",
      "hours",
      "tourism",
      "flour",
      "scour",
      "detour",
      "devour",
      "contour",
      "contouring",
      "paramour",
      "journal",
      "course",
      "source",
      "sources",
      "fourier",
      "flourish",
      "courier",
      "hourly",
      // -ise: American too, and their forms
      "rise",
      "arise",
      "sunrise",
      "wise",
      "otherwise",
      "likewise",
      "bitwise",
      "precise",
      "concise",
      "exercise",
      "exercised",
      "expertise",
      "promise",
      "promises",
      "compromise",
      "premises",
      "advertise",
      "advertiser",
      "advise",
      "advisable",
      "revise",
      "supervise",
      "improvisation",
      "surprise",
      "comprise",
      "enterprise",
      "franchise",
      "merchandise",
      "paradise",
      "treatise",
      "mortise",
      "practise",
      "noise",
      "raise",
      "praise",
      "cruise",
      "disguise",
      "crises",
      "disable",
      "cupsdisable",
      "size",
      "prize",
      "existing",
      "listing",
      // -tre, -bre and their look-alikes
      "tree",
      "genre",
      "acre",
      "ogre",
      "timbre",
      "macabre",
      "hatred",
      "inbred",
      "string",
      "substring",
      "docstring",
      "brightred",
      // -logue
      "prologue",
      "rogue",
      "vogue",
      "synagogue",
      "log",
      "blog",
      // doubled l: stressed or one-syllable words
      "fill",
      "full",
      "all",
      "call",
      "called",
      "well",
      "tell",
      "telling",
      "will",
      "still",
      "spelling",
      "yelled",
      "quelled",
      "filled",
      "pulled",
      "controlled",
      "millions",
      "recalled",
      "uninstalled",
      "firewalled",
      "enthralled",
      // American spellings
      "color",
      "organize",
      "analyze",
      "center",
      "catalog",
      "traveled",
    ]
  ) {
    assert.equal(americanSpelling(word), undefined, word);
  }
});

Deno.test("britishHeads: the beginnings only the British spelling has", () => {
  assert.deepEqual(britishHeads("meter"), ["metr"]);
  assert.deepEqual(britishHeads("fiber"), ["fibr"]);
  assert.deepEqual(britishHeads("odor"), ["odou"]);
  for (const term of ["color", "center", "organ", "analyz", "catalog", "dial"]) {
    assert.deepEqual(britishHeads(term), [], term);
  }
});

const { app } = appFor(
  await manifestOf([{
    name: "docs",
    description: "",
    files: [
      {
        path: "colors.md",
        text: "# Colors\n\nSet the color of links and the color of headings: each color is a " +
          "CSS variable.",
      },
      {
        path: "news.md",
        text: "# Release notes\n\n## Logo colour\n\nThe logo keeps its colour this year, and " +
          "the footer moved. Builds are faster, the sidebar folds, and search ranks titles higher.",
      },
      {
        path: "logo.md",
        text: "# Logo\n\nPut a logo in the header; a logo of one colour reads best.",
      },
      {
        path: "print.md",
        text: "# Printing\n\nPages print without the sidebar, in black on white, colour aside.",
      },
      {
        path: "folders.md",
        text: "# Organising folders\n\nOrganise pages into folders; an organised site keeps " +
          "each guide beside its images.",
      },
      {
        path: "units.md",
        text: "# Units\n\nEvery measure in these guides is written with its unit, in full, once " +
          "per table, and tables are sorted by the first column. Rounding goes to two places. " +
          "Temperatures are given in degrees Celsius, weights in grams. Lengths are given in " +
          "metres: a metre is a hundred centimetres.",
      },
      {
        path: "meetup.md",
        text: "# Meetup\n\nWe organized a meetup in spring, with talks on themes, plugins and " +
          "deploys.",
      },
    ],
  }]),
);

/** The document paths of a search's results, in order. */
async function ranked(query: string): Promise<string[]> {
  const r = await callTool(app, "search", { query });
  return r.structuredContent.results.map((x: { uri: string }) => x.uri.replace("acdc://docs/", ""));
}

Deno.test("search: a British-spelled question finds the page spelled the American way first", async () => {
  // Three pages share the question's spelling in passing ("news" in a heading too), enough that
  // "colour" is not taken for a typo of "color"; "colors" is about it.
  assert.equal((await ranked("colour"))[0], "colors");
  assert.equal((await ranked("link colours"))[0], "colors");
});

Deno.test("search: an American-spelled question finds the page spelled the British way first", async () => {
  assert.equal((await ranked("organize"))[0], "folders");
  assert.equal((await ranked("organizing folders"))[0], "folders");
});

Deno.test("search: a snippet shows the British word an American question matched", async () => {
  // "metre" starts otherwise than its term `meter`: the snippet still finds it, past the lead.
  const r = await callTool(app, "search", { query: "meter" });
  const first = r.structuredContent.results[0];
  assert.equal(first.uri, "acdc://docs/units");
  assert.match(first.snippet, /metres: a metre/);
});
