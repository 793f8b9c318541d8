import { z } from 'zod';

/**
 * The user's model override file: `{ "models": { "<id>": { contextWindow?, maxOutputTokens?, provider?,
 * pricePerMillionTokens?: { input?, output?, cacheRead?, cacheWrite?, cacheWriteLong? } } } }`. Prices are
 * USD per million tokens, as providers publish them. An id may be bare (`deepseek-chat`) or carry its
 * provider (`deepseek:deepseek-chat`); a model missing from the catalog needs every field but the cache
 * prices. Built on first use (`z.lazy`): building zod schemas is work `import('kioku')` should not pay for.
 */
export const modelOverridesSchema = z.lazy(() => {
  const pricePerMillionTokens = z.strictObject({
    input: z.number().nonnegative().optional(),
    output: z.number().nonnegative().optional(),
    cacheRead: z.number().nonnegative().optional(),
    cacheWrite: z.number().nonnegative().optional(),
    cacheWriteLong: z.number().nonnegative().optional(),
  });
  const modelOverride = z.strictObject({
    provider: z.string().min(1).optional(),
    contextWindow: z.number().int().positive().optional(),
    maxOutputTokens: z.number().int().positive().optional(),
    pricePerMillionTokens: pricePerMillionTokens.optional(),
  });
  return z.strictObject({ models: z.record(z.string().min(1), modelOverride) });
});

/** A validated override file (see {@link modelOverridesSchema}). */
export type ModelOverrides = z.output<typeof modelOverridesSchema>;

/** The overrides of one model. */
export type ModelOverride = ModelOverrides['models'][string];
