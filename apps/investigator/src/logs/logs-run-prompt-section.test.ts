import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLog4ShellDatabase } from './__fixtures__/log4shell-database.js';
import type { LogEngine } from './log-engine.js';
import { logsRunPromptSection } from './logs-run-prompt-section.js';
import { openDuckDbLogEngine } from './open-duckdb-log-engine.js';

let database: Awaited<ReturnType<typeof buildLog4ShellDatabase>>;
let engine: LogEngine;
beforeAll(async () => {
  database = await buildLog4ShellDatabase();
  engine = await openDuckDbLogEngine({ file: database.file });
});
afterAll(async () => {
  await engine?.close();
  await database?.remove();
});

describe('logsRunPromptSection', () => {
  it('lists the tables with their descriptions for the main agent', async () => {
    const section = await logsRunPromptSection(engine);
    expect(section.split('\n')[0]).toMatch(/^logs_run answers questions about these security log tables/);
    expect(section).toContain(
      '- log4shell_vmconnection: Log4Shell on UBUNTU5: VM Insights VMConnection rows',
    );
    expect(section.split('\n')).toHaveLength(6);
  });
});
