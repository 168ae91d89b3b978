import assert from "node:assert/strict";
import { siteTitles, TITLE_SEPARATORS } from "../../src/build/site_titles.ts";

Deno.test("site titles: a title that merely starts with the heading stays the title", () => {
  assert.deepEqual(
    siteTitles([
      { title: "Web Page", heading: "Web" },
      { title: "Web Pages", heading: "Web" },
      { title: "Installing things", heading: "Installing" },
    ]),
    ["Web Page", "Web Pages", "Installing things"],
  );
});

Deno.test("site titles: a suffix most pages share is the site's; the heading is the title", () => {
  assert.deepEqual(
    siteTitles([
      { title: "Install — Sphinx docs", heading: "Install" },
      { title: "Usage — Sphinx docs", heading: "Usage" },
      { title: "Source code for x — Sphinx docs", heading: "x source" },
      { title: "Web Page", heading: "Web" },
      { title: "Config — Other", heading: "Config" },
      { title: "API — Sphinx docs", heading: "api" },
      { title: "Search — Sphinx docs", heading: "Search" },
    ]),
    [
      "Install",
      "Usage",
      "Source code for x — Sphinx docs",
      "Web Page",
      "Config — Other",
      "api",
      "Search",
    ],
  );
});

Deno.test("site titles: every separator; the heading is matched whatever its case", () => {
  for (const separator of TITLE_SEPARATORS) {
    assert.deepEqual(
      siteTitles([
        { title: `Install${separator}Site`, heading: "install" },
        { title: `Usage${separator}Site`, heading: "Usage" },
      ]),
      ["install", "Usage"],
      JSON.stringify(separator),
    );
  }
});

Deno.test("site titles: one page, or a suffix on too few pages, shows no site", () => {
  assert.deepEqual(siteTitles([{ title: "Install — Sphinx docs", heading: "Install" }]), [
    "Install — Sphinx docs",
  ]);
  // Two of five pages share " | Notes": not most pages, so nothing is taken for the site's name.
  const pages = [
    { title: "Alpha | Notes", heading: "Alpha" },
    { title: "Beta | Notes", heading: "Beta" },
    { title: "Gamma", heading: "Gamma" },
    { title: "Delta overview", heading: "Delta" },
    { title: "Epsilon: a guide", heading: "Epsilon" },
  ];
  assert.deepEqual(siteTitles(pages), pages.map((p) => p.title));
});

Deno.test("site titles: several shared suffixes (VitePress's ' | Config', ' | Guide') count together", () => {
  const pages = [
    ...["include", "exclude", "globals"].map((h) => ({ title: `${h} | Config`, heading: h })),
    ...["Mocking", "Snapshot"].map((h) => ({ title: `${h} | Guide`, heading: h })),
    { title: "Vitest", heading: "Next generation testing" },
    { title: "Why Vitest | Guide extras", heading: "Why Vitest" },
  ];
  assert.deepEqual(siteTitles(pages), [
    "include",
    "exclude",
    "globals",
    "Mocking",
    "Snapshot",
    "Vitest",
    "Why Vitest | Guide extras",
  ]);
});

Deno.test("site titles: a separator with nothing after it is no suffix", () => {
  const pages = [{ title: "A - ", heading: "A" }, { title: "B - ", heading: "B" }];
  assert.deepEqual(siteTitles(pages.map((p) => ({ ...p, title: p.title.trim() }))), ["A -", "B -"]);
  assert.deepEqual(siteTitles(pages), ["A - ", "B - "]);
});
