/**
 * One cold Pagefind search, as a browser with an empty cache runs it (`pagefind_bench.ts` starts
 * this in a fresh Deno, with `--reload` so nothing comes from Deno's cache): Pagefind's own
 * `pagefind.js` imported from the site, one search, and the data (URL, title, excerpt) of the
 * first `shown` results loaded — what a results page shows. Pagefind runs on the main thread
 * here (no `Worker`); in a browser its worker fetches the same files, plus
 * `pagefind-worker.js`.
 *
 * Usage: deno run --no-config --reload --allow-net=127.0.0.1 --allow-import=127.0.0.1:PORT
 *        scripts/bench/pagefind_search.ts BASE_URL QUERY SHOWN
 *
 * @module
 */
const [base, query, shown] = Deno.args as [string, string, string];
delete (globalThis as { Worker?: unknown }).Worker;
interface Result {
  data(): Promise<{ url: string }>;
}
// The process's CPU in µs (Deno 2's `Deno.cpuUsage`, which its type declarations do not list).
const usage = (Deno as unknown as { cpuUsage(): { user: number; system: number } }).cpuUsage;
const cpu = () => {
  const { user, system } = usage();
  return (user + system) / 1000;
};
const cpu0 = cpu();
const t0 = performance.now();
const pagefind = await import(`${base}/pagefind.js`);
await pagefind.options({ basePath: `${base}/` });
const search = await pagefind.search(query) as { results: Result[] };
const data = await Promise.all(search.results.slice(0, Number(shown)).map((r) => r.data()));
console.log(JSON.stringify({
  wallMs: performance.now() - t0,
  cpuMs: cpu() - cpu0,
  results: search.results.length,
  first: data[0]?.url ?? null,
}));
