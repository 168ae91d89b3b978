/**
 * Docs-site repositories for the outside-in tests: a corpus of each framework copied into a
 * temporary git repository that has no path to Shelf's source, as a site owner has it before
 * installing Shelf, and the package packed once per test run.
 *
 * @module
 */
import { CORPORA, ROOT } from "../helpers.ts";
import { run } from "../netlify/netlify_tools.ts";

/** A site as its owner has it, and what its MCP endpoint should answer once Shelf is added. */
export interface SiteSpec {
  name: string;
  /** Files copied in: corpus path → path in the repository. */
  copy: [string, string][];
  /** Files written: path → text. */
  write: Record<string, string>;
  /** Flags for `init` besides `--yes`. */
  initFlags: string[];
  /** The dialect `init` should report. */
  dialect: string;
  /** A question whose top result is a page of the site... */
  query: string;
  /** ...at a public URL starting with this. */
  urlPrefix: string;
}

/** A `package.json` whose build script stands in for a framework's build (needs the network). */
const stubPackage = (name: string, publish: string, framework: string) =>
  JSON.stringify(
    {
      name,
      private: true,
      scripts: {
        build: `mkdir -p ${publish} && echo '<h1>${framework} site</h1>' > ${publish}/index.html`,
      },
    },
    null,
    2,
  ) + "\n";

/** The framework sites of the outside-in tests, and a plain markdown folder. */
export const SITES: SiteSpec[] = [
  {
    name: "docusaurus",
    copy: [[`${CORPORA}/redux/docs`, "docs"], [`${CORPORA}/redux/website`, "website"]],
    write: { "package.json": stubPackage("redux-docs", "website/build", "Docusaurus") },
    initFlags: [],
    dialect: "docusaurus",
    query: "combine reducers",
    urlPrefix: "https://redux.js.org/",
  },
  {
    name: "vitepress",
    copy: [[`${CORPORA}/vitepress/docs`, "docs"]],
    write: { "package.json": stubPackage("vitepress-docs", "docs/.vitepress/dist", "VitePress") },
    initFlags: [],
    dialect: "vitepress",
    query: "routing",
    urlPrefix: "https://vitepress.dev/",
  },
  {
    name: "mkdocs",
    copy: [[`${CORPORA}/mkdocs-material/docs`, "docs"], [
      `${CORPORA}/mkdocs-material/mkdocs.yml`,
      "mkdocs.yml",
    ]],
    write: {
      // mkdocs is not installed here: the command stands in for `mkdocs build`.
      "netlify.toml": [
        "# MkDocs Material on Netlify",
        "[build]",
        `  command = "mkdir -p site && echo '<h1>MkDocs</h1>' > site/index.html" # mkdocs build`,
        '  publish = "site"',
        "",
        "[build.environment]",
        '  PYTHON_VERSION = "3.12"',
        "",
        "[[redirects]]",
        '  from = "/old/*"',
        '  to = "/new/:splat"',
        "  status = 301",
        "",
      ].join("\n"),
    },
    initFlags: [],
    dialect: "mkdocs",
    query: "admonitions",
    urlPrefix: "https://squidfunk.github.io/mkdocs-material/",
  },
  {
    name: "starlight",
    copy: [[`${CORPORA}/starlight/docs`, "docs"]],
    write: { "package.json": stubPackage("starlight-docs", "docs/dist", "Starlight") },
    initFlags: [],
    dialect: "starlight",
    query: "sidebar",
    urlPrefix: "https://starlight.astro.build/",
  },
  {
    name: "hugo",
    copy: [[`${CORPORA}/hugo-docs`, "content/en"]],
    write: {
      // hugoDocs' own configuration names its site; hugo is not installed here.
      "hugo.toml": 'baseURL = "https://gohugo.io/"\ntitle = "Hugo"\n',
      "netlify.toml": [
        "[build]",
        '  publish = "public"',
        `  command = "mkdir -p public && echo '<h1>Hugo</h1>' > public/index.html" # hugo --gc`,
        "",
        "[context.production.environment]",
        '  HUGO_VERSION = "0.140.0"',
        "",
        "[context.deploy-preview]",
        `  command = "mkdir -p public && echo preview > public/index.html" # hugo -b $DEPLOY_PRIME_URL`,
        "",
        "[[headers]]",
        '  for = "/*"',
        "  [headers.values]",
        '    X-Frame-Options = "DENY"',
        "",
        "[[plugins]]",
        '  package = "netlify-plugin-hugo-cache-resources"',
        "  [plugins.inputs]",
        "    debug = true",
        "",
      ].join("\n"),
    },
    initFlags: [],
    dialect: "hugo",
    query: "shortcodes",
    urlPrefix: "https://gohugo.io/",
  },
  {
    name: "sphinx",
    copy: [["/usr/share/doc/sphinx-doc/html", "docs/_build/html"]],
    write: {},
    // Sphinx HTML does not state the site's address.
    initFlags: ["--url", "https://www.sphinx-doc.org/en/master"],
    dialect: "sphinx",
    query: "autodoc",
    urlPrefix: "https://www.sphinx-doc.org/en/master/",
  },
  {
    name: "plain",
    copy: [[`${ROOT}/content`, "docs"]],
    write: {},
    initFlags: ["--url", "https://kb.example"],
    dialect: "plain",
    query: "netlify",
    urlPrefix: "https://kb.example/",
  },
];

let packed: Promise<string> | undefined;

/**
 * The package as `npm pack` makes it, packed once per test process into a temporary folder
 * (outside this checkout); its path.
 */
export function packedTarball(): Promise<string> {
  packed ??= (async () => {
    const dir = await Deno.makeTempDir({ prefix: "shelf-pack-" });
    const out = await run("npm", ["pack", "--pack-destination", dir, "--ignore-scripts"], ROOT);
    return `${dir}/${out.trim().split("\n").at(-1)}`;
  })();
  return packed;
}

/** Makes the site's repository in a new temporary folder and commits it; its path. */
export async function makeSiteRepo(site: SiteSpec): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: `shelf-site-${site.name}-` });
  for (const [from, to] of site.copy) {
    await Deno.mkdir(`${dir}/${to}`.replace(/\/[^/]*$/, ""), { recursive: true });
    // -L: Debian's Sphinx manual links its scripts from elsewhere in /usr/share.
    await run("cp", ["-RL", from, `${dir}/${to}`], dir);
  }
  for (const [path, text] of Object.entries(site.write)) {
    await Deno.writeTextFile(`${dir}/${path}`, text);
  }
  await Deno.writeTextFile(`${dir}/.gitignore`, "node_modules/\n");
  await git(dir, "init", "-q");
  await git(dir, "add", "-A");
  await git(dir, "commit", "-qm", "the site before Shelf");
  return dir;
}

/** Runs git in `dir` with a fixed identity; its stdout. */
export function git(dir: string, ...args: string[]): Promise<string> {
  return run("git", ["-c", "user.name=t", "-c", "user.email=t@example", ...args], dir);
}
