import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLog4ShellEngine } from './__fixtures__/log4shell-database.js';
import type { LogEngine } from './log-engine.js';
import { logsRunPromptSection } from './logs-run-prompt-section.js';

let engine: LogEngine;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ engine, close } = await openLog4ShellEngine());
});
afterAll(async () => {
  await close?.();
});

describe('logsRunPromptSection', () => {
  it('lists the tables with their descriptions for the main agent', async () => {
    const section = await logsRunPromptSection(engine);
    expect(section.split('\n')[0]).toMatch(/^logs_run answers questions about these security log tables/);
    expect(section).toContain('- ubuntu5_vmconnection: Linux server UBUNTU5: VM Insights VMConnection rows');
    expect(section.split('\n')).toHaveLength(6);
  });
});
