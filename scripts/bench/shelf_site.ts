/**
 * A shelf deployed as a Netlify site, for `shards_bench.ts`: a copy of this checkout's deploy
 * files (with its packages installed, as Netlify's build does), the shelf built into it by the
 * copy's own build script (timed, peak RSS from `/usr/bin/time`), and its edge function bundled
 * by Netlify's bundler and unpacked — as built (sharded), and as today's engine serves a build
 * past the edge budget (the entry reads the whole published manifest and index).
 *
 * @module
 */
import { type NetlifyTools, run } from "../../tests/netlify/netlify_tools.ts";
import { bundleAndUnpack, bundleRuntimeIn, copySite } from "../../tests/netlify/netlify_bundle.ts";

/** What a shelf is built from: the build's `--config FILE` or `--content DIR`. */
export type ShelfSource = { config: string } | { content: string };

/** A site copy with its packages installed (one per benchmark run, rebuilt per shelf). */
export async function prepareSite(): Promise<{ site: string; remove(): Promise<void> }> {
  const site = await Deno.makeTempDir({ prefix: "shelf-bench-site-" });
  await copySite(site, false);
  await run("npm", ["ci", "--no-audit", "--no-fund"], site);
  await bundleRuntimeIn(site);
  return { site, remove: () => Deno.remove(site, { recursive: true }) };
}

/** The build's wall time and peak RSS, or why it failed. */
export interface BuildResult {
  ok: boolean;
  seconds: number;
  peakRssMB: number;
  /** The build's last lines (its summary, or its error). */
  tail: string[];
}

/**
 * Builds `source` into `site` (`dist/`, `.shelf/edge/`) with `--shards --lenient`, as a public
 * site (no auth mode). A build killed for memory or time is a result, not an exception.
 */
export async function buildShelf(site: string, source: ShelfSource): Promise<BuildResult> {
  for (const dir of ["dist", ".shelf", ".blobs"]) {
    await Deno.remove(`${site}/${dir}`, { recursive: true }).catch(() => {});
  }
  const from = "config" in source ? ["--config", source.config] : ["--content", source.content];
  const out = await new Deno.Command("/usr/bin/time", {
    args: [
      "-f",
      "%e %M",
      Deno.execPath(),
      "run",
      "-A",
      "scripts/build.ts",
      ...from,
      "--out",
      "dist",
      "--edge-out",
      ".shelf/edge",
      "--blobs-out",
      ".blobs",
      "--shards",
      "--lenient",
    ],
    cwd: site,
    env: { ACDC_MCP_AUTH_TYPE: "none" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const lines = (text: Uint8Array) => new TextDecoder().decode(text).trim().split("\n");
  const stderr = lines(out.stderr);
  const [seconds, kb] = (stderr.at(-1) ?? "").split(" ").map(Number);
  const summary = lines(out.stdout).filter((l) => !l.startsWith("warning:")).slice(-6);
  return {
    ok: out.success,
    seconds: seconds ?? NaN,
    peakRssMB: Math.round((kb ?? NaN) / 1024),
    tail: out.success ? summary : stderr.slice(-8),
  };
}

/** The two ways a site's function serves a shelf this size. */
export type Variant = "sharded" | "today";

/** An unpacked eszip and its size. */
export interface Bundle {
  unpacked: string;
  eszipBytes: number;
  remove(): Promise<void>;
}

/**
 * Bundles the site's edge function with Netlify's bundler and unpacks it. `today`: the build's
 * edge modules are replaced by what a build past the budget bundled before shards — a pointer
 * to the published manifest and index, each fetched whole by a cold isolate (`Bundled` in
 * `src/edge_app.ts`).
 */
export async function bundleSite(
  tools: NetlifyTools,
  site: string,
  variant: Variant,
): Promise<Bundle> {
  const edge = `${site}/.shelf/edge`;
  const saved: Record<string, string> = {};
  if (variant === "today") {
    for (const [file, external] of [["manifest", "manifest"], ["index", "index"]]) {
      const path = `${edge}/edge-${file}.json`;
      saved[path] = await Deno.readTextFile(path);
      await Deno.writeTextFile(path, JSON.stringify({ external: `/_shelf/${external}.json` }));
    }
  }
  const out = await Deno.makeTempDir({ prefix: "shelf-bench-eszip-" });
  const unpacked = await Deno.makeTempDir({ prefix: "shelf-bench-unpacked-" });
  const remove = async () => {
    for (const dir of [out, unpacked]) await Deno.remove(dir, { recursive: true });
  };
  try {
    const { assetBytes } = await bundleAndUnpack(tools, site, out, unpacked);
    return { unpacked, eszipBytes: assetBytes, remove };
  } catch (error) {
    await remove();
    throw error;
  } finally {
    for (const [path, text] of Object.entries(saved)) await Deno.writeTextFile(path, text);
  }
}
