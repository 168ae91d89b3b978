import { ConfigError } from "../config/config_error.ts";
import {
  type ContentConfig,
  DEFAULT_SERVER,
  parseMetadata,
  resolvePath,
} from "./parse_metadata.ts";

/**
 * Produces the content configuration from `--config FILE` or `--content DIR` (default
 * `./content`, one source named `docs`). Reads the file once, at start.
 *
 * @example
 * ```ts ignore
 * const cfg = await loadContentConfig({ content: "content" });
 * ```
 */
export async function loadContentConfig(
  options: { config?: string; content?: string; cwd?: string; lenient?: boolean },
): Promise<ContentConfig> {
  const cwd = options.cwd ?? Deno.cwd();
  if (options.config !== undefined) {
    const file = resolvePath(cwd, options.config);
    let text: string;
    try {
      text = await Deno.readTextFile(file);
    } catch (error) {
      const why = error instanceof Deno.errors.NotFound
        ? "file not found"
        : (error as Error).message;
      throw new ConfigError("--config", `${why}: ${options.config}`);
    }
    return parseMetadata(text, file.slice(0, file.lastIndexOf("/")) || "/", {
      file: options.config,
      ...(options.lenient ? { lenient: true } : {}),
    });
  }
  return {
    server: { ...DEFAULT_SERVER },
    sources: [{
      name: "docs",
      description: "The bundled knowledge base",
      path: resolvePath(cwd, options.content ?? "content"),
    }],
    settings: {},
    warnings: [],
  };
}
