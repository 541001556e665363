// Run by the bench in a fresh project where the packed toolsift is installed: how long a new
// process takes to `import("toolsift")`. Prints one JSON line. TOOLSIFT_BENCH_MODULE overrides
// the specifier (the bench's own test points it at the sources).
const specifier = process.env.TOOLSIFT_BENCH_MODULE ?? "toolsift";

const started = performance.now();
const toolsift = await import(specifier);
const importMs = performance.now() - started;

console.log(JSON.stringify({ importMs, exports: Object.keys(toolsift).length }));
