import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { fidelityMeter } from '../../fidelity/fidelity-meter.js';
import { validateHistory } from '../../messages/validate-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { isPlaceholder } from '../internal/placeholder-mark.js';
import { toolResults } from '../internal/tool-parts.js';
import { digestPlaceholder } from './digest-placeholder.js';
import { type ObservationMaskingOptions, observationMasking } from './observation-masking.js';

const counter = quarterCounter();
const budget = { contextWindow: 100_000 };
const log = outputLines(60); // ~600 tokens of a log the agent only reads

/** A schema lookup whose table names the agent's queries go on to use, then reads of big logs. */
function investigation(): ModelMessage[] {
  const tables = Array.from({ length: 40 }, (_, i) => `('SecurityTable${i}Events',)`).join(', ');
  return [
    { role: 'system', content: 'You investigate alerts with SQL.' },
    { role: 'user', content: 'Which device raised the alert?' },
    ...toolStep({
      id: 'schema',
      toolName: 'execute',
      input: { query: 'SHOW TABLES' },
      output: `[${tables}]`,
    }),
    ...toolStep({
      id: 'q1',
      toolName: 'execute',
      input: { query: 'SELECT * FROM SecurityTable3Events LIMIT 50' },
      output: log,
    }),
    ...toolStep({ id: 'q2', toolName: 'execute', input: { query: 'SELECT 2' }, output: log }),
    ...toolStep({ id: 'q3', toolName: 'execute', input: { query: 'SELECT 3' }, output: log }),
    ...toolStep({ id: 'q4', toolName: 'execute', input: { query: 'SELECT 4' }, output: log }),
  ];
}

/** The agent's next call: a query on a table only the schema lookup named. */
const nextQuery: ModelMessage = {
  role: 'assistant',
  content: [
    {
      type: 'tool-call',
      toolCallId: 'q5',
      toolName: 'execute',
      input: { query: 'SELECT DeviceName FROM SecurityTable17Events' },
    },
  ],
};

async function apply(messages: ModelMessage[], options: ObservationMaskingOptions) {
  const strategy = observationMasking(options);
  return strategy.apply({ messages, counter, budget, state: strategy.initialState() });
}

const maskedIds = (messages: readonly ModelMessage[]) =>
  toolResults(messages)
    .parts.filter(({ part }) => isPlaceholder(part))
    .map(({ part }) => part.toolCallId);

