import { sql } from 'drizzle-orm';
import { createHashingEmbedder } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertStore, ingestAlert } from '../alerts/index.js';
import { createApprovalStore } from '../approvals/index.js';
import { createAuditLog } from '../audit/index.js';
import { createUserStore } from '../auth/index.js';
import { storeTargets } from '../store/__fixtures__/store-targets.js';
import { openInvestigatorStore, rowsOf } from '../store/index.js';
import { createCaseStore } from './create-case-store.js';

// Cases, approvals and the audit log on every store: each change writes one audit row in its own
// transaction, and the database itself refuses to change or delete an audit row.

const root = { name: 'root', via: 'cli' };
const jane = { name: 'jane', via: 'password' };

for (const target of storeTargets()) {
  describe.skipIf(target.skip !== undefined)(
    `cases and audit: ${target.name}${target.skip ? ` (skipped: ${target.skip})` : ''}`,
    () => {
      let store: DrizzleStore;
      let id = '';
      beforeAll(async () => {
        await target.setup();
        store = await openInvestigatorStore({ location: target.location() });
        const users = createUserStore(store);
        await users.add({ name: 'root', role: 'admin', by: root });
        await users.add({ name: 'jane', role: 'analyst', password: 'a long passphrase', by: root });
        await users.add({ name: 'vic', role: 'viewer', by: root });
        const raw = JSON.stringify({ title: 'LSASS read on MKT01', severity: 'high', host: 'MKT01' });
        id = (
          await createAlertStore(store).create(
            await ingestAlert({ raw, schema: 'edr', embedder: createHashingEmbedder() }),
            { by: root },
          )
        ).id;
      });
      afterAll(async () => {
        await store?.close();
        await target.teardown();
      });

      it('assigns, tags, moves, resolves, changes the verdict, reopens, archives and comments, each audited', async () => {
        const cases = createCaseStore(store);
        const alerts = createAlertStore(store);
        await expect(cases.assign({ id, assignee: 'vic', by: jane })).rejects.toThrow(
          /assignee: expected an active user with the analyst or admin role, found "vic"/,
        );
        expect((await cases.assign({ id, assignee: 'jane', by: jane })).assignee).toBe('jane');
        expect(
          (await cases.setTags({ id, tags: ['Credential-Access', 'mkt01', 'mkt01'], by: jane })).tags,
        ).toEqual(['credential-access', 'mkt01']);
        await expect(cases.setTags({ id, tags: ['no spaces'], by: jane })).rejects.toThrow(/tag: expected/);
        expect((await cases.setStatus({ id, status: 'in_progress', by: jane })).status).toBe('in_progress');
        expect(
          (await alerts.list({ assignee: 'jane', tag: 'mkt01', status: 'in_progress' })).alerts.map(
            (a) => a.id,
          ),
        ).toEqual([id]);
        expect((await alerts.list({ assignee: '' })).alerts).toEqual([]);
        await alerts.resolve({ id, conclusion: 'true_positive', reason: 'mimikatz', by: jane });
        await expect(cases.setStatus({ id, status: 'open', by: jane })).rejects.toThrow(
          /reopen it \(with a reason\) first/,
        );
        await expect(
          cases.changeVerdict({ id, conclusion: 'benign', reason: ' ', by: jane }),
        ).rejects.toThrow(/reason: expected a non-empty text/);
        expect(
          (await cases.changeVerdict({ id, conclusion: 'benign', reason: 'admin backup tool', by: jane }))
            .resolution,
        ).toMatchObject({ conclusion: 'benign', by: 'jane' });
        const reopened = await cases.reopen({ id, reason: 'the backup tool was not installed', by: jane });
        expect(reopened.status).toBe('open');
        expect(reopened.resolution).toBeUndefined();
        expect((await cases.setStatus({ id, status: 'archived', by: jane })).status).toBe('archived');
        await expect(alerts.resolve({ id, conclusion: 'benign', reason: 'x', by: jane })).rejects.toThrow(
          /archived; reopen it first/,
        );
        const comment = await cases.comment({
          id,
          body: '**Isolated** MKT01 <script>alert(1)</script>',
          by: jane,
        });
        expect(comment.body).toContain('<script>'); // stored as written; the console renders it sanitized
        await expect(cases.comment({ id, body: '   ', by: jane })).rejects.toThrow(
          /comment: expected 1–10,000 characters/,
        );
        expect((await cases.comments(id)).map((c) => c.author)).toEqual(['jane']);

        const trail = await createAuditLog(store).list({ target: `alert:${id}` });
        expect(trail.map((entry) => `${entry.action} ${entry.actor.name}`)).toEqual([
          'alert.ingest root',
          'alert.assign jane',
          'alert.tags jane',
          'alert.status jane',
          'alert.resolve jane',
          'alert.verdict jane',
          'alert.reopen jane',
          'alert.status jane',
          'alert.comment jane',
        ]);
        expect(trail[5]).toMatchObject({
          before: { conclusion: 'true_positive' },
          after: { conclusion: 'benign', reason: 'admin backup tool' },
        });
        expect(trail[6]?.before).toMatchObject({ status: 'resolved', resolution: { conclusion: 'benign' } });
      });

      it('refuses in the database to change, delete or truncate an audit row, and records nothing for a refused change', async () => {
        const before = rowsOf<{ n: number }>(
          await store.db.execute(sql`select count(*)::int as n from investigator_audit`),
        )[0]?.n;
        // Drizzle wraps the driver's error ("Failed query: …"); the database's own message is its cause.
        const refusal = (query: ReturnType<typeof sql>) =>
          store.db.execute(query).then(
            () => 'executed',
            (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
          );
        expect(await refusal(sql`update investigator_audit set actor = 'mallory'`)).toMatch(
          /investigator_audit is append-only: UPDATE refused/,
        );
        expect(await refusal(sql`delete from investigator_audit`)).toMatch(/append-only: DELETE refused/);
        expect(await refusal(sql`truncate investigator_audit`)).toMatch(/append-only: TRUNCATE refused/);
        await expect(createCaseStore(store).assign({ id, assignee: 'nobody', by: jane })).rejects.toThrow(
          /assignee/,
        );
        const after = rowsOf<{ n: number }>(
          await store.db.execute(sql`select count(*)::int as n from investigator_audit`),
        )[0]?.n;
        expect(after).toBe(before);
        expect(
          rowsOf<{ actor: string }>(
            await store.db.execute(sql`select actor from investigator_audit where actor = 'mallory'`),
          ),
        ).toEqual([]);
      });

      it('decides an approval once: a replayed decision is refused and changes nothing', async () => {
        const approvals = createApprovalStore(store);
        const asked = await approvals.request({
          alertId: id,
          toolName: 'edr_isolate_host',
          input: { host: 'MKT01' },
          by: jane,
        });
        expect(asked.status).toBe('pending');
        await expect(approvals.decide({ id: asked.id, approved: false, by: jane })).rejects.toThrow(
          /reason: expected why/,
        );
        const waiting = approvals.wait(asked.id, { pollMs: 5 });
        const decided = await approvals.decide({
          id: asked.id,
          approved: false,
          reason: 'not during business hours',
          by: jane,
        });
        expect(decided).toMatchObject({
          status: 'rejected',
          decidedBy: 'jane',
          reason: 'not during business hours',
        });
        expect((await waiting).status).toBe('rejected');
        await expect(approvals.decide({ id: asked.id, approved: true, by: root })).rejects.toThrow(
          /already rejected by jane; a decision is taken once/,
        );
        await expect(approvals.decide({ id: 'nope', approved: true, by: root })).rejects.toThrow(
          /approval nope: no such approval/,
        );
        expect((await approvals.get(asked.id)).status).toBe('rejected');
        const trail = await createAuditLog(store).list({ target: `approval:${asked.id}` });
        expect(trail.map((entry) => `${entry.action} ${entry.actor.name}`)).toEqual([
          'tool.approval-request jane',
          'tool.reject jane',
        ]);
      });

      it('exports the audit log as JSON lines, oldest first', async () => {
        const lines: string[] = [];
        for await (const line of createAuditLog(store).exportLines()) lines.push(line);
        const entries = lines.map((line) => JSON.parse(line) as { id: number; action: string });
        expect(entries.length).toBeGreaterThan(10);
        expect(entries.map((entry) => entry.id)).toEqual(
          [...entries.map((entry) => entry.id)].sort((a, b) => a - b),
        );
        expect(entries[0]?.action).toBe('user.add');
      });
    },
  );
}
