import { modelMessageSchema } from 'ai';
import { z } from 'zod';
import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import { formatLocation } from '../json/format-json-path.js';
import { conversationTranscript } from './conversation-transcript.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { parseShape } from './parse-shape.js';

const sessionExportFormat = 'kioku.session-export/1';

const sessionSchema = z.looseObject({
  id: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const documentSchema = z.looseObject({
  format: z.literal(sessionExportFormat),
  session: sessionSchema,
  messages: z.array(modelMessageSchema).min(1),
});

const rowSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('session'), session: sessionSchema }),
  z.looseObject({
    type: z.literal('message'),
    position: z.number().int().nonnegative(),
    message: modelMessageSchema,
  }),
  z.looseObject({ type: z.literal('view') }),
]);

/**
 * Reads what `kioku sessions export` writes (`formatSessionExport`): the JSON document `{format:
 * "kioku.session-export/1", session, messages, views}` or its JSON Lines form (`session`, `message` and
 * `view` records). The transcript is the session's original messages in order (compactions, the views,
 * are kioku's own output and are left out), id the session id, model `session.metadata.model` when set.
 *
 * @example
 * const [run] = kiokuSessionExportImporter().read(JSON.parse(text), { file: 'session.json' });
 */
export function kiokuSessionExportImporter(): Importer {
  return {
    format: 'kioku-session-export',
    expected: `a kioku session export: {format: "${sessionExportFormat}", session, messages, views} or its JSONL records`,
    detect(value) {
      if (isRecord(value)) return value.format === sessionExportFormat ? 1 : 0;
      if (!Array.isArray(value)) return 0;
      const first: unknown = value[0];
      return isRecord(first) && first.type === 'session' && first.format === sessionExportFormat ? 1 : 0;
    },
    read(value, { file, lines }) {
      if (!Array.isArray(value)) {
        const { session, messages } = parseShape(documentSchema, value, { file, lines });
        return [transcript(file, session, messages)];
      }
      const rows = parseShape(z.array(rowSchema).min(1), value, { file, lines });
      const [first] = rows;
      if (first?.type !== 'session') {
        throw new TranscriptFormatError({
          file,
          location: formatLocation([0, 'type'], lines),
          expected: '"session": the record a session export starts with',
          found: JSON.stringify(first?.type),
        });
      }
      const messages = rows.flatMap((row) => (row.type === 'message' ? [row] : []));
      if (messages.length === 0) {
        throw new TranscriptFormatError({
          file,
          location: formatLocation([], lines),
          expected: 'at least one {type: "message"} record',
          found: 'a session without messages',
        });
      }
      messages.sort((a, b) => a.position - b.position);
      return [
        transcript(
          file,
          first.session,
          messages.map((row) => row.message),
        ),
      ];
    },
  };
}

function transcript(
  file: string,
  session: z.output<typeof sessionSchema>,
  messages: z.output<typeof modelMessageSchema>[],
) {
  const model = session.metadata?.model;
  return conversationTranscript({
    format: 'kioku-session-export',
    file,
    id: session.id,
    model: typeof model === 'string' ? model : undefined,
    messages,
  });
}
