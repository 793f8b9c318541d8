import { z } from 'zod';

/**
 * The shape of a parameter filler's plain data (`ParameterFiller.toJSON()`), checked when it is restored.
 * Built on first use (`z.lazy`): building zod schemas is work `import('kioku')` should not pay for.
 */
export const parameterFillerDataSchema = z.lazy(() => {
  const count = z.number().int().nonnegative();
  const counted = z.array(z.tuple([z.string(), count]));
  return z.object({
    version: z.literal(1),
    minCalls: z.number().int().positive(),
    /** Per tool: how often it was called, the parameter-name sets it was called with, and per parameter how often it was present and which sources explained it. */
    tools: z.array(
      z.tuple([
        z.string(),
        z.object({
          calls: count,
          keySets: counted,
          parameters: z.array(z.tuple([z.string(), z.object({ present: count, explained: counted })])),
        }),
      ]),
    ),
  });
});

/** A parameter filler as plain data (`toJSON`); restored exactly by `parameterFillerFromJSON`. */
export type ParameterFillerData = z.infer<typeof parameterFillerDataSchema>;
