/**
 * Real documentation sites as their authors wrote them: each docs framework's corpus builds with
 * its dialect detected from its configuration (or, for Hugo's content folder, its files), no
 * dialect markup left in any title, description, section title or body, and a dozen pages'
 * titles, public URLs and section anchors as the live sites serve them.
 */
import assert from "node:assert/strict";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { DEFAULT_SERVER } from "../../src/build/parse_metadata.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { CORPORA } from "../helpers.ts";
import { leftoversIn } from "./dialect_leftovers.ts";

const SPHINX = "/usr/share/doc/sphinx-doc/html";
/** Whether a Debian package's corpus at `path` is to be skipped: missing, and not required. */
const skipMissing = async (path: string) =>
  Deno.env.get("SHELF_EVAL_CORPORA_REQUIRED") !== "1" &&
  !(await Deno.stat(path).then(() => true, () => false));
const SKIP_SPHINX = await skipMissing(`${SPHINX}/index.html`);
const RUST = "/usr/share/doc/rust-doc/html";
const JDK = "/usr/share/doc/openjdk-17-doc/api";
const CPPREFERENCE = "/usr/share/cppreference/doc/html/en";
const PYTHON = "/usr/share/doc/python3-doc/html";
const LOG4CPLUS = "/usr/share/doc/liblog4cplus-dev/html";

/** Builds one folder as the source `docs`, with extra source settings. */
async function site(path: string, extra: Record<string, unknown> = {}) {
  const { manifest, report } = await buildFromFolders({
    server: { ...DEFAULT_SERVER },
    sources: [{ name: "docs", description: "", path, ...extra }],
    settings: {},
    warnings: [],
  });
  return { manifest, report };
}

/** Every leftover in the manifest's documents, as `path: kind «excerpt»`. */
function leftovers(manifest: Manifest, dialect: string): string[] {
  const out: string[] = [];
  for (const d of manifest.documents) {
    const fields = [
      ["title", d.title],
      ["description", d.description],
      ["section", d.sections.map((s) => s.title).join("\n")],
      ["body", manifest.bodies[d.id] ?? ""],
    ] as const;
    for (const [field, text] of fields) {
      for (const l of leftoversIn(text, { dialect, field })) {
        out.push(`${d.path} (${field}): ${l.kind} «${l.excerpt}»`);
      }
    }
  }
  return out;
}

/** Title, URL and (when asked) one section's id and anchor of the document at `path`. */
function page(manifest: Manifest, path: string, anchor?: string) {
  const d = manifest.documents.find((x) => x.path === path);
  assert.ok(d, `no document ${path}`);
  const section = anchor === undefined ? undefined : d.sections.find((s) => s.anchor === anchor);
  return {
    title: d.title,
    url: d.url,
    ...(anchor === undefined ? {} : { section: section?.id }),
  };
}

