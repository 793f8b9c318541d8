import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anthropicClearToolUses } from '../baselines/anthropic-clear-tool-uses.js';
import { naiveMasking } from '../baselines/naive-masking.js';
import { analyzeStrategies } from '../replay/analyze-strategies.js';
import type { BreakpointPolicy } from '../replay/breakpoint-policy.js';
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

const titles: Record<string, string> = {
  agent: "cache breakpoints by the agents' rule",
  frontier: "cache breakpoints at kioku's frontier",
};

/** The sample replayed under each breakpoint policy in `policies` (priced Anthropic-style), and swept. */
async function sampleData({ sweep = false, policies = ['agent'] as BreakpointPolicy[] } = {}) {
  const transcripts = importTranscript(readFileSync(sample, 'utf8'), {
    file: 'samples/soc-investigation.json',
  });
  const pricingFor = (transcript: (typeof transcripts)[number]) =>
    resolvePricing({ modelId: transcript.model ?? '', pricing: 'anthropic-style' });
  const replayed = [];
  for (const breakpoints of policies) {
    const analysis = await analyzeStrategies({
      transcripts,
      baseline: unmanaged(),
      strategies: [kiokuDefault(), naiveMasking()],
      pricingFor,
      breakpoints,
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
          breakpoints,
        })
      : undefined;
    replayed.push({ name: breakpoints, title: titles[breakpoints], analysis, sweep: swept?.curves });
  }
  return reportData({ policies: replayed, kiokuDefault: 'kioku-default' });
}

async function sampleReport(options: Parameters<typeof sampleData>[0] = {}): Promise<string> {
  return renderReport(await sampleData(options));
}

/** What a policy's view of the page shows: its canvases (size, painted pixels, chart data) and table. */
interface PolicyView {
  policy: string | undefined;
  canvases: Array<{ id: string; width: number; height: number; painted: number; data: unknown[] }>;
  /** The summary table's cells, row by row. */
  rows: string[][];
}

/**
 * Opens `html` in headless Chromium (at `#hash` when given) and reads the view of the policy it opens on,
 * then of each policy in `switchTo` after pressing its switch button: the canvases' sizes, painted pixels
 * and chart data, and the summary rows; errors and requests (a screenshot of each view to
 * `KIOKU_REPORT_SCREENSHOT`-name.png when set).
 */
