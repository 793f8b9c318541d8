import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test/run-cli.js';

interface FidelityRow {
  name: string;
  hiddenFactRate: number;
  hiddenFactsPer100Calls: number;
  hiddenFactShare: number;
  hiddenArgumentsByTool: Record<string, { calls: number; hiddenRate: number }>;
}

/**
 * A hand-made OpenAI chat run: the user's details hold the payment id, twelve flight searches of about
 * 1,000 tokens each follow, then the agent books with that id.
 */
function bookingRun(): string {
  const call = (id: string, name: string, args: unknown) => ({
    role: 'assistant',
    content: null,
    tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
  });
  const flights = (day: number) =>
    Array.from(
      { length: 60 },
      (_, line) => `HAT${day}${line} JFK-SEA 2024-05-${10 + day} economy seats ${line}`,
    ).join('\n');
  const messages: unknown[] = [
    { role: 'system', content: 'You are an airline agent.' },
    { role: 'user', content: 'Book the cheapest JFK to SEA flight for me, user mia_li_3668, with my card.' },
    call('u', 'get_user_details', { user_id: 'mia_li_3668' }),
    {
      role: 'tool',
      tool_call_id: 'u',
      content: `{"payment_methods": {"credit_card_7434610": {"brand": "visa"}}}\n${flights(0)}`,
    },
  ];
  for (let day = 1; day <= 12; day += 1) {
    messages.push(call(`s${day}`, 'search_direct_flight', { origin: 'JFK', destination: 'SEA', day }), {
      role: 'tool',
      tool_call_id: `s${day}`,
      content: flights(day),
    });
  }
  messages.push(
    call('b', 'book_reservation', { user_id: 'mia_li_3668', payment_id: 'credit_card_7434610' }),
    { role: 'tool', tool_call_id: 'b', content: 'booked' },
    { role: 'assistant', content: 'Your flight is booked.' },
  );
  const file = join(mkdtempSync(join(tmpdir(), 'kioku-fidelity-')), 'run.json');
  writeFileSync(file, JSON.stringify({ model: 'gpt-4o', messages }));
  return file;
}

describe('kioku analyze: fidelity', () => {
  const file = bookingRun();

  it('prints per strategy what its prompts hid: 0 for the unmanaged history, the payment id for naive masking, none for the default', () => {
    const run = runCli(['analyze', file, '--strategies', 'kioku-default,naive-masking-10', '--json']);
    expect(run.status).toBe(0);
    const rows = JSON.parse(run.stdout).strategies as FidelityRow[];
    const row = (name: string) => rows.find((candidate) => candidate.name === name);
    expect(row('unmanaged')).toMatchObject({
      hiddenFactRate: 0,
      hiddenFactsPer100Calls: 0,
      hiddenFactShare: 0,
      hiddenArgumentsByTool: { book_reservation: { calls: 1, hiddenRate: 0 } },
    });
    const masking = row('naive-masking-10');
    expect(masking?.hiddenArgumentsByTool.book_reservation).toEqual({ calls: 1, hiddenRate: 1 });
    expect(masking?.hiddenFactRate).toBeGreaterThan(0);
    expect(masking?.hiddenFactsPer100Calls).toBeGreaterThan(0);
    // kioku's default leaves outputs under 256 tokens whole: the short lookup keeps its payment id.
    expect(row('kioku-default')?.hiddenArgumentsByTool.book_reservation).toEqual({ calls: 1, hiddenRate: 0 });
  });

  it('shows the hidden-fact rate as a column of the table', () => {
    const run = runCli(['analyze', file, '--strategies', 'kioku-default']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/hidden facts/);
    expect(run.stdout).toMatch(/cache hits\s+hidden facts/);
    expect(run.stdout).toMatch(/^unmanaged\s.*%\s+0\.0%\s/m);
  });
});