const CASES: {
  name: string;
  path: string;
  extra?: Record<string, unknown>;
  dialect: string;
  pages: [string, { title: string; url: string; section?: string }, string?][];
  skip?: boolean;
}[] = [
  {
    name: "VitePress",
    path: `${CORPORA}/vitepress/docs/en`,
    dialect: "vitepress",
    pages: [
      ["guide/routing", { title: "Routing", url: "https://vitepress.dev/guide/routing" }],
      ["index", { title: "VitePress", url: "https://vitepress.dev/" }],
      ["reference/default-theme-search", {
        title: "Search",
        url: "https://vitepress.dev/reference/default-theme-search",
        section: "search/local-search/local-search-i18n",
      }, "local-search-i18n"],
    ],
  },
  {
    name: "MkDocs Material",
    path: `${CORPORA}/mkdocs-material/docs`,
    dialect: "mkdocs",
    pages: [
      ["setup/setting-up-tags", {
        title: "Setting up tags",
        url: "https://squidfunk.github.io/mkdocs-material/setup/setting-up-tags/",
      }],
      ["index", {
        title: "Material for MkDocs",
        url: "https://squidfunk.github.io/mkdocs-material/",
      }],
      ["changelog/index", {
        title: "Changelog",
        url: "https://squidfunk.github.io/mkdocs-material/changelog/",
        section: "changelog/material-for-mkdocs/3.2.0",
      }, "3.2.0"],
    ],
  },
  {
    name: "Starlight",
    path: `${CORPORA}/starlight/docs/src/content/docs`,
    dialect: "starlight",
    pages: [
      ["getting-started", {
        title: "Getting Started",
        url: "https://starlight.astro.build/getting-started/",
      }],
      ["components/asides", {
        title: "Asides",
        url: "https://starlight.astro.build/components/asides/",
      }],
      ["guides/i18n", {
        title: "Internationalization (i18n)",
        url: "https://starlight.astro.build/guides/i18n/",
      }],
    ],
  },
  {
    name: "Docusaurus (Redux)",
    path: `${CORPORA}/redux/docs`,
    dialect: "docusaurus",
    pages: [
      ["introduction/GettingStarted", {
        title: "Getting Started with Redux",
        url: "https://redux.js.org/introduction/getting-started",
      }],
      ["api/Store", { title: "Store", url: "https://redux.js.org/api/store" }],
      ["usage/writing-logic-thunks", {
        title: "Writing Logic with Thunks",
        url: "https://redux.js.org/usage/writing-logic-thunks",
      }],
    ],
  },
  {
    name: "Hugo",
    path: `${CORPORA}/hugo-docs`,
    extra: { url: "https://gohugo.io" },
    dialect: "hugo",
    pages: [
      ["functions/strings/Contains", {
        title: "strings.Contains",
        url: "https://gohugo.io/functions/strings/contains/",
      }],
      ["about/_index", { title: "About Hugo", url: "https://gohugo.io/about/" }],
      ["configuration/build", {
        title: "Configure build",
        url: "https://gohugo.io/configuration/build/",
      }],
    ],
  },
  {
    name: "Sphinx HTML",
    path: SPHINX,
    extra: { url: "https://www.sphinx-doc.org/en/master" },
    dialect: "sphinx",
    skip: SKIP_SPHINX,
    pages: [
      ["usage/installation", {
        title: "Installing Sphinx",
        url: "https://www.sphinx-doc.org/en/master/usage/installation.html",
        section: "installing-sphinx/overview",
      }, "overview"],
      ["usage/quickstart", {
        title: "Getting Started",
        url: "https://www.sphinx-doc.org/en/master/usage/quickstart.html",
      }],
    ],
  },
  {
    // A part of rustdoc's std (with source listings and redirect stubs, which are left out).
    name: "rustdoc (Rust's std)",
    path: RUST,
    extra: {
      include: ["std/collections/**", "std/iter/**", "std/fs/**", "std/primitive.slice.html"],
      url: "https://doc.rust-lang.org/1.63.0",
      urlStyle: "file",
    },
    dialect: "rustdoc",
    skip: await skipMissing(`${RUST}/std/index.html`),
    pages: [
      ["std/collections/struct.HashMap", {
        title: "HashMap",
        url: "https://doc.rust-lang.org/1.63.0/std/collections/struct.HashMap.html",
        section: "hashmap/implementations/impl-2/method.entry",
      }, "method.entry"],
      ["std/iter/trait.Iterator", {
        title: "Iterator",
        url: "https://doc.rust-lang.org/1.63.0/std/iter/trait.Iterator.html",
        section: "iterator/provided-methods/method.peekable",
      }, "method.peekable"],
      ["std/primitive.slice", {
        title: "slice",
        url: "https://doc.rust-lang.org/1.63.0/std/primitive.slice.html",
      }],
      ["std/fs/fn.read_to_string", {
        title: "read_to_string",
        url: "https://doc.rust-lang.org/1.63.0/std/fs/fn.read_to_string.html",
      }],
    ],
  },
  {
    // java.util with its class-use pages and the index, which are left out.
    name: "javadoc (JDK 17)",
    path: JDK,
    extra: {
      include: [
        "java.base/java/util/*.html",
        "java.base/java/util/class-use/*.html",
        "index-files/*.html",
      ],
      url: "https://docs.oracle.com/en/java/javase/17/docs/api",
      urlStyle: "file",
    },
    dialect: "javadoc",
    skip: await skipMissing(`${JDK}/index.html`),
    pages: [
      ["java.base/java/util/HashMap", {
        title: "HashMap",
        url: "https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/util/HashMap.html",
        section: "hashmap/method-details/computeIfAbsent(K,java.util.function.Function)",
      }, "computeIfAbsent(K,java.util.function.Function)"],
      ["java.base/java/util/Map.Entry", {
        title: "Map.Entry",
        url:
          "https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/util/Map.Entry.html",
      }],
    ],
  },
  {
    name: "MediaWiki export (cppreference)",
    path: CPPREFERENCE,
    extra: {
      include: ["cpp/container/**", "cpp/container.html"],
      url: "https://en.cppreference.com/w",
      urlStyle: "clean",
    },
    dialect: "mediawiki",
    skip: await skipMissing(`${CPPREFERENCE}/cpp.html`),
    pages: [
      ["cpp/container/vector/reserve", {
        title: "std::vector::reserve",
        url: "https://en.cppreference.com/w/cpp/container/vector/reserve",
      }],
      ["cpp/container/unordered_map/find", {
        title: "std::unordered_map::find",
        url: "https://en.cppreference.com/w/cpp/container/unordered_map/find",
      }],
    ],
  },
  {
    // Python's library reference (Sphinx's object descriptions): classes, methods, functions.
    name: "Sphinx objects (Python's library reference)",
    path: PYTHON,
    extra: {
      include: ["library/c*.html", "library/t*.html"],
      url: "https://docs.python.org/3.11",
    },
    dialect: "sphinx",
    skip: await skipMissing(`${PYTHON}/library/index.html`),
    pages: [
      ["library/collections", {
        title: "collections — Container datatypes",
        url: "https://docs.python.org/3.11/library/collections.html",
        section:
          "module-collections/ordereddict-objects/collections.OrderedDict/collections.OrderedDict.move_to_end",
      }, "collections.OrderedDict.move_to_end"],
      ["library/time", {
        title: "time — Time access and conversions",
        url: "https://docs.python.org/3.11/library/time.html",
        section: "module-time/functions/time.sleep",
      }, "time.sleep"],
    ],
  },
  {
    // Doxygen 1.9.4's HTML of log4cplus 2.0.8 (C++): classes, structs, namespaces, a file.
    name: "Doxygen (log4cplus)",
    path: LOG4CPLUS,
    extra: {
      include: ["class*.html", "struct*.html", "namespace*.html", "appender_8h*.html"],
      url: "https://log4cplus.sourceforge.io/docs/html",
      urlStyle: "file",
    },
    dialect: "doxygen",
    skip: await skipMissing(`${LOG4CPLUS}/index.html`),
    pages: [
      ["classlog4cplus_1_1Appender", {
        title: "Appender",
        url: "https://log4cplus.sourceforge.io/docs/html/classlog4cplus_1_1Appender.html",
        section: "appender/member-function-documentation/a0bd9b2567e1c82e589dec97f74abf689",
      }, "a0bd9b2567e1c82e589dec97f74abf689"],
      ["classlog4cplus_1_1DeviceAppender", {
        title: "DeviceAppender",
        url: "https://log4cplus.sourceforge.io/docs/html/classlog4cplus_1_1DeviceAppender.html",
      }],
      ["namespacelog4cplus_1_1helpers", {
        title: "log4cplus::helpers",
        url: "https://log4cplus.sourceforge.io/docs/html/namespacelog4cplus_1_1helpers.html",
      }],
      ["appender_8h", {
        title: "appender.h",
        url: "https://log4cplus.sourceforge.io/docs/html/appender_8h.html",
      }],
    ],
  },
];

