import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageModelFromSpec } from 'kioku';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { headlessChromium, type LoopbackProvider, startLoopbackProvider } from 'kioku/test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertStore } from '../alerts/index.js';
import { createApprovalStore } from '../approvals/index.js';
import { createOidcSignIn, createUserStore, type OidcSignIn } from '../auth/index.js';
import { loadMcpServers } from '../chat/load-mcp-servers.js';
import { createIntelFeeds, createThreatIntel } from '../intel/index.js';
import { type LoopbackReceiver, startLoopbackReceiver } from '../notify/__fixtures__/loopback-receiver.js';
import { createNotifier } from '../notify/index.js';
import { createConsoleServer } from '../server/console/index.js';
import { type RunningServer, startServer } from '../server/index.js';
import { openInvestigatorStore } from '../store/index.js';

// The console for a team, end to end: the real server on loopback with users of three roles, single sign-on
// through a real OpenID Connect provider process (oidc-provider), a real MCP server whose response action
// waits for an analyst's approval, Slack notifications to a loopback receiver, and the chat's model on
// kioku/test's loopback OpenAI server — driven in Debian's Chromium at 1440 and 800 px, scanned by axe-core.

const webhookToken = 'a-webhook-token-of-32-characters';
const webBuilt = existsSync(new URL('../../dist/web/index.html', import.meta.url));
const missing = !existsSync(headlessChromium.path)
  ? `no Chromium at ${headlessChromium.path} (apt-get install chromium, or set KIOKU_CHROMIUM)`
  : !webBuilt
    ? 'the web console is not built: run npm run build -w investigator'
    : undefined;
if (missing !== undefined && process.env.CI === 'true')
  throw new Error(`required in CI (CI=true): ${missing}`);

const mcpServer = fileURLToPath(new URL('../chat/__fixtures__/intel-mcp-server.mjs', import.meta.url));
const oidcServer = fileURLToPath(new URL('../auth/__fixtures__/oidc-provider-server.mjs', import.meta.url));
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// A 200-character hash (four SHA-256-like runs and a tail): one token a browser cannot break at a space.
const longHash = `${'9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'.repeat(3)}4e1c5a0b`;
const answer = [
  '## Containment',
  '',
  'MKT01 is **isolated**. What ran there:',
  '',
  '| host | sha256 of the payload | verdict |',
  '|---|---|---|',
  `| MKT01 | \`${longHash}\` | malicious |`,
  '',
  '```powershell',
  'Get-Process lsass | Select-Object Id, Path',
  '```',
  '',
  `The same hash in the text: ${longHash}.`,
  '',
  '<img src=x onerror="document.title=\'pwned\'">',
].join('\n');

