// Bundles kioku's JavaScript for the package (`npm run build`, after tsc has written the declarations): one
// ES module per entry point, the code entries share split into dist/chunks/, every package left external
// (dependencies, peers and Node's own modules are imported, never copied in). The entry points are what
// package.json names (each `import` target of `exports`, and `bin`), each built from the source file tsc
// would compile to that path (`./dist/entry/replay.js` from `src/entry/replay.ts`): a new entry needs a
// line in `exports` and nothing here. One file per entry instead of ~400 modules is what makes
// `import('kioku')` cheap (bench/package/import-time.mjs). Worker scripts are entries too (`workerEntries`).
//
// A module keeps the `import.meta.url` it had as its own file (`dist/tokens/vocabulary-tokenizer.js`,
// wherever the bundler put its code), so every path it resolves from it (vocabularies, the store template,
// Chart.js, the bundled sample, the error fixtures, package.json) is the same file as before.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const source = join(packageRoot, 'src');
const dist = join(packageRoot, 'dist');
const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
const { compilerOptions } = JSON.parse(readFileSync(join(packageRoot, '../../tsconfig.base.json'), 'utf8'));

const targets = [
  ...Object.values(manifest.exports).flatMap((target) => (typeof target === 'object' ? [target.import] : [])),
  ...Object.values(manifest.bin),
];
// Scripts kioku starts as worker threads (`new Worker(<dist path>)`): entries of their own, not exported.
const workerEntries = ['./dist/store/pglite-worker.js'];
const entryPoints = [...targets, ...workerEntries].map((target) => {
  const out = /^\.\/dist\/(.+)\.js$/.exec(target)?.[1];
  if (out === undefined)
    throw new Error(`package.json names ${target}: an entry point must be ./dist/<path>.js`);
  return { in: join(source, `${out}.ts`), out };
});

// Where the bundle will put each output is known only at the end, so a module's own URL is written relative
// to a placeholder for "the dist directory as seen from this output file", filled in per output below.
const distPlaceholder = '@kioku-dist@';
const ownModuleUrl = {
  name: 'own-module-url',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const contents = readFileSync(path, 'utf8');
      if (!path.startsWith(source + sep) || !contents.includes('import.meta.url')) return undefined;
      const url = `${distPlaceholder}/${relative(source, path).split(sep).join('/').replace(/\.ts$/, '.js')}`;
      // esbuild replaces the expression `import.meta.url` only, never the text in strings or comments.
      const { code } = await transform(contents, {
        loader: 'ts',
        format: 'esm',
        tsconfigRaw: { compilerOptions },
        define: { 'import.meta.url': '__kiokuModuleUrl' },
      });
      return {
        contents: `const __kiokuModuleUrl = new URL(${JSON.stringify(url)}, import.meta.url).href;\n${code}`,
        loader: 'js',
      };
    });
  },
};

const { outputFiles } = await build({
  entryPoints,
  outdir: dist,
  entryNames: '[dir]/[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: compilerOptions.target,
  packages: 'external',
  tsconfig: join(packageRoot, 'tsconfig.json'),
  plugins: [ownModuleUrl],
  write: false,
  logLevel: 'warning',
});

// The JavaScript in dist is this bundle's only: remove what an earlier build left (old chunks, older
// layouts), then write.
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && entry.name.endsWith('.js')) rmSync(join(entry.parentPath, entry.name));
}
for (const file of outputFiles) {
  const toDist = relative(dirname(file.path), dist).split(sep).join('/') || '.';
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.text.replaceAll(distPlaceholder, toDist));
}