Deno.test({
  name: "dialects: Doxygen — navigation pages counted, chrome out, members named by their class",
  ignore: await skipMissing(`${LOG4CPLUS}/index.html`),
  async fn() {
    const { manifest, report } = await site(LOG4CPLUS, {
      include: ["classlog4cplus_1_1*.html", "*_source.html", "functions*.html", "files.html"],
    });
    assert.ok(
      !manifest.documents.some((d) => /-members$|_source$|^functions|^files$/.test(d.path)),
    );
    const generated = report.generated ?? {};
    assert.equal(generated["Doxygen's source listing"], 75);
    assert.ok((generated["Doxygen's list of all members"] ?? 0) > 50);
    assert.ok((generated["Doxygen's index of members"] ?? 0) > 40);
    assert.equal(generated["Doxygen's list of files, classes, namespaces or pages"], 1);
    const appender = manifest.documents.find((d) => d.path === "classlog4cplus_1_1Appender")!;
    assert.deepEqual(appender.meta, { kind: "class", path: "log4cplus::Appender" });
    assert.match(appender.description ?? "", /^Extend this class for implementing your own/);
    const close = appender.sections.find((s) => s.anchor === "a0bd9b2567e1c82e589dec97f74abf689");
    assert.equal(close?.title, "Appender::close");
    const body = manifest.bodies[appender.id] ?? "";
    assert.match(body, /virtual void log4cplus::Appender::close \( \) pure virtual/);
    for (
      const chrome of ["Generated on", "List of all members", "Public Member Functions", "More..."]
    ) {
      assert.ok(!body.includes(chrome), chrome);
    }
    // A template's title is its name without its arguments.
    const device = manifest.documents.find((d) => d.path === "classlog4cplus_1_1DeviceAppender");
    assert.deepEqual(device?.meta, { kind: "class", path: "log4cplus::DeviceAppender" });
    const kept = await site(LOG4CPLUS, { include: ["files.html"], keepGenerated: true });
    assert.equal(kept.manifest.documents.length, 1);
  },
});

