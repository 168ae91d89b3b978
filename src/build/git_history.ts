/** What git knows about a content folder: its commit and each file's last commit date. */
export interface GitHistory {
  /** `HEAD` of the checkout the folder is in. */
  commit: string;
  /** Path relative to the folder → ISO date-time of the last commit that touched it. */
  dates: Map<string, string>;
}

async function git(dir: string, args: string[]): Promise<string | undefined> {
  try {
    const out = await new Deno.Command("git", {
      // Paths as they are (no octal quoting of non-ASCII names), dates in strict ISO form.
      args: ["-C", dir, "-c", "core.quotePath=false", ...args],
      stdout: "piped",
      stderr: "null",
    }).output();
    return out.code === 0 ? new TextDecoder().decode(out.stdout) : undefined;
  } catch {
    return undefined; // no git, or no permission to run it
  }
}

/**
 * Reads the commit and per-file dates of a folder with two git commands (one `log` pass for
 * every file, newest first), or `undefined` when the folder is not in a git checkout, git is
 * not installed, or the process may not run it. Build time only.
 *
 * @example
 * ```ts ignore
 * const history = await gitHistory("content");
 * history?.dates.get("guides/setup.md"); // "2026-11-20T09:12:00+01:00"
 * ```
 */
export async function gitHistory(dir: string): Promise<GitHistory | undefined> {
  const commit = (await git(dir, ["rev-parse", "HEAD"]))?.trim();
  if (!commit) return undefined;
  const log = await git(dir, ["log", "--format=%x00%cI", "--name-only", "--relative", "--", "."]);
  const dates = new Map<string, string>();
  let date = "";
  for (const line of (log ?? "").split("\n")) {
    if (line.startsWith("\0")) date = new Date(line.slice(1)).toISOString();
    else if (line !== "" && date !== "" && !dates.has(line)) dates.set(line, date);
  }
  return { commit, dates };
}
