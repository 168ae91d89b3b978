/**
 * A Shelf server started as a developer starts it (`deno run …`, `deno serve …`), in its own
 * process, with the port it listens on read from its own log.
 */

/** A started server; `port` is 0 when it did not print an endpoint in time (see `log()`). */
export interface SpawnedServer {
  port: number;
  pid: number;
  /** What it printed so far (the last 100,000 characters). */
  log(): string;
  /** Whether the process has exited. */
  exited(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts `deno <args>` from `cwd` and waits (up to `waitMs`) for it to print its endpoint —
 * `MCP endpoint: http://…:<port>/mcp` (`main.ts`, `serve.ts`) or `Listening on http://…:<port>/`.
 */
export async function spawnServer(
  args: string[],
  options: { cwd?: string; waitMs?: number } = {},
): Promise<SpawnedServer> {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const collect = (stream: ReadableStream<Uint8Array>) =>
    stream.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({ write: (chunk) => void (log = (log + chunk).slice(-100_000)) }),
    );
  const drained = Promise.all([collect(child.stdout), collect(child.stderr)]);
  let exited = false;
  const status = child.status.then((s) => (exited = true, s));
  let port = 0;
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  while (!port && !exited && Date.now() < deadline) {
    port = Number(/(?:MCP endpoint:|Listening on) http:\/\/\S+?:(\d+)\//.exec(log)?.[1] ?? 0);
    if (!port) await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    pid: child.pid,
    log: () => log,
    exited: () => exited,
    async stop() {
      if (!exited) child.kill();
      await status;
      await drained;
    },
  };
}