Deno.test({
  name: "dialects: Doxygen — a search naming a class and its member answers with the member",
  ignore: await skipMissing(`${LOG4CPLUS}/index.html`),
  async fn() {
    const { appFor, callTool } = await import("../helpers.ts");
    const { manifest } = await site(LOG4CPLUS, {
      include: ["class*.html", "namespace*.html"],
      url: "https://log4cplus.sourceforge.io/docs/html",
    });
    const { app, errors } = appFor(manifest, { sse: { channel: null } });
    for (
      const [query, uri, anchor] of [
        ["Appender close", "classlog4cplus_1_1Appender", "a0bd9b2567e1c82e589dec97f74abf689"],
        ["Logger::getInstance", "classlog4cplus_1_1Logger", "a7e6303f0e639d5354525a4779827f28e"],
      ]
    ) {
      const found = await callTool(app, "search", { query });
      const first = found.structuredContent.results[0];
      assert.equal(first.uri, `acdc://docs/${uri}`, query);
      assert.ok(first.section.endsWith(`/${anchor}`), `${query}: ${first.section}`);
      assert.ok(first.url.endsWith(`/${uri}.html`), first.url);
    }
    assert.deepEqual(errors, []);
    app.shutdown();
  },
});

/**
 * TypeDoc 0.28.20's HTML of the `yaml` 2.8.1 package's declarations, a part of it checked in
 * (`tests/fixtures/typedoc-yaml/`, as TypeDoc wrote it): generated by `npm install
 * typedoc@0.28.20 yaml@2.8.1` in an empty folder, a tsconfig.json listing
 * `node_modules/yaml/dist/index.d.ts`, then `npx typedoc --entryPoints
 * node_modules/yaml/dist/index.d.ts --out out --name yaml --skipErrorChecking --readme none`.
 */
const TYPEDOC = new URL("../fixtures/typedoc-yaml", import.meta.url).pathname;

Deno.test("dialects: TypeDoc — titles, kinds, members with TypeDoc's anchors, chrome and hierarchy out", async () => {
  const { manifest, report } = await site(TYPEDOC, { url: "https://eemeli.org/yaml/docs" });
  assert.deepEqual(report.generated, { "TypeDoc's hierarchy or list of modules": 1 });
  assert.deepEqual(leftovers(manifest, "typedoc").slice(0, 10), []);
  const lexer = manifest.documents.find((d) => d.path === "classes/Lexer")!;
  assert.equal(lexer.title, "Lexer");
  assert.equal(lexer.url, "https://eemeli.org/yaml/docs/classes/Lexer.html");
  assert.deepEqual(lexer.meta, { kind: "class", path: "Lexer" });
  assert.match(lexer.description ?? "", /^Splits an input string into lexical tokens/);
  const lex = lexer.sections.find((s) => s.anchor === "lex");
  assert.deepEqual([lex?.title, lex?.id], ["Lexer.lex", "lexer/methods-1/lex"]);
  const yamlMap = manifest.documents.find((d) => d.path === "classes/YAMLMap")!;
  assert.ok(yamlMap.sections.some((s) => s.title === "YAMLMap.addToJSMap"));
  const node = manifest.documents.find((d) => d.path === "types/Node");
  assert.deepEqual([node?.title, node?.meta], ["Node", { kind: "type alias", path: "Node" }]);
  const parse = manifest.documents.find((d) => d.path === "functions/parse");
  assert.match(parse?.description ?? "", /^Parse an input string into JavaScript/);
  for (const d of manifest.documents) {
    const body = manifest.bodies[d.id] ?? "";
    for (const chrome of ["Generated using", "Search the docs", "Defined in", "On This Page"]) {
      assert.ok(!body.includes(chrome), `${d.path}: ${chrome}`);
    }
  }
  const { appFor, callTool } = await import("../helpers.ts");
  const { app, errors } = appFor(manifest, { sse: { channel: null } });
  const found = await callTool(app, "search", { query: "LineCounter linePos" });
  const first = found.structuredContent.results[0];
  assert.equal(first.uri, "acdc://docs/classes/LineCounter");
  assert.ok(first.section.endsWith("/linepos"), first.section);
  assert.deepEqual(errors, []);
  app.shutdown();
});

