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
