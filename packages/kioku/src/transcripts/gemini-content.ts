import { z } from 'zod';

/**
 * A part of a Gemini `Content` (text or thought, a function call, a function response, inline or file
 * data), tagged with its `kind`.
 */
export const geminiPartSchema = z.union(
  [
    z
      .looseObject({ text: z.string(), thought: z.boolean().nullish() })
      .transform((p) => ({ kind: 'text' as const, text: p.text, thought: p.thought === true })),
    z
      .looseObject({
        functionCall: z.looseObject({
          name: z.string(),
          args: z.record(z.string(), z.unknown()).nullish(),
          id: z.string().nullish(),
        }),
      })
      .transform(({ functionCall: c }) => ({
        kind: 'call' as const,
        name: c.name,
        args: c.args ?? {},
        id: c.id ?? undefined,
      })),
    z
      .looseObject({
        functionResponse: z.looseObject({
          name: z.string(),
          response: z.unknown(),
          id: z.string().nullish(),
        }),
      })
      .transform(({ functionResponse: r }) => ({
        kind: 'response' as const,
        name: r.name,
        response: r.response,
        id: r.id ?? undefined,
      })),
    z
      .looseObject({ inlineData: z.looseObject({ mimeType: z.string(), data: z.string() }) })
      .transform(({ inlineData: d }) => ({ kind: 'data' as const, mediaType: d.mimeType, data: d.data })),
    z
      .looseObject({ fileData: z.looseObject({ mimeType: z.string().nullish(), fileUri: z.string() }) })
      .transform(({ fileData: d }) => ({
        kind: 'file' as const,
        mediaType: d.mimeType ?? 'application/octet-stream',
        uri: d.fileUri,
      })),
  ],
  { error: 'a part with text, functionCall, functionResponse, inlineData or fileData' },
);

/** A Gemini `generateContent` request body (`systemInstruction`, `contents`, `tools`), extra keys ignored. */
export const geminiRequestSchema = z.looseObject({
  model: z.string().nullish(),
  systemInstruction: z
    .union([z.string(), z.looseObject({ parts: z.array(z.looseObject({ text: z.string() })) })])
    .nullish(),
  contents: z
    .array(
      z.looseObject({ role: z.enum(['user', 'model', 'function']), parts: z.array(geminiPartSchema).min(1) }),
    )
    .min(1),
  tools: z
    .array(
      z.looseObject({
        functionDeclarations: z
          .array(
            z.looseObject({
              name: z.string(),
              description: z.string().nullish(),
              parameters: z.record(z.string(), z.unknown()).nullish(),
              parametersJsonSchema: z.record(z.string(), z.unknown()).nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
});

/** A validated Gemini part. */
export type GeminiPart = z.output<typeof geminiPartSchema>;
