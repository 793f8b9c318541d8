import { type ModelMessage, modelMessageSchema } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentHistory } from '../test/arbitrary-history.js';
import { isPlainModelMessage } from './is-plain-model-message.js';
import { storedMessageJson } from './stored-message-json.js';

const runs = Number(process.env.KIOKU_PROPERTY_RUNS ?? 2000);

/** Where a mutation lands: a key of the message, of its first part, or of that part's output. */
const places = ['message', 'part', 'output'] as const;
const keys = [
  'role',
  'content',
  'providerOptions',
  'extra',
  'type',
  'text',
  'input',
  'output',
  'value',
  'toolCallId',
];
const strange = fc.oneof(
  fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withObjectString: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
    withUnicodeString: true,
  }),
  fc.constantFrom(
    undefined,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    new URL('https://example.com/a.png'),
    new Uint8Array([1, 2, 3]),
    new ArrayBuffer(2),
    { toJSON: () => 'replaced' },
    [1, undefined, 2],
    { openai: { cacheControl: { type: 'ephemeral' } } },
    'tool-result',
    'text',
  ),
);

const messages = agentHistory({ maxSteps: 4 }).chain((history) => fc.constantFrom(...history));
const mutated = fc
  .tuple(messages, fc.constantFrom(...places), fc.constantFrom(...keys), strange)
  .map(([message, place, key, value]) => {
    const copy = structuredClone(message) as unknown as Record<string, unknown>;
    const content = copy.content;
    const part = Array.isArray(content) ? (content[0] as Record<string, unknown> | undefined) : undefined;
    const output = part?.output as Record<string, unknown> | undefined;
    const target = place === 'message' ? copy : place === 'part' ? part : output;
    if (target !== undefined) target[key] = value;
    return copy as unknown as ModelMessage;
  });

// The slow path's serialisation: binary as base64 (what sessions stored before the quick check).
const binaryAsBase64 = function (this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (raw instanceof Uint8Array) return Buffer.from(raw).toString('base64');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('base64');
  return value;
};

describe('isPlainModelMessage', () => {
  it('admits only messages the AI SDK schema accepts, whose JSON is exactly what was checked', () => {
    let admitted = 0;
    fc.assert(
      fc.property(fc.oneof(messages, mutated), (message) => {
        if (!isPlainModelMessage(message)) return;
        admitted += 1;
        const text = JSON.stringify(message);
        expect(modelMessageSchema.safeParse(message).success).toBe(true);
        expect(modelMessageSchema.safeParse(JSON.parse(text)).success).toBe(true);
        expect(text).toBe(JSON.stringify(message, binaryAsBase64));
        expect(storedMessageJson(message, { field: 'm' })).toBe(text);
      }),
      { numRuns: runs },
    );
    // Not a check that passes by admitting nothing: most unmutated agent messages take the quick path.
    expect(admitted).toBeGreaterThan(runs / 4);
  });

  it('admits the common shapes and leaves the rest to the schema', () => {
    const admitted: ModelMessage[] = [
      { role: 'system', content: 'You triage alerts.' },
      { role: 'user', content: [{ type: 'text', text: 'hi', providerOptions: { openai: { x: 1 } } }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'think' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'query', input: { sql: 'select 1' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'query', output: { type: 'json', value: [1] } },
        ],
      },
    ];
    for (const message of admitted) expect(isPlainModelMessage(message)).toBe(true);
    const judgedBySchema: unknown[] = [
      { role: 'user', content: [{ type: 'file', data: 'iVBORw==', mediaType: 'image/png' }] },
      { role: 'user', content: [{ type: 'image', image: new URL('https://example.com/a.png') }] },
      { role: 'tool', content: 'a tool message needs parts' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'q', input: new Date(0) }],
      },
      // The schema takes `input: undefined`; the stored JSON has no `input`, which it refuses.
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'q', input: undefined }],
      },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'q' }] },
      { role: 'user', content: 'hi', createdAt: new Date(0) },
      { role: 'robot', content: 'hi' },
      // A key the output's kind does not read is stored as it is: binary there is not plain JSON.
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'bash',
            output: { type: 'execution-denied', value: Uint8Array.from([1, 2, 3]) },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'bash',
            output: { type: 'text', value: 'ok', reason: Uint8Array.from([1]) },
          },
        ],
      },
    ];
    for (const message of judgedBySchema) expect(isPlainModelMessage(message)).toBe(false);
  });
});
