import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errorFixture } from '../test/error-fixture.js';
import {
  type LoopbackProvider,
  type LoopbackReply,
  startLoopbackProvider,
} from '../test/loopback-provider-server.js';
import { runCliAsync } from '../test/run-cli-async.js';
import { runCliInProcess } from '../test/run-cli-in-process.js';
import { importTranscript } from '../transcripts/index.js';

const sample = 'samples/soc-investigation.json';
const samplePath = new URL('../../../../samples/soc-investigation.json', import.meta.url);
/** A summary that leaves out every IOC of the investigation: fact preservation must put them back. */
const summary =
  'The analyst investigated a phishing alert, queried sign-in and proxy logs, found a compromised account ' +
  'and a beaconing host, and contained both. Next: reset credentials and review mailbox rules.';

let server: LoopbackProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function compact(replies: LoopbackReply[], args: string[] = [], env: Record<string, string> = {}) {
  server = await startLoopbackProvider({ replies });
  const out = join(mkdtempSync(join(tmpdir(), 'kioku-compact-')), 'compacted.json');
  const run = await runCliInProcess(
    [
      'compact',
      sample,
      '--model',
      'openai-compatible:local-model',
      '--base-url',
      server.baseUrl,
      '--context-window',
      '400000',
      '--out',
      out,
      ...args,
    ],
    { env },
  );
  return { ...run, out, requests: server.requests };
}

const json = (stdout: string) => JSON.parse(stdout);

