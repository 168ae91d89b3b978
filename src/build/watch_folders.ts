/**
 * Calls `onChange` (debounced) whenever a file under one of `folders` changes. For
 * `deno task dev`; returns a function that stops watching.
 *
 * @example
 * ```ts ignore
 * const stop = watchFolders(["content"], () => rebuild());
 * ```
 */
export function watchFolders(
  folders: readonly string[],
  onChange: () => void | Promise<void>,
  debounceMs = 150,
): () => void {
  const watcher = Deno.watchFs([...folders], { recursive: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = Promise.resolve();
  (async () => {
    try {
      for await (const event of watcher) {
        if (event.kind === "access") continue;
        clearTimeout(timer);
        timer = setTimeout(() => {
          running = running.then(onChange).catch((e) =>
            console.error("[shelf] rebuild failed:", e)
          );
        }, debounceMs);
      }
    } catch {
      // The watcher was closed.
    }
  })();
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