async function renderInChromium(html: string, { switchTo = [] as string[], hash = '' } = {}) {
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
    await page.goto(`file://${file}${hash === '' ? '' : `#${hash}`}`);
    await page.waitForSelector('body[data-rendered="true"]', { timeout: 20_000 });
    const view = async (): Promise<PolicyView> => {
      // Counts the non-blank pixels of every canvas and reads its chart's data (the page has no DOM
      // types here: run as a string).
      const canvases = (await page.evaluate(`[...document.querySelectorAll('canvas')].map((canvas) => {
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) painted += 1;
        const chart = Chart.getChart(canvas);
        return { id: canvas.id, width: canvas.width, height: canvas.height, painted,
          data: chart.data.datasets.map((dataset) => dataset.data) };
      })`)) as PolicyView['canvases'];
      const rows = (await page.evaluate(
        `[...document.querySelectorAll('#summary tbody tr')].map((row) => [...row.cells].map((cell) => cell.textContent))`,
      )) as string[][];
      const policy = await page.evaluate('document.body.dataset.policy');
      if (process.env.KIOKU_REPORT_SCREENSHOT !== undefined) {
        const path = process.env.KIOKU_REPORT_SCREENSHOT.replace(/(\.png)?$/, `-${String(policy)}.png`);
        await page.screenshot({ path, fullPage: true });
      }
      return { policy: policy as string | undefined, canvases, rows };
    };
    const views = [await view()];
    for (const name of switchTo) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.waitForSelector(`body[data-policy="${name}"]`, { timeout: 20_000 });
      views.push(await view());
    }
    const switchShown = await page.locator('#policy-switch').isVisible();
    return { views, errors, requests, file, switchShown };
  } finally {
    await context.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The share of `canvas`'s pixels painted. */
const paintedShare = (canvas: PolicyView['canvases'][number]) =>
  canvas.painted / (canvas.width * canvas.height);

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
    const data = reportData({ policies: [{ name: 'own', analysis }], kiokuDefault: 'kioku-default' });
    const over = data.policies[0]?.strategies.map((strategy) => strategy.callsOverWindow) ?? [];
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
    'draws every breakpoint policy replayed in headless Chromium: its table, per-call charts and sweep curves',
    async () => {
      const data = await sampleData({ sweep: true, policies: ['agent', 'frontier'] });
      const { views, errors, switchShown } = await renderInChromium(await renderReport(data), {
        switchTo: ['frontier', 'agent'],
      });
      expect(errors).toEqual([]);
      expect(switchShown).toBe(true);
      expect(views.map((view) => view.policy)).toEqual(['agent', 'frontier', 'agent']);
      for (const view of views) {
        const policy = data.policies.find((entry) => entry.name === view.policy);
        if (policy === undefined) throw new Error(`no policy ${view.policy}`);
        // The table is the policy's: one row per strategy, its cached-cost ratios.
        expect(view.rows.map((row) => row[0]?.replace(' ★', ''))).toEqual(
          policy.strategies.map((s) => s.name),
        );
        expect(view.rows.map((row) => row[8])).toEqual(
          policy.strategies.map((s) => `${s.costCachedRatio.toFixed(2)}×`),
        );
        expect(view.canvases.map((canvas) => canvas.id)).toEqual([
          'context-chart',
          'cost-chart',
          'sweep-chart',
          'sweep-fidelity-chart',
          'saved-chart',
          'fidelity-chart',
        ]);
        for (const canvas of view.canvases) expect(paintedShare(canvas)).toBeGreaterThan(0.01);
        const chart = (id: string) => view.canvases.find((canvas) => canvas.id === id)?.data;
        // The charts draw the policy's data: cumulative cached cost per call, and the sweep's points.
        const [longest] = policy.transcripts;
        expect(chart('cost-chart')).toEqual(
          policy.strategies.map((s) => longest?.series[s.name]?.costCached),
        );
        expect(chart('sweep-chart')).toEqual(
          policy.sweep?.map((curve) =>
            curve.points.map((point) => ({
              x: point.inputTokensRatio,
              y: point.costCachedRatio,
              trigger: point.label,
            })),
          ),
        );
        expect(chart('sweep-fidelity-chart')?.length).toBe(policy.sweep?.length);
      }
      // The two policies' views differ where their data does (else the switch would show one twice).
      const [agent, frontier] = data.policies;
      expect(agent?.strategies.map((s) => s.costCached)).not.toEqual(
        frontier?.strategies.map((s) => s.costCached),
      );
      expect(views[0]?.canvases.find((canvas) => canvas.id === 'cost-chart')?.data).not.toEqual(
        views[1]?.canvases.find((canvas) => canvas.id === 'cost-chart')?.data,
      );
    },
  );

  (existsSync(chromiumPath) ? it : it.skip)('opens on the policy the link names', async () => {
    const data = await sampleData({ policies: ['agent', 'frontier'] });
    const { views, errors } = await renderInChromium(await renderReport(data), { hash: 'frontier' });
    expect(errors).toEqual([]);
    expect(views[0]?.policy).toBe('frontier');
    expect(views[0]?.rows.map((row) => row[8])).toEqual(
      data.policies[1]?.strategies.map((s) => `${s.costCachedRatio.toFixed(2)}×`),
    );
  });

  (existsSync(chromiumPath) ? it : it.skip)(
    'renders its charts in headless Chromium without errors or network requests',
    async () => {
      const { views, errors, requests, file, switchShown } = await renderInChromium(await sampleReport());
      const [view] = views;
      expect(view?.canvases.map((canvas) => canvas.id)).toEqual([
        'context-chart',
        'cost-chart',
        'saved-chart',
        'fidelity-chart',
      ]);
      for (const canvas of view?.canvases ?? []) {
        expect(canvas.width).toBeGreaterThan(200);
        expect(paintedShare(canvas)).toBeGreaterThan(0.01);
      }
      expect(view?.rows).toHaveLength(3);
      // One policy: no switch.
      expect(switchShown).toBe(false);
      expect(errors).toEqual([]);
      expect(requests).toEqual([`file://${file}`]);
    },
  );
});
