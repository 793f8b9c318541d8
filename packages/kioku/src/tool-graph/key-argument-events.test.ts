import { describe, expect, it } from 'vitest';
import type { AgentEvent } from './agent-event.js';
import { keyArgumentEvents } from './key-argument-events.js';
import { sqlTableKey } from './sql-table-key.js';

describe('sqlTableKey', () => {
  it('names the first table a statement reads or describes, else its verb', () => {
    expect(sqlTableKey({ query: 'SELECT * FROM SecurityAlert WHERE x = 1' })).toBe('SecurityAlert');
    expect(sqlTableKey({ query: 'describe `SigninLogs`' })).toBe('SigninLogs');
    expect(sqlTableKey({ query: 'SELECT a FROM dbo.[Device Events] d JOIN Other o ON 1=1' })).toBe(
      'dbo.Device Events',
    );
    expect(sqlTableKey({ query: '-- tables\nSHOW TABLES' })).toBe('SHOW');
    expect(sqlTableKey('WITH t AS (SELECT 1) SELECT * FROM t')).toBe('t');
  });

  it('finds the statement in any string of the input, and none in prose or other values', () => {
    expect(sqlTableKey({ db: 'soc', options: { sql: 'SELECT 1 FROM Alerts' } })).toBe('Alerts');
    expect(sqlTableKey({ answer: 'the attacker came from 10.0.0.1' })).toBeUndefined();
    expect(sqlTableKey({ count: 3 })).toBeUndefined();
    expect(sqlTableKey(null)).toBeUndefined();
  });
});

describe('keyArgumentEvents', () => {
  it('folds the key into the action of the calls that have one, and leaves the rest', () => {
    const events: AgentEvent[] = [
      { kind: 'user', text: 'who signed in?' },
      { kind: 'call', tool: 'execute', input: { query: 'SELECT * FROM SigninLogs' }, outcome: 'ok' },
      { kind: 'call', tool: 'submit', input: { answer: 'alice' }, outcome: 'ok' },
      { kind: 'reply' },
    ];
    expect(
      keyArgumentEvents(events).map((event) => (event.kind === 'call' ? event.tool : event.kind)),
    ).toEqual(['user', 'execute[SigninLogs]', 'submit', 'reply']);
    const byAnswer = keyArgumentEvents(events, (input, tool) =>
      tool === 'submit' ? String((input as { answer: string }).answer) : undefined,
    );
    expect(byAnswer[2]).toMatchObject({ tool: 'submit[alice]' });
    expect(events[1]).toMatchObject({ tool: 'execute' });
  });
});
