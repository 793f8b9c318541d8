import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anthropicClearToolUses } from '../baselines/anthropic-clear-tool-uses.js';
import { naiveMasking } from '../baselines/naive-masking.js';
import { analyzeStrategies } from '../replay/analyze-strategies.js';
import { resolvePricing } from '../replay/resolve-pricing.js';
import { sweepTriggers } from '../replay/sweep-triggers.js';
import { kiokuDefault } from '../strategies/kioku-default/index.js';
import { unmanaged } from '../strategies/unmanaged/index.js';
import { headlessChromium } from '../test/headless-chromium.js';
import { importTranscript } from '../transcripts/import-transcript.js';
import { renderReport } from './render-report.js';
import { reportData } from './report-data.js';

const sample = new URL('../../../../samples/soc-investigation.json', import.meta.url);
const chromiumPath = headlessChromium.path;
const chromiumArgs = [...headlessChromium.args];

async function sampleReport({ sweep = false } = {}): Promise<string> {
  const transcripts = importTranscript(readFileSync(sample, 'utf8'), {
    file: 'samples/soc-investigation.json',
  });
  const pricingFor = (transcript: (typeof transcripts)[number]) =>
    resolvePricing({ modelId: transcript.model ?? '', pricing: 'anthropic-style' });
  const analysis = await analyzeStrategies({
    transcripts,
    baseline: unmanaged(),
    strategies: [kiokuDefault(), naiveMasking()],
    pricingFor,
  });
  const swept = sweep
    ? await sweepTriggers({
        transcripts,
        baseline: unmanaged(),
        triggered: [
          { name: 'anthropic-clear-tool-uses', create: (trigger) => anthropicClearToolUses({ trigger }) },
        ],
        fixed: [kiokuDefault()],
        fractions: [0.1, 0.3, 0.5],
        inputTokens: [100_000],
        pricingFor,
      })
    : undefined;
  return renderReport(
    reportData({
      analysis,
      kiokuDefault: 'kioku-default',
      breakpoints: "cache breakpoints by the agents' rule",
      sweep:
        swept === undefined
          ? undefined
          : { breakpoints: "cache breakpoints by the agents' rule", curves: swept.curves },
    }),
  );
}

/**
 * Opens `html` in headless Chromium: the canvases' sizes and painted pixels, errors, requests and summary
 * rows (a screenshot to `KIOKU_REPORT_SCREENSHOT` when set).
 */
async function renderInChromium(html: string) {
  const directory = mkdtempSync(join(tmpdir(), 'kioku-report-'));
  const file = join(directory, 'report.html');
  writeFileSync(file, html);
  const context = await chromium.launchPersistentContext(join(directory, 'profile'), {
    executablePath: chromiumPath,
    args: chromiumArgs,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`file://${file}`);
    await page.waitForSelector('body[data-rendered="true"]', { timeout: 20_000 });
    // Counts the non-blank pixels of every canvas (the page has no DOM types here: run as a string).
    const canvases = (await page.evaluate(`[...document.querySelectorAll('canvas')].map((canvas) => {
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) painted += 1;
      return { id: canvas.id, width: canvas.width, height: canvas.height, painted };
    })`)) as Array<{ id: string; width: number; height: number; painted: number }>;
    const rows = await page.locator('#summary tbody tr').count();
    if (process.env.KIOKU_REPORT_SCREENSHOT !== undefined) {
      await page.screenshot({ path: process.env.KIOKU_REPORT_SCREENSHOT, fullPage: true });
    }
    return { canvases, errors, requests, file, rows };
  } finally {
    await context.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

describe('renderReport', () => {
  it('writes one self-contained page: Chart.js and the data inlined, no external reference', async () => {
    const html = await sampleReport();
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('Chart.js v4');
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(html.match(/<\/script>/g)?.length).toBe(3);
  });

  it('shows the calls over the context window per strategy', async () => {
    const analysis = await analyzeStrategies({
      transcripts: importTranscript(readFileSync(sample, 'utf8'), { file: 'samples/soc-investigation.json' }),
      baseline: unmanaged(),
      strategies: [kiokuDefault()],
      pricingFor: (transcript) => resolvePricing({ modelId: transcript.model ?? '' }),
      budgetFor: () => ({ contextWindow: 12_000 }),
    });
    const data = reportData({ analysis, kiokuDefault: 'kioku-default' });
    const over = data.strategies.map((strategy) => strategy.callsOverWindow);
    expect(over[0]).toBeGreaterThan(0);
    expect(over[1]).toBeLessThan(over[0] ?? 0);
    const html = await renderReport(data);
    expect(html).toContain('<th>over window</th><th>violations</th>');
    expect(html).toContain('s.callsOverWindow');
  });

  it('plots every strategy by input tokens against its hidden-fact rate', async () => {
    const html = await sampleReport();
    expect(html).toContain('<th>hidden facts</th>');
    expect(html).toContain('<canvas id="fidelity-chart">');
    expect(html).toContain('x: s.inputTokensRatio, y: s.hiddenFactRate * 100');
  });

  (existsSync(chromiumPath) ? it : it.skip)(
    'draws the trigger sweep as a curve chart in headless Chromium, and its hidden-fact rates',
    async () => {
      const plain = await renderInChromium(await sampleReport({ sweep: true }));
      expect(plain.errors).toEqual([]);
      expect(plain.canvases.map((canvas) => canvas.id)).toEqual([
        'context-chart',
        'cost-chart',
        'sweep-chart',
        'sweep-fidelity-chart',
        'saved-chart',
        'fidelity-chart',
      ]);
      const sweepChart = plain.canvases.find((canvas) => canvas.id === 'sweep-chart');
      expect(
        (sweepChart?.painted ?? 0) / ((sweepChart?.width ?? 1) * (sweepChart?.height ?? 1)),
      ).toBeGreaterThan(0.01);
      const fidelity = plain.canvases.find((canvas) => canvas.id === 'sweep-fidelity-chart');
      expect((fidelity?.painted ?? 0) / ((fidelity?.width ?? 1) * (fidelity?.height ?? 1))).toBeGreaterThan(
        0.01,
      );
    },
  );

  (existsSync(chromiumPath) ? it : it.skip)(
    'renders its charts in headless Chromium without errors or network requests',
    async () => {
      const { canvases, errors, requests, file, rows } = await renderInChromium(await sampleReport());
      expect(canvases.map((canvas) => canvas.id)).toEqual([
        'context-chart',
        'cost-chart',
        'saved-chart',
        'fidelity-chart',
      ]);
      for (const canvas of canvases) {
        expect(canvas.width).toBeGreaterThan(200);
        expect(canvas.painted / (canvas.width * canvas.height)).toBeGreaterThan(0.01);
      }
      expect(rows).toBe(3);
      expect(errors).toEqual([]);
      expect(requests).toEqual([`file://${file}`]);
    },
  );
});