describe('observationMasking, tool-aware rules', () => {
  it('keepReferenced keeps a lookup the agent drew on, so a fact plain masking hides stays visible', async () => {
    const history = investigation();
    const plain = await apply(history, { keep: 2 });
    const aware = await apply(history, { keep: 2, keepReferenced: 10 });
    expect(maskedIds(plain.messages)).toEqual(['schema', 'q1', 'q2']);
    // The schema's SecurityTable3Events went into q1's query: it stays; the logs nobody used are masked.
    expect(maskedIds(aware.messages)).toEqual(['q1', 'q2']);
    expect(validateHistory(aware.messages)).toEqual([]);
    const meter = fidelityMeter();
    const measure = (managed: readonly ModelMessage[]) =>
      meter.measure({ history, managed, response: nextQuery }).hidden;
    expect(measure(plain.messages)).toEqual(['SecurityTable17Events']);
    expect(measure(aware.messages)).toEqual([]);
  });

  it('keepReferenced masks a referenced output once it leaves the longer window, at a batch', async () => {
    const history = [
      ...investigation(),
      ...Array.from({ length: 8 }, (_, i) =>
        toolStep({ id: `r${i}`, toolName: 'execute', input: { query: `SELECT ${i + 5}` }, output: log }),
      ).flat(),
    ];
    const { messages } = await apply(history, { keep: 2, keepReferenced: 6, batchSize: 2 });
    expect(maskedIds(messages)).toContain('schema');
  });

  it('lookups against bulk: structuredOnly and lookupTokens keep referenced records, not referenced logs', async () => {
    const history = investigation();
    // q1's log holds `line 7......` words its later queries do not use; make the agent cite one.
    const cited: ModelMessage = { role: 'assistant', content: 'The log says line_7_marker matters.' };
    const withLog = [...history.slice(0, 6), { ...cited }, ...history.slice(6)] as ModelMessage[];
    const logOutput = toolResults(withLog).parts[1]?.part;
    if (logOutput?.output.type !== 'text') throw new Error('no log output');
    logOutput.output = { type: 'text', value: `${log}\nline_7_marker` };
    const bulk = await apply(withLog, { keep: 2, keepReferenced: Number.POSITIVE_INFINITY });
    expect(maskedIds(bulk.messages)).toEqual(['q2']);
    const records = await apply(withLog, {
      keep: 2,
      keepReferenced: Number.POSITIVE_INFINITY,
      structuredOnly: true,
    });
    expect(maskedIds(records.messages)).toEqual(['q1', 'q2']);
    const small = await apply(withLog, {
      keep: 2,
      keepReferenced: Number.POSITIVE_INFINITY,
      lookupTokens: 100,
    });
    expect(maskedIds(small.messages)).toEqual(['schema', 'q1', 'q2']);
  });

  it('maskRepeated masks an output superseded by the same call, inside the keep window', async () => {
    const view = (id: string) =>
      toolStep({ id, toolName: 'editor', input: { command: 'view', path: '/src/app.py' }, output: log });
    const history: ModelMessage[] = [
      { role: 'system', content: 'You are an engineer.' },
      { role: 'user', content: 'Fix the bug.' },
      ...view('v1'),
      ...toolStep({ id: 'e1', toolName: 'bash', input: { command: 'pytest' }, output: log }),
      ...view('v2'),
    ];
    const plain = await apply(history, { keep: 3 });
    const aware = await apply(history, { keep: 3, maskRepeated: true });
    expect(maskedIds(plain.messages)).toEqual([]);
    expect(maskedIds(aware.messages)).toEqual(['v1']);
    // The newer view still holds what the masked one did.
    expect(toolResults(aware.messages).parts[2]?.part).toBe(toolResults(history).parts[2]?.part);
  });

  it('maskRepeated waits for the batch: a repeat among the newest outputs changes nothing yet', async () => {
    const view = (id: string) =>
      toolStep({ id, toolName: 'editor', input: { command: 'view', path: '/src/app.py' }, output: log });
    const steps: ModelMessage[][] = [
      view('v1'),
      toolStep({ id: 't1', input: { command: 'pytest' }, output: log }),
      view('v2'),
      toolStep({ id: 't2', input: { command: 'pytest -x' }, output: log }),
      toolStep({ id: 't3', input: { command: 'git diff' }, output: log }),
      toolStep({ id: 't4', input: { command: 'git status' }, output: log }),
    ];
    const strategy = observationMasking({ keep: 2, batchSize: 4, minTokens: 10_000, maskRepeated: true });
    let state = strategy.initialState();
    const masked: string[][] = [];
    for (let count = 1; count <= steps.length; count += 1) {
      const messages: ModelMessage[] = [
        { role: 'user', content: 'Fix the bug.' },
        ...steps.slice(0, count).flat(),
      ];
      const result = await strategy.apply({ messages, counter, budget, state });
      masked.push(maskedIds(result.messages));
      state = result.state;
    }
    // v2 repeats v1 at the third output; v1 is masked when the window's edge next moves (the sixth).
    expect(masked).toEqual([[], [], [], [], [], ['v1']]);
  });

  it('skipKnown spends the digest on values the agent has not used, keeping one plain digest drops', async () => {
    const order = JSON.stringify({
      order_id: '#W7181492',
      user_id: 'isabella_johansson_2152',
      address: { address1: '445 Maple Drive', city: 'Jacksonville', zip: '32286' },
      items: [{ name: 'Hiking Boots', item_id: '8118291112', price: 260.56 }],
    });
    const history: ModelMessage[] = [
      { role: 'system', content: 'You help retail customers.' },
      {
        role: 'user',
        content: 'I am isabella_johansson_2152 of 445 Maple Drive, Jacksonville 32286: exchange my boots.',
      },
      ...toolStep({
        id: 'o1',
        toolName: 'get_order_details',
        input: { order_id: '#W7181492' },
        output: order,
      }),
      ...toolStep({ id: 'p1', toolName: 'list_products', input: {}, output: log }),
    ];
    const exchange: ModelMessage = {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'x1',
          toolName: 'exchange_delivered_order_items',
          input: { order_id: '#W7181492', item_ids: ['8118291112'] },
        },
      ],
    };
    const masked = (skipKnown: boolean) =>
      apply(history, {
        keep: 1,
        minTokens: 1,
        placeholder: digestPlaceholder({ maxCharacters: 90, skipKnown }),
      });
    const plain = await masked(false);
    const aware = await masked(true);
    const meter = fidelityMeter();
    const hidden = (managed: readonly ModelMessage[]) =>
      meter.measure({ history, managed, response: exchange }).hidden;
    expect(maskedIds(plain.messages)).toEqual(['o1']);
    expect(hidden(plain.messages)).toEqual(['8118291112']);
    expect(hidden(aware.messages)).toEqual([]);
    expect(toolResults(aware.messages).parts[0]?.part.output).toEqual({
      type: 'text',
      value:
        '[Old get_order_details output omitted: 1 line, 209 characters. Kept: name=Hiking Boots; item_id=8118291112; price=260.56]',
    });
  });

  it('rejects a keepReferenced under keep', () => {
    expect(() => observationMasking({ keep: 4, keepReferenced: 2 })).toThrow(
      /option `keepReferenced` is 2; expected an integer of at least 4/,
    );
  });

  describe('conformance', () => {
    strategyConformance({
      make: () =>
        observationMasking({ keep: 1, batchSize: 2, minTokens: 16, keepReferenced: 3, maskRepeated: true }),
    });
  });
});
