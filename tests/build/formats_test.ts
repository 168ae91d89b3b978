/**
 * Clean bodies from every format: HTML without navigation chrome, MDX as markdown, manual pages
 * with a real title and description — through the whole build, as an agent receives them.
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { dropChrome, htmlToText } from "../../src/build/html_to_text.ts";
import { appFor, callTool } from "../helpers.ts";

const DOCBOOK = `<html><head><title>Chapter 2. Installing</title></head><body>
<div class="navheader"><table width="100%"><tr><th colspan="3">Chapter 2. Installing</th></tr>
<tr><td><a accesskey="p" href="ch01.html">Prev</a></td><td><a href="ch03.html">Next: Upgrading</a></td></tr></table><hr></div>
<div class="chapter"><h1>Installing</h1><p>Run the installer as root.</p></div>
<div class="navfooter"><hr><table><tr><td>Chapter 1. Overview</td><td>Chapter 3. Upgrading</td></tr></table></div>
</body></html>`;

const SPHINX = `<html><body>
<div class="related" role="navigation" aria-label="related navigation"><ul><li><a href="genindex.html">index</a></li><li>next: Logging cookbook</li></ul></div>
<div class="document"><div class="body" role="main"><h1>Sockets</h1><p>Create a socket with <code>socket.socket()</code>.</p></div></div>
<div class="sphinxsidebar" role="navigation"><h3>Quick search</h3></div>
<div class="footer">© Copyright 2001 Python Software Foundation.</div>
</body></html>`;

const MAN = `GIT-COMMIT(1)                     Git Manual                     GIT-COMMIT(1)

NAME
       git-commit - Record changes to the repository

SYNOPSIS
       git commit [-a | --interactive | --patch] [-s] [-v] [-u<mode>] [--amend]
`;

const MDX = `---
title: Tabs
---
import { Tabs, TabItem } from "@astrojs/starlight/components";
export const meta = {
  sidebar: { order: 2 },
};

Pick your package manager.

<Tabs syncKey="pm">
  <TabItem label="npm">Run \`npm create astro\`.</TabItem>
</Tabs>
`;

async function build() {
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{
      name: "docs",
      description: "",
      files: [
        { path: "install.html", text: DOCBOOK },
        { path: "sockets.html", text: SPHINX },
        { path: "git-commit.txt", text: MAN },
        { path: "guides/tabs.mdx", text: MDX },
      ],
    }],
  });
  return manifest;
}

Deno.test("HTML: DocBook and Sphinx navigation chrome is neither served nor searched", async () => {
  const manifest = await build();
  const body = (path: string) =>
    manifest.bodies[manifest.documents.find((d) => d.path === path)!.id]!;
  assert.equal(body("install"), "# Installing\n\nRun the installer as root.\n");
  assert.equal(body("sockets"), "# Sockets\n\nCreate a socket with `socket.socket()`.\n");
  const { app } = appFor(manifest);
  for (const query of ["upgrading", "prev next", "quick search", "copyright foundation"]) {
    const r = await callTool(app, "search", { query });
    assert.equal(r.structuredContent.results.length, 0, query);
  }
});

Deno.test("text: a manual page gets its name as title and its NAME line as description", async () => {
  const doc = (await build()).documents.find((d) => d.path === "git-commit")!;
  assert.equal(doc.title, "git-commit(1)");
  assert.equal(doc.description, "Record changes to the repository");
});

Deno.test("MDX: served as markdown, imports, exports and component tags dropped, text kept", async () => {
  const manifest = await build();
  const doc = manifest.documents.find((d) => d.path === "guides/tabs")!;
  assert.equal(doc.title, "Tabs");
  assert.equal(doc.uri, "acdc://docs/guides/tabs");
  const body = manifest.bodies[doc.id]!;
  assert.doesNotMatch(body, /import|export|<Tab|sidebar/);
  assert.match(body, /Pick your package manager\./);
  assert.match(body, /Run `npm create astro`\./);
});

Deno.test("dropChrome: nested same-name elements matched by depth; linear on hostile pages", () => {
  const nested = '<div class="toc"><div><div>a</div></div>b</div><p>kept</p>';
  assert.equal(dropChrome(nested), "<p>kept</p>");
  assert.equal(dropChrome('<div class="toc">unclosed'), "", "unclosed chrome runs to the end");
  assert.equal(
    dropChrome('<div class="content"><nav/>x</div>'),
    '<div class="content"><nav/>x</div>',
  );
  // 100,000 chrome openers without closers, and 100,000 closed ones: one pass each.
  assert.equal(dropChrome('<div class="navfooter">'.repeat(100_000)), "");
  assert.equal(dropChrome('<div class="navfooter"></div>x'.repeat(100_000)), "x".repeat(100_000));
  assert.equal(
    dropChrome("<div class=content>".repeat(100_000)),
    "<div class=content>".repeat(100_000),
  );
});

Deno.test("HTML: code keeps what its entities spell (#include <vector>, a && b)", () => {
  const text = htmlToText(
    '<pre><span class="co2">#include &lt;vector&gt;</span>\ntemplate &lt;class T&gt; x &amp;&amp; y</pre>',
  );
  assert.match(text, /#include <vector>\ntemplate <class T> x && y/);
});
