/**
 * Unpacks an eszip bundle with the eszip reader vendored in Netlify's bundler (the one that
 * wrote it), run in a child process with the bundler's vendor import map:
 *
 *   deno run -A --import-map <vendor map> read_eszip.ts <eszip module URL> <bundle> <out dir>
 *
 * Writes every `file:///…` module under `<out dir>/…` and prints `{specifiers, importMap,
 * stage2}` as JSON: the module list, the bundle's own import map and its entry module.
 *
 * @module
 */
const [eszipModule, bundlePath, outDir] = Deno.args as [string, string, string];
const { Parser } = await import(eszipModule);
const parser = await Parser.createInstance();
const specifiers: string[] = await parser.parseBytes(await Deno.readFile(bundlePath));
await parser.load();
const source = (specifier: string): Promise<string> => parser.getModuleSource(specifier);
for (const specifier of specifiers) {
  if (!specifier.startsWith("file:///")) continue;
  const path = `${outDir}/${specifier.slice("file:///".length)}`;
  await Deno.mkdir(path.replace(/\/[^/]*$/, ""), { recursive: true });
  await Deno.writeTextFile(path, await source(specifier));
}
console.log(JSON.stringify({
  specifiers,
  importMap: JSON.parse(await source("netlify:import-map")),
  stage2: await source("netlify:bootstrap-stage2"),
}));
