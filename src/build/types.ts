import type { Dialect, UrlStyle } from "./dialects/dialect.ts";

/**
 * The types the build steps share (files in, report out), apart from the steps themselves so
 * no two steps import each other for them.
 *
 * @module
 */

/** One file handed to the build: path relative to the source root (forward slashes). */
export interface SourceFile {
  path: string;
  text: string;
  /**
   * When the file last changed (ISO date-time): its last commit's date where the folder is a
   * git checkout, else its modification time. A document without a frontmatter date shows it.
   */
  modified?: string;
}

/** A content source as the build sees it. */
export interface SourceInput {
  name: string;
  description: string;
  files: SourceFile[];
  /** The OAuth scope a token needs to see this source (none: every authorized request). */
  scope?: string;
  /** The docs framework whose dialect the files are written in (default `plain`). */
  dialect?: Dialect;
  /**
   * Where the source's pages are on the live site: the URL of the source folder's root (no
   * trailing `/`) and how files map to pages. Documents get a `url` only with this.
   */
  site?: { url: string; urlStyle: UrlStyle };
  /** Exposed statuses; default Live and Experimental. */
  statuses?: readonly string[];
  /** Hide documents without status; default: only when some document in the source has one. */
  requireStatus?: boolean;
  /** Keep an API generator's navigation pages (left out by default; `api_page.ts`). */
  keepGenerated?: boolean;
  /** Prompt templates (`mcp-prompts/*.md`), paths relative to that folder. */
  prompts?: SourceFile[];
}

/** A problem tied to a place in a file. `line` is 1-based. */
export interface FileIssue {
  file: string;
  line: number;
  reason: string;
}

/** What the build saw and did. */
export interface BuildReport {
  seen: number;
  exposed: number;
  hidden: { file: string; reason: string }[];
  warnings: FileIssue[];
  /** Unusable files (invalid YAML). They are skipped; the build fails on them unless lenient. */
  errors: FileIssue[];
  /**
   * Pages an API generator writes for navigation, left out of the build, counted by why (one
   * count per kind rather than a line per file: rustdoc writes thousands of redirect stubs).
   */
  generated?: Record<string, number>;
}