describe.skipIf(missing !== undefined)(
  'the console for a team (Chromium, real OIDC provider, MCP, Slack receiver)',
  () => {
    let store: DrizzleStore;
    let provider: LoopbackProvider;
    let slack: LoopbackReceiver;
    let server: RunningServer;
    let oidcProcess: ChildProcess;
    let browser: Browser;
    let oidc: OidcSignIn | undefined;
    let alertId = '';
    const directory = mkdtempSync(join(tmpdir(), 'investigator-team-'));
    const shots = process.env.INVESTIGATOR_SCREENSHOTS ?? join(directory, 'screenshots');
    const mcpCalls = join(directory, 'mcp-calls.txt');
    const pageErrors: string[] = [];

    const newPage = async (width: number, height = 1000): Promise<Page> => {
      // bypassCSP only lets the test inject axe-core; the console's own CSP is checked in console.e2e.test.ts.
      const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    };
    const signIn = async (page: Page, name: string, password: string) => {
      await page.goto(server.url);
      await page.getByLabel('User name').fill(name);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByTestId('signed-in').getByText(name).waitFor();
    };
    /** The API as the page's signed-in user (its cookie), with or without the console's header. */
    const fetchAs = (page: Page, path: string, body: unknown, headers: Record<string, string>) =>
      page.evaluate(`fetch(${JSON.stringify(`/api${path}`)}, {
      method: 'POST',
      headers: ${JSON.stringify({ 'content-type': 'application/json', ...headers })},
      body: ${JSON.stringify(JSON.stringify(body))},
    }).then(async (response) => ({ status: response.status, body: await response.json() }))`) as Promise<{
        status: number;
        body: { error?: { message: string } };
      }>;
    const seriousViolations = async (page: Page) => {
      await page.addScriptTag({ path: axePath });
      const violations = (await page.evaluate('axe.run(document).then((result) => result.violations)')) as {
        id: string;
        impact: string;
        nodes: unknown[];
      }[];
      return violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id} (${violation.nodes.length})`);
    };
    /** The box of the hash inside the chat, and the chat column's, in CSS pixels (run in the page). */
    const hashFits = (page: Page) =>
      page.evaluate(`(() => {
      const hash = ${JSON.stringify(longHash)};
      const chat = document.querySelector('section.chat')?.getBoundingClientRect();
      const code = [...document.querySelectorAll('section.chat td code')].find((node) => node.textContent === hash);
      const box = code?.getBoundingClientRect();
      const cell = code?.closest('td')?.getBoundingClientRect();
      return {
        found: box !== undefined && chat !== undefined,
        insideChat: box !== undefined && chat !== undefined && box.left >= chat.left - 1 && box.right <= chat.right + 1,
        insideCell: box !== undefined && cell !== undefined && box.right <= cell.right + 1,
        pageWidth: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      };
    })()`);

    beforeAll(async () => {
      mkdirSync(shots, { recursive: true });
      store = await openInvestigatorStore({ location: 'memory://' });
      const users = createUserStore(store);
      const setup = { name: 'setup', via: 'cli' };
      await users.add({ name: 'root', role: 'admin', password: 'root passphrase 1', by: setup });
      await users.add({ name: 'ann', role: 'analyst', password: 'analyst passphrase', by: setup });
      await users.add({ name: 'vic', role: 'viewer', password: 'viewer passphrase', by: setup });
      await users.add({ name: 'carol', role: 'analyst', by: setup });
      provider = await startLoopbackProvider({
        replies: [
          { toolCalls: [{ id: 't1', name: 'edr_isolate_host', arguments: { host: 'MKT01' } }] },
          { text: answer },
          { toolCalls: [{ id: 't2', name: 'edr_isolate_host', arguments: { host: 'DC01' } }] },
          { text: 'Understood: DC01 stays online.' },
          { toolCalls: [{ id: 't3', name: 'edr_disable_user', arguments: { user: 'pedro.gustavo' } }] },
        ],
      });
      const { model } = await languageModelFromSpec('openai-compatible:loopback', {
        baseUrl: provider.baseUrl,
      });
      if (typeof model === 'string') throw new Error('expected a model object');
      slack = await startLoopbackReceiver();
      const mcpConfig = join(directory, 'mcp.json');
      writeFileSync(
        mcpConfig,
        JSON.stringify({
          mcpServers: {
            edr: {
              command: process.execPath,
              args: [mcpServer],
              env: { MCP_CALLS_FILE: mcpCalls },
              allow: ['isolate_host', 'disable_user', 'host_info'],
            },
          },
        }),
      );
      const registrations = await loadMcpServers(mcpConfig);
      const app = createConsoleServer({
        store,
        token: webhookToken,
        chatModel: model,
        tools: () => registrations,
        intel: createThreatIntel({ feeds: createIntelFeeds(store) }),
        contextWindow: 128_000,
        settings: { model: 'openai-compatible:loopback', logEngine: 'none', threatIntel: [] },
        notifier: createNotifier({ slackWebhookUrl: slack.url }),
        // The provider's client needs the console's callback address, known once the server listens.
        oidc: {
          start: () => (oidc ?? failOidc()).start(),
          finish: (input) => (oidc ?? failOidc()).finish(input),
        },
      });
      server = await startServer({ app, port: 0 });
      oidcProcess = spawn(process.execPath, [oidcServer], {
        env: {
          ...process.env,
          OIDC_REDIRECT_URI: `${server.url}/api/oidc/callback`,
          OIDC_CLIENT_SECRET: 'a client secret for the test provider',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const issuer = await new Promise<string>((resolve, reject) => {
        oidcProcess.once('exit', (code) => reject(new Error(`the OIDC provider exited with ${code}`)));
        oidcProcess.stdout?.on('data', (chunk: Buffer) => {
          const ready = /ready (\S+)/.exec(chunk.toString());
          if (ready?.[1] !== undefined) resolve(ready[1]);
        });
      });
      oidc = createOidcSignIn({
        issuer,
        clientId: 'investigator-console',
        clientSecret: 'a client secret for the test provider',
        redirectUri: `${server.url}/api/oidc/callback`,
      });
      browser = await chromium.launch({
        executablePath: headlessChromium.path,
        args: [...headlessChromium.args],
      });
    }, 300_000);

    afterAll(async () => {
      await browser?.close();
      oidcProcess?.kill('SIGTERM');
      await server?.close();
      await provider?.close();
      await slack?.close();
      await store?.close();
      rmSync(directory, { recursive: true, force: true });
    });

    it('notifies Slack of a new high-severity alert; a viewer reads it but cannot resolve, forged role or not', async () => {
      const ingested = await fetch(`${server.url}/hooks/alert/edr`, {
        method: 'POST',
        headers: { authorization: `Bearer ${webhookToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          AlertName: 'LSASS memory read by winx64_payload.exe',
          severity: 'high',
          Computer: 'MKT01',
          sha256: longHash,
        }),
      });
      expect(ingested.status).toBe(201);
      alertId = ((await ingested.json()) as { id: string }).id;
      const [created] = await slack.waitFor(1);
      expect(JSON.parse(created?.body ?? '{}')).toMatchObject({
        text: expect.stringMatching(/^New high alert: LSASS memory read/),
      });

      const page = await newPage(1440);
      await signIn(page, 'vic', 'viewer passphrase');
      await page.getByRole('table', { name: 'Alerts' }).getByText('LSASS memory read').click();
      await page.getByRole('heading', { name: 'Case' }).waitFor();
      await page.getByText('Not resolved.').waitFor();
      expect(await page.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      const csrf = { 'x-investigator-console': '1' };
      const forged = await fetchAs(
        page,
        '/alerts/resolve',
        { ids: [alertId], conclusion: 'benign', reason: 'fine', role: 'analyst' },
        { ...csrf, 'x-investigator-role': 'admin' },
      );
      expect(forged).toEqual({
        status: 403,
        body: {
          error: {
            code: 'forbidden',
            message: 'refused: POST /api/alerts/resolve needs the role analyst; vic is a viewer',
          },
        },
      });
      const noHeader = await fetchAs(
        page,
        '/alerts/resolve',
        { ids: [alertId], conclusion: 'benign', reason: 'fine' },
        {},
      );
      expect(noHeader.status).toBe(403);
      expect((await createAlertStore(store).get(alertId)).status).toBe('open');
      await page.context().close();
    });

    it('approves one write tool call and rejects another; the answer renders as sanitized Markdown inside its column at 1440 and 800 px', async () => {
      const page = await newPage(1440);
      await signIn(page, 'ann', 'analyst passphrase');
      await page.goto(`${server.url}/#/alerts/${alertId}`);
      await page.getByLabel('Assign to').selectOption('ann');
      await page.getByTestId('case-assignee').getByText('ann').waitFor();
      await page.getByLabel('Tags (comma-separated)').fill('credential-access, MKT01');
      await page.getByRole('button', { name: 'Save tags' }).click();
      await page.getByTestId('case-tags').getByText('credential-access, mkt01').waitFor();
      await page
        .getByLabel('Comment (Markdown)')
        .fill('Seen **twice** today <script>document.title="pwned"</script>');
      await page.getByRole('button', { name: 'Comment' }).click();
      await page.getByTestId('comment').locator('strong').getByText('twice').waitFor();

      const chat = page.getByRole('region', { name: 'Investigation' });
      await page.getByLabel('Ask about this alert').fill('Contain MKT01.');
      await page.getByRole('button', { name: 'Send' }).click();
      const card = chat.getByTestId('approval').first();
      await card.getByText('edr_isolate_host', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);
      await card.getByRole('button', { name: 'Approve' }).click();
      await chat.getByRole('heading', { name: 'Containment' }).waitFor();
      await card.getByTestId('approval-decision').getByText('approved by ann').waitFor();
      expect(await chat.locator('table code').first().textContent()).toBe(longHash);
      expect(await chat.locator('pre code').first().textContent()).toContain('Get-Process lsass');
      expect(await chat.locator('img').count()).toBe(0);
      expect(await page.title()).toBe('Investigator');

      // A replayed decision on the approval just decided is refused and changes nothing.
      const [approved] = await createApprovalStore(store).list({ alertId });
      const replay = await fetchAs(
        page,
        `/approvals/${approved?.id}`,
        { approved: false, reason: 'again' },
        { 'x-investigator-console': '1' },
      );
      expect(replay.status).toBe(409);
      expect((await createApprovalStore(store).get(approved?.id ?? '')).status).toBe('approved');

      const wide = await hashFits(page);
      expect(wide).toEqual({
        found: true,
        insideChat: true,
        insideCell: true,
        pageWidth: 1440,
        viewport: 1440,
      });
      await page.screenshot({ path: join(shots, 'alert-1440.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 800, height: 1000 });
      const narrow = await hashFits(page);
      expect(narrow).toEqual({
        found: true,
        insideChat: true,
        insideCell: true,
        pageWidth: 800,
        viewport: 800,
      });
      await page.screenshot({ path: join(shots, 'alert-800.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1440, height: 1000 });

      await page.getByLabel('Ask about this alert').fill('Isolate DC01 as well.');
      await page.getByRole('button', { name: 'Send' }).click();
      const second = chat.getByTestId('approval').nth(1);
      await second.getByText('{"host":"DC01"}').waitFor();
      await second.getByLabel(/Reason/).fill('DC01 serves the whole domain');
      await second.getByRole('button', { name: 'Reject' }).click();
      await chat.getByText('Understood: DC01 stays online.').waitFor();
      await second
        .getByTestId('approval-decision')
        .getByText('rejected by ann: DC01 serves the whole domain')
        .waitFor();
      // The model was told the reason; the MCP server ran only the approved call.
      const told = JSON.stringify(provider.requests.at(-1)?.body);
      expect(told).toContain('rejected by ann: DC01 serves the whole domain');
      expect(existsSync(mcpCalls) ? (await import('node:fs')).readFileSync(mcpCalls, 'utf8') : '').toBe(
        'isolate_host MKT01\n',
      );
      await page.context().close();
    });

    it('stops a turn that waits for an approval: the approval expires and cannot be approved after', async () => {
      const page = await newPage(1440);
      await signIn(page, 'ann', 'analyst passphrase');
      await page.goto(`${server.url}/#/alerts/${alertId}`);
      const chat = page.getByRole('region', { name: 'Investigation' });
      await page.getByLabel('Ask about this alert').fill('Disable pedro.gustavo.');
      await page.getByRole('button', { name: 'Send' }).click();
      await chat.getByTestId('approval').last().getByText('edr_disable_user', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Send' }).waitFor();
      const waited = (await createApprovalStore(store).list({ alertId })).find(
        (approval) => approval.toolName === 'edr_disable_user',
      );
      await expect
        .poll(async () => (await createApprovalStore(store).get(waited?.id ?? '')).status)
        .toBe('expired');
      const late = await fetchAs(
        page,
        `/approvals/${waited?.id}`,
        { approved: true },
        { 'x-investigator-console': '1' },
      );
      expect(late.status).toBe(409);

      // Resolve the case: Slack is told, with the verdict and who gave it.
      await page.reload();
      await page.getByLabel('Conclusion').selectOption('true_positive');
      await page.getByLabel('Reason').fill('Meterpreter payload dumped LSASS');
      await page.getByRole('button', { name: 'Resolve', exact: true }).click();
      await page.getByTestId('resolution').getByText('true positive by ann').waitFor();
      const received = await slack.waitFor(3);
      expect(received.map((request) => (JSON.parse(request.body) as { text: string }).text)).toEqual([
        expect.stringMatching(/^New high alert/),
        expect.stringMatching(/^Assigned to ann by ann/),
        expect.stringMatching(/^Resolved as true positive by ann: Meterpreter payload dumped LSASS/),
      ]);
      await page.context().close();
    });

    it('signs carol in through the OpenID Connect provider, as the analyst the store says she is', async () => {
      const page = await newPage(1440);
      await page.goto(server.url);
      await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
      // The provider's own sign-in and consent pages (oidc-provider's development interactions).
      await page.locator('input[name="login"]').fill('carol');
      await page.locator('input[name="password"]').fill('any password the test provider takes');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page
        .getByTestId('signed-in')
        .getByText('carol')
        .waitFor()
        .catch(async (error: unknown) => {
          throw new Error(
            `not signed in at ${page.url()}: ${(await page.textContent('body'))?.slice(0, 500)}`,
            { cause: error },
          );
        });
      await page.getByTestId('signed-in').getByText('(analyst)').waitFor();
      expect((await createUserStore(store).get('carol'))?.oidcSubject).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+ carol$/,
      );
      await page.screenshot({ path: join(shots, 'alerts-1440.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });

    it('shows the admin the audit log, which holds every action of the test with the right user', async () => {
      const page = await newPage(800);
      await signIn(page, 'root', 'root passphrase 1');
      await page.getByRole('link', { name: 'Admin' }).click();
      await page.getByRole('table', { name: 'Audit log' }).getByText('tool.reject').waitFor();
      await page.screenshot({ path: join(shots, 'admin-800.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      const lines = (await page.evaluate(
        "fetch('/api/audit.jsonl').then((response) => response.text())",
      )) as string;
      const entries = lines
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as { action: string; actor: { name: string; via: string }; target?: string },
        );
      const done = entries.map((entry) => `${entry.action} ${entry.actor.name} ${entry.actor.via}`);
      for (const expected of [
        'alert.ingest webhook webhook',
        'user.sign-in vic password',
        'user.sign-in ann password',
        'alert.assign ann password',
        'alert.tags ann password',
        'alert.comment ann password',
        'tool.approval-request ann password',
        'tool.approve ann password',
        'tool.reject ann password',
        'tool.approval-expire investigator system',
        'alert.resolve ann password',
        'user.sign-in carol oidc',
        'user.sign-in root password',
      ]) {
        expect(done).toContain(expected);
      }
      expect(done.filter((entry) => entry.startsWith('tool.approval-request'))).toHaveLength(3);
      // The viewer's refused attempts changed nothing, so the log holds only her sign-in.
      expect(done.filter((entry) => / vic /.test(entry))).toEqual(['user.sign-in vic password']);
      expect(
        entries.filter((entry) => entry.target === `alert:${alertId}`).map((entry) => entry.action),
      ).toEqual(['alert.ingest', 'alert.assign', 'alert.tags', 'alert.comment', 'alert.resolve']);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  },
);

function failOidc(): never {
  throw new Error('the test OIDC provider has not started');
}
