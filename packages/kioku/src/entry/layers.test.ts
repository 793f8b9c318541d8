import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer of each folder of src. A layer imports only itself and the layers it lists; nothing but
 * tests imports `test`; the CLI reaches the library only through the entry points.
 */
const layers = {
  core: [
    'agents',
    'ai-sdk',
    'baselines',
    'errors',
    'fidelity',
    'json',
    'messages',
    'overflow',
    'pricing',
    'strategies',
    'text',
    'tokens',
    'tool-graph',
    'triggers',
  ],
  transcripts: ['transcripts'],
  replay: ['replay', 'report'],
  store: ['memory', 'sessions', 'store', 'tool-graph-store'],
} as const;
type Layer = keyof typeof layers | 'entry' | 'cli' | 'test';

/** What each layer may import, itself included. */
const allowed: Record<Layer, readonly Layer[]> = {
  core: ['core'],
  transcripts: ['core', 'transcripts'],
  replay: ['core', 'transcripts', 'replay'],
  store: ['core', 'store'],
  // An entry may load another lazily (kioku/store's loader imports store.ts).
  entry: ['core', 'transcripts', 'replay', 'store', 'test', 'entry'],
  cli: ['cli', 'entry'],
  // The CLI tests' helpers run the CLI (`runCliInProcess` calls what the bin calls); no entry imports them.
  test: ['core', 'transcripts', 'replay', 'store', 'cli', 'test'],
};

/**
 * Files whose layer is not their folder's: the recorded-run data model (`Transcript`, `ToolDefinition`)
 * is plain types the core's inputs are made of; the importers that produce it are the transcripts layer.
 */
const fileLayers: Record<string, Layer> = { 'transcripts/transcript.ts': 'core' };

const src = fileURLToPath(new URL('../', import.meta.url));

function layerOf(file: string): Layer | undefined {
  const path = relative(src, file).split('\\').join('/');
  const fixed = fileLayers[path];
  if (fixed !== undefined) return fixed;
  if (path === 'index.ts' || path.startsWith('entry/')) return 'entry';
  const folder = path.split('/')[0] ?? '';
  if (folder === 'cli' || folder === 'test') return folder;
  for (const [layer, folders] of Object.entries(layers)) {
    if ((folders as readonly string[]).includes(folder)) return layer as Layer;
  }
  return undefined;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every relative module a file names: static imports and re-exports (types too) and literal dynamic imports. */
function relativeImports(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm),
    ...text.matchAll(/^\s*import\s+'([^']+)'/gm),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((match) => match[1] ?? '');
  return specifiers.filter((specifier) => specifier.startsWith('.'));
}

const files = sourceFiles(src);

describe('layering of src', () => {
  it('puts every source file in a layer', () => {
    expect(files.filter((file) => layerOf(file) === undefined).map((file) => relative(src, file))).toEqual(
      [],
    );
  });

  it('imports only from the same or a lower layer (the core never imports replay, store, cli or test)', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      if (from === undefined) continue;
      for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
        const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
        const to = layerOf(target);
        if (to === undefined || allowed[from].includes(to)) continue;
        violations.push(`${relative(src, file)} (${from}) imports ${specifier} (${to})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('kioku (src/index.ts) exports only the core, so importing it loads no other layer', () => {
    const targets = relativeImports(readFileSync(join(src, 'index.ts'), 'utf8')).map((specifier) =>
      layerOf(resolve(src, specifier.replace(/\.js$/, '.ts'))),
    );
    expect(targets.length).toBeGreaterThan(5);
    expect(targets.filter((layer) => layer !== 'core')).toEqual([]);
  });

  it('finds the imports it checks (a layer-crossing import is reported)', () => {
    const text = "import type { Store } from '../store/store.js';\nexport { x } from '../../cli/main.js';\n";
    expect(relativeImports(text)).toEqual(['../store/store.js', '../../cli/main.js']);
    expect(layerOf(join(src, 'store/store.ts'))).toBe('store');
    expect(allowed.core.includes('store')).toBe(false);
  });
});
