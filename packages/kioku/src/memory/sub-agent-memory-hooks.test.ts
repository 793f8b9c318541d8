import { generateText, isStepCount } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subAgent } from '../agents/sub-agent.js';
import { openStore, type Store } from '../store/index.js';
import { scriptedModel } from '../test/scripted-model.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import type { IntrospectionReport } from './introspect.js';
import { openMemory } from './open-memory.js';
import { subAgentMemoryHooks } from './sub-agent-memory-hooks.js';

describe('subAgentMemoryHooks', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('recalls past knowledge into the sub-agent prompt, then learns and scores after the run', async () => {
    const memory = await openMemory({ store, embedder: createHashingEmbedder(), namespace: 'logs' });
    const seeded = await memory.addMany([
      {
        claim: 'DeviceProcessEvents.FileName holds the image name, e.g. rundll32.exe.',
        request: 'Which process read lsass memory on a host?',
      },
    ]);
    expect(seeded.stored).toBe(1);
    const [known] = await memory.list();
    if (known === undefined) throw new Error('no memory stored');

    const inner = scriptedModel({ replies: [{ text: 'rundll32.exe read lsass memory on MKT01.' }] });
    const reviewer = scriptedModel({
      replies: [
        {
          text: JSON.stringify({
            claims: ['DeviceEvents with ActionType OpenProcessApiCall show LSASS access.'],
            helpfulMemoryIds: [known.id],
            harmfulMemoryIds: [],
          }),
        },
      ],
    });
    const reports: IntrospectionReport[] = [];
    const logs = subAgent({
      name: 'logs_run',
      description: 'Queries logs.',
      model: inner,
      system: 'You query logs.',
      tools: {},
      memory: subAgentMemoryHooks({
        memory,
        model: reviewer,
        onIntrospection: (report) => reports.push(report),
      }),
    });
    const parent = scriptedModel({
      replies: [
        {
          toolCalls: [
            {
              toolCallId: 'p',
              toolName: 'logs_run',
              input: { query: 'Which process read lsass memory on MKT01?' },
            },
          ],
        },
        { text: 'done' },
      ],
    });
    await generateText({ model: parent, tools: { logs_run: logs }, prompt: 'go', stopWhen: isStepCount(3) });

    expect(JSON.stringify(inner.doGenerateCalls[0]?.prompt)).toContain(
      `[${known.id}] DeviceProcessEvents.FileName holds the image name`,
    );
    expect(JSON.stringify(reviewer.doGenerateCalls[0]?.prompt)).toContain(
      'rundll32.exe read lsass memory on MKT01.',
    );
    expect(reports[0]?.success).toBe(true);
    expect((await memory.get(known.id)).score).toBe(1);
    const claims = (await memory.list()).map((entry) => entry.claim);
    expect(claims).toContain('DeviceEvents with ActionType OpenProcessApiCall show LSASS access.');
  });
});

describe('subAgentMemoryHooks when reading the vocabulary fails', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => {
    await store?.close();
  });

  // Passes every check but the vocabulary's: it names no table or column.
  const claim = 'FIN-WS-07 is a lab machine whose beacons are expected';
  const learnWith = async (namespace: string, vocabulary: () => Promise<readonly string[]>) => {
    const memory = await openMemory({ store, embedder: createHashingEmbedder(), namespace });
    const reviewer = scriptedModel({
      replies: [{ text: JSON.stringify({ claims: [claim], helpfulMemoryIds: [], harmfulMemoryIds: [] }) }],
    });
    const reports: IntrospectionReport[] = [];
    const hooks = subAgentMemoryHooks({
      memory,
      model: reviewer,
      vocabulary,
      onIntrospection: (report) => reports.push(report),
    });
    await hooks.learn?.({
      request: 'Which hosts beaconed?',
      messages: [{ role: 'assistant', content: 'FIN-WS-07 beaconed.' }],
      recalled: [],
    });
    return { stored: await memory.list(), reports };
  };

  it('learns nothing and reports it when the reader throws', async () => {
    const { stored, reports } = await learnWith('throws', async () => {
      throw new Error('the engine is down');
    });
    expect(stored).toEqual([]);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.success).toBe(false);
    expect(reports[0]?.success === false && reports[0].error.message).toContain('the engine is down');
  });

  it('learns nothing when the reader gives no list of names, instead of storing without the check', async () => {
    for (const [namespace, given] of [
      ['undefined', undefined],
      ['null', null],
      ['object', { tables: ['process_events'] }],
      ['holes', ['process_events', undefined]],
      ['empty', []],
    ] as const) {
      const { stored, reports } = await learnWith(
        `bad-${namespace}`,
        async () => given as unknown as readonly string[],
      );
      expect(stored, namespace).toEqual([]);
      expect(reports[0]?.success, namespace).toBe(false);
      expect(reports[0]?.success === false && reports[0].error.message, namespace).toContain(
        'expected a list of names',
      );
    }
  });
});
