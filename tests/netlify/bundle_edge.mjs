// Runs Netlify's edge bundler exactly as `netlify build` does for this site, under Node 22:
//   node bundle_edge.mjs <bundler entry> <site dir> <out dir> <declarations JSON> [import map]
// Prints the bundler's result as JSON on the last line of stdout. Config extraction imports
// type files from Netlify's servers; offline that step fails without failing the bundle, and
// its messages go to stderr.
const [bundlerEntry, site, out, declarations, importMap] = process.argv.slice(2);
const { bundle } = await import(bundlerEntry);
const result = await bundle([`${site}/netlify/edge-functions`], out, JSON.parse(declarations), {
  basePath: site,
  importMapPaths: importMap ? [`${site}/${importMap}`] : [],
  systemLogger: () => {},
  userLogger: (...args) => console.error(...args),
});
console.log(JSON.stringify(result));