Deno.test({
  name: "dialects: API references — generated navigation left out and counted, kind and path kept",
  ignore: await skipMissing(`${JDK}/index.html`) || await skipMissing(`${RUST}/std/index.html`),
  async fn() {
    const jdk = await site(JDK, {
      include: ["java.base/java/util/*.html", "java.base/java/util/class-use/*.html"],
    });
    assert.ok(!jdk.manifest.documents.some((d) => d.path.includes("/class-use/")));
    assert.ok((jdk.report.generated?.["javadoc's class-use page (Uses of …)"] ?? 0) > 100);
    const hashMap = jdk.manifest.documents.find((d) => d.path === "java.base/java/util/HashMap");
    assert.deepEqual(hashMap?.meta, { kind: "class", path: "java.util.HashMap" });
    const kept = await site(JDK, {
      include: ["java.base/java/util/class-use/HashMap.html"],
      keepGenerated: true,
    });
    assert.equal(kept.manifest.documents.length, 1);
    const rust = await site(RUST, { include: ["std/fs/**", "src/std/fs.rs.html"] });
    assert.ok(!rust.manifest.documents.some((d) => d.path.startsWith("src/")));
    assert.equal(rust.report.generated?.["rustdoc's source listing"], 1);
  },
});

for (const c of CASES) {
  Deno.test({
    name: `dialects: ${c.name} — no markup left; titles, URLs and anchors as the site serves them`,
    ignore: c.skip === true,
    async fn() {
      const { manifest } = await site(c.path, c.extra);
      assert.ok(manifest.documents.length > 20, `${manifest.documents.length} documents`);
      assert.deepEqual(leftovers(manifest, c.dialect).slice(0, 10), []);
      for (const [path, expected, anchor] of c.pages) {
        assert.deepEqual(page(manifest, path, anchor), expected, path);
      }
      for (const d of manifest.documents) assert.ok(d.url?.startsWith("https://"), d.path);
    },
  });
}

Deno.test("dialects: asdlc and tldr stay plain — no leftovers, no URLs without a site", async () => {
  for (const name of ["asdlc", "tldr"]) {
    const { manifest } = await site(`${CORPORA}/${name}`);
    assert.deepEqual(leftovers(manifest, "plain").slice(0, 10), [], name);
    assert.equal(manifest.documents.filter((d) => d.url !== undefined).length, 0);
  }
});

Deno.test("dialects: tool answers carry the page's public URL, a section's with its anchor", async () => {
  const { appFor, callTool } = await import("../helpers.ts");
  const { manifest } = await site(`${CORPORA}/vitepress/docs/en`);
  const { app, errors } = appFor(manifest, { sse: { channel: null } });
  const found = await callTool(app, "search_articles", { query: "clean urls routing" });
  const routing = found.structuredContent.articles.find((a: { slug: string }) =>
    a.slug === "routing"
  );
  assert.equal(routing.url, "https://vitepress.dev/guide/routing");
  const article = await callTool(app, "get_article", { slug: "default-theme-search" });
  assert.equal(
    article.structuredContent.url,
    "https://vitepress.dev/reference/default-theme-search",
  );
  const toc = await callTool(app, "table_of_contents", {
    filename: "reference/default-theme-search.md",
  });
  const i18n = toc.structuredContent.sections.find((s: { id: string }) =>
    s.id === "search/local-search/local-search-i18n"
  );
  assert.equal(i18n.title, "i18n");
  assert.equal(i18n.url, "https://vitepress.dev/reference/default-theme-search#local-search-i18n");
  const search = await callTool(app, "search", { query: "local search i18n" });
  assert.ok(
    search.structuredContent.results.every((r: { url?: string }) =>
      r.url?.startsWith("https://vitepress.dev/")
    ),
  );
  const llms = await (await app.request("https://kb.example/llms.txt")).text();
  assert.match(
    llms,
    /\(https:\/\/kb\.example\/_shelf\/md\/docs\/guide\/routing\.md\): .*\(\[page\]\(https:\/\/vitepress\.dev\/guide\/routing\)\)/,
  );
  assert.deepEqual(errors, []);
  app.shutdown();
});