describe('kioku compact against a loopback OpenAI-compatible server', () => {
  it('summarizes with the real provider client, repairs the facts the summary dropped, and writes the format back', async () => {
    const { status, stdout, stderr, out, requests } = await compact(
      [{ text: summary }],
      ['--json', '--prompt', 'security'],
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const report = json(stdout);
    expect(report).toMatchObject({
      format: 'openai-chat',
      strategy: 'summarization',
      compactedBy: 'summarization',
    });
    expect(report.tokensAfter).toBeLessThan(report.tokensBefore * 0.5);
    expect(report.factsRepaired).toBeGreaterThan(0);
    expect(report.summaryUsage).toEqual({
      inputTokens: expect.any(Number),
      outputTokens: expect.any(Number),
      calls: 1,
    });
    expect(report.summaryUsage.inputTokens).toBeGreaterThan(1000);
    expect(report.out).toEqual({ file: out, format: 'openai-chat' });

    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe('/v1/chat/completions');
    expect(JSON.stringify(requests[0]?.body)).toMatch(/IOC|indicator/i);

    const written = readFileSync(out, 'utf8');
    const [run] = importTranscript(written, { file: out });
    expect(written).toContain('=== Previous Conversation Summary ===');
    expect(written).toContain('Preserved facts');
    expect(run?.messages.length).toBeLessThan(
      importTranscript(readFileSync(samplePath, 'utf8'), { file: sample })[0]?.messages.length ?? 0,
    );
    expect(JSON.parse(written).model).toBe('claude-sonnet-4-20250514');
  });

  it('prints tokens before and after and facts repaired for a terminal', async () => {
    const { status, stdout } = await compact([{ text: summary }]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/tokens\s+[\d,]+ → [\d,]+ \(\d+\.\d% fewer/);
    expect(stdout).toMatch(/facts repaired\s+[1-9]/);
    expect(stdout).toMatch(/summary calls\s+1 \(/);
  });

  it('a summarizer that overflows its own window summarizes in pieces (map-reduce) from the real overflow body', async () => {
    const overflow = errorFixture('llama-cpp-exceed-context-size.json');
    const { status, stdout } = await compact(
      [{ status: 400, body: overflow.body }, { text: summary }],
      ['--json'],
    );
    expect(status).toBe(0);
    const report = json(stdout);
    expect(report.compactedBy).toBe('summarization');
    expect(report.summaryUsage.calls).toBeGreaterThanOrEqual(3);
  });

  it('gives the summarizer the --context-window: a model the catalog lacks is summarized in pieces that fit', async () => {
    const window = 16_000;
    // The later --context-window wins over the helper's.
    const run = await compact([{ text: summary }], ['--json', '--context-window', String(window)]);
    expect(run.stderr).toBe('');
    expect(run.requests.length).toBeGreaterThan(1);
    // Four characters a token is generous for English and JSON: no request may come near the window.
    for (const request of run.requests) expect(JSON.stringify(request.body).length / 4).toBeLessThan(window);
    expect(json(run.stdout).summaryUsage.calls).toBe(run.requests.length);
  });

  const failures: Array<[string, LoopbackReply[], RegExp]> = [
    ['an empty summary', [{ text: '' }], /empty/],
    [
      'a malformed response body',
      [{ malformed: '<html>upstream error</html>' }],
      /summarization failed \(model-error\)/,
    ],
    ['a degenerate, repetitive summary', [{ text: Array(200).fill('alert').join(' ') }], /repetitive/],
    [
      'an overflow on every call',
      [{ status: 400, body: errorFixture('vllm-maximum-context-length.json').body }],
      /model-error|maximum context length/,
    ],
    [
      'a server error',
      [{ status: 500, body: '{"error":{"message":"internal error","type":"server_error"}}' }],
      /internal error/,
    ],
  ];

  for (const [name, replies, problem] of failures) {
    it(`${name}: falls back to masking (then truncation), says so, writes the result and exits 3`, async () => {
      const { status, stdout, stderr, out } = await compact(replies);
      expect(status).toBe(3);
      expect(stderr).toMatch(problem);
      expect(stderr).toContain('fell back to observation-masking');
      expect(stderr).toMatch(/summarization failed, so observation-masking.* compacted instead \(exit 3\)/);
      expect(stdout).toMatch(/compacted by\s+observation-masking/);
      const [run] = importTranscript(readFileSync(out, 'utf8'), { file: out });
      expect(JSON.stringify(run?.messages)).toContain('[Old ');
    });
  }

  it('a slow summarizer is cut short by --timeout and the fallback compacts', async () => {
    // No wall-clock check (the machine may be loaded): had --timeout not cut the call, the reply would
    // arrive after 60 s and succeed (exit 0, no failure).
    const { status, stdout } = await compact(
      [{ delayMs: 60_000, reply: { text: summary } }],
      ['--timeout', '1', '--json'],
    );
    expect(status).toBe(3);
    const report = json(stdout);
    expect(report.failure).toMatch(/abort|timeout|timed out/i);
    expect(report.fallbacks).toContain('observation-masking');
  });

  it('sends the key from the environment and never prints it', async () => {
    const key = 'sk-loopback-secret-0123456789abcdef';
    server = await startLoopbackProvider({
      replies: [{ status: 401, body: errorFixture('deepseek-authentication.json').body }],
    });
    const run = await runCliAsync(
      ['compact', sample, '--model', 'deepseek:deepseek-chat', '--base-url', server.baseUrl, '--json'],
      { env: { DEEPSEEK_API_KEY: key } },
    );
    expect(server.requests[0]?.authorized).toBe(true);
    expect(run.status).toBe(3);
    expect(run.stdout + run.stderr).not.toContain(key);
    expect(json(run.stderr).failure).toMatch(/Authentication Fails/);
  });
});

describe('kioku compact without a model server', () => {
  const offline = (strategy: string, args: string[], file = sample) =>
    runCliInProcess(['compact', file, '--model', 'deepseek:deepseek-chat', '--strategy', strategy, ...args], {
      env: {},
    });

  it('compacts with a deterministic strategy and no key at all, the history to stdout and the report to stderr', async () => {
    const run = await offline('observation-masking', ['--json']);
    expect(run.status).toBe(0);
    const [compacted] = importTranscript(run.stdout, { file: 'stdout.json' });
    expect(compacted?.format).toBe('openai-chat');
    expect(JSON.stringify(compacted?.messages)).toContain('[Old ');
    const report = json(run.stderr);
    expect(report).toMatchObject({
      compactedBy: 'observation-masking',
      factsRepaired: 0,
      contextWindow: expect.any(Number),
    });
    expect(report.summaryUsage).toEqual({ inputTokens: 0, outputTokens: 0, calls: 0 });
    expect(report.counter).toEqual({ family: 'deepseek-v3', exact: true });
  });

  it('masks with a plain model id, an Ollama tag, or the model the transcript recorded: no provider needed', async () => {
    const counterOf = async (args: string[]) => {
      const run = await runCliInProcess(
        ['compact', sample, '--strategy', 'observation-masking', '--json', ...args],
        { env: {} },
      );
      expect(run.status, run.stderr).toBe(0);
      return { model: json(run.stderr).model, counter: json(run.stderr).counter.family };
    };
    expect(await counterOf([])).toEqual({ model: 'claude-sonnet-4-20250514', counter: 'claude' });
    expect(await counterOf(['--model', 'gpt-4.1'])).toEqual({ model: 'gpt-4.1', counter: 'o200k' });
    expect(await counterOf(['--model', 'qwen2.5:7b'])).toEqual({ model: 'qwen2.5:7b', counter: 'qwen' });
  });

  it('asks for provider:model when the strategy calls a model, and for a model id when none is known', async () => {
    const summarize = await runCliInProcess(['compact', sample, '--model', 'gpt-4.1'], { env: {} });
    expect(summarize.status).toBe(2);
    expect(summarize.stderr).toContain('--strategy summarization calls a model: pass --model provider:model');
    const tag = await runCliInProcess(['compact', sample, '--model', 'llama3.1:8b'], { env: {} });
    expect(tag.status).toBe(2);
    expect(tag.stderr).toContain('"llama3.1:8b" names none (an Ollama model is ollama:llama3.1:8b)');
    const file = join(mkdtempSync(join(tmpdir(), 'kioku-compact-')), 'messages.json');
    writeFileSync(
      file,
      JSON.stringify([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ]),
    );
    const unnamed = await runCliInProcess(['compact', file, '--strategy', 'truncation'], { env: {} });
    expect(unnamed.status).toBe(2);
    expect(unnamed.stderr).toContain('does not say which model it used: pass --model <id>');
  });

  it('writes a format it cannot write back as OpenAI chat JSON and says so', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'kioku-compact-')), 'traj.json');
    const run = await runCliInProcess(
      [
        'compact',
        'samples/pydicom__pydicom-901.traj.json',
        '--model',
        'deepseek:deepseek-chat',
        '--strategy',
        'truncation',
        '--context-window',
        '8000',
        '--out',
        out,
      ],
      { env: {} },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/mini-swe-agent cannot be written back faithfully .* OpenAI chat JSON/);
    expect(importTranscript(readFileSync(out, 'utf8'), { file: out })[0]?.format).toBe('openai-chat');
  });

  it('says what is missing: an API key, a base URL, a context window', async () => {
    const key = await runCliInProcess(['compact', sample, '--model', 'deepseek:deepseek-chat'], { env: {} });
    expect(key.status).toBe(1);
    expect(key.stderr).toContain('provider "deepseek" needs an API key: set DEEPSEEK_API_KEY');
    const url = await runCliInProcess(
      ['compact', sample, '--model', 'openai-compatible:m', '--context-window', '8000'],
      { env: {} },
    );
    expect(url.status).toBe(1);
    expect(url.stderr).toContain('needs a base URL: pass baseUrl or set OPENAI_COMPATIBLE_BASE_URL');
    expect(url.stderr).toContain('kioku: hint: give it with --base-url <url>');
    const window = await runCliInProcess(['compact', sample, '--model', 'openai-compatible:mystery-model'], {
      env: {},
    });
    expect(window.status).toBe(1);
    expect(window.stderr).toContain(
      'context window of model "mystery-model" is unknown: pass --context-window',
    );
    expect(window.stderr).not.toMatch(/\n\s+at /);
  });

  it('names a missing or broken file without a stack trace', async () => {
    const missing = await runCliInProcess(['compact', 'no-such.json', '--model', 'deepseek:deepseek-chat'], {
      env: {},
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('no-such.json: no such file or directory');
    const file = join(mkdtempSync(join(tmpdir(), 'kioku-compact-')), 'broken.json');
    writeFileSync(file, '{"messages": [');
    const broken = await runCliInProcess(
      ['compact', file, '--model', 'deepseek:deepseek-chat', '--strategy', 'truncation'],
      { env: {} },
    );
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain(file);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses to overwrite its input with --out, under any name of the file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'kioku-compact-'));
    const input = join(directory, 'run.json');
    const original = readFileSync(samplePath, 'utf8');
    writeFileSync(input, original);
    symlinkSync(input, join(directory, 'link.json'));
    for (const out of [input, join(directory, '.', 'run.json'), join(directory, 'link.json')]) {
      const run = await runCliInProcess(
        ['compact', input, '--model', 'deepseek:deepseek-chat', '--strategy', 'truncation', '--out', out],
        { env: {} },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`--out ${out} is the input transcript ${input}`);
    }
    expect(readFileSync(input, 'utf8')).toBe(original);
  });

  it('exits 4 when the result is still over the context window, and says so', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'kioku-compact-')), 'out.json');
    const run = await offline('truncation', ['--context-window', '100', '--out', out]);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/1 of 1 run\(s\) still over the 100-token window after compaction \(exit 4\)/);
  });

  it('reads regular files only, up to --max-file-size, naming the file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'kioku-compact-'));
    const fifo = join(directory, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const args = ['--model', 'deepseek:deepseek-chat', '--strategy', 'truncation'];
    const piped = await runCliAsync(['compact', fifo, ...args], { timeoutMs: 20_000 });
    expect(piped.status).toBe(1);
    expect(piped.stderr).toBe(`kioku: ${fifo}: a FIFO (named pipe), not a regular file\n`);
    const zero = await runCliAsync(['compact', '/dev/zero', ...args], { timeoutMs: 20_000 });
    expect(zero.stderr).toBe('kioku: /dev/zero: a character device, not a regular file\n');
    const big = join(directory, 'big.json');
    writeFileSync(big, `{"messages": [${' '.repeat(2 * 1024 * 1024)}]}`);
    const capped = await runCliAsync(['compact', big, ...args, '--max-file-size', '1']);
    expect(capped.status).toBe(1);
    expect(capped.stderr).toBe(
      `kioku: ${big}: larger than the 1 MiB limit on an input file\nkioku: hint: --max-file-size <MiB> raises it\n`,
    );
  });

  it('exits 2 on bad arguments and explains itself in --help', async () => {
    expect((await runCliInProcess(['compact', sample])).status).toBe(2);
    expect((await runCliInProcess(['compact', sample, '--model', 'no-colon'])).status).toBe(2);
    expect((await runCliInProcess(['compact', sample, '--model', 'a:b', '--strategy', 'bogus'])).status).toBe(
      2,
    );
    expect((await runCliInProcess(['compact', sample, '--model', 'a:b', '--timeout', '-1'])).status).toBe(2);
    expect(
      (await runCliInProcess(['compact', sample, '--model', 'a:b', '--context-window', '1e3'])).status,
    ).toBe(2);
    const help = await runCliInProcess(['compact', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--model <provider:model>');
    expect(help.stdout).toMatch(
      /Exit codes: 0 compacted.*3 compacted by the deterministic fallback.*4 compacted but still larger than the context window/s,
    );
    expect(help.stdout).toMatch(/to standard output, or to --out/);
  });
});
