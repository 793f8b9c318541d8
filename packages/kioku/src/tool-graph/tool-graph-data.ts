import { z } from 'zod';

/**
 * The shape of a tool graph's plain data (`ToolGraph.toJSON()`), checked when it is restored. Built on first
 * use (`z.lazy`): building zod schemas is work `import('kioku')` should not pay for.
 */
export const toolGraphDataSchema = z.lazy(() => {
  const count = z.number().finite().nonnegative();
  const rows = z.array(z.tuple([z.string(), count, z.array(z.tuple([z.string(), count]))]));
  return z.object({
    version: z.literal(2),
    observations: z.number().int().nonnegative(),
    runs: z.number().int().nonnegative(),
    weights: z.object({
      intent: z.number().finite().nonnegative(),
      secondOrder: z.number().finite().positive(),
      recentTools: z.number().finite().nonnegative(),
    }),
    decay: z.number().gt(0).lte(1),
    decayEvery: z.number().int().positive(),
    /** The decay factor reached (counts are stored unscaled). */
    scale: z.number().finite().positive(),
    /** Every action seen, in the order first seen. */
    actions: z.array(z.string()),
    /** Rows `[context, total, [[action, count], …]]`, contexts `0`, `t|last tool`, `1|last event`, `2|event|event`. */
    transitions: rows,
    /** Rows `[word, total, [[action, count], …]]` from the latest user message's words. */
    intents: rows,
    /** Rows `[tool, total, [[action, count], …]]` from the tools called in the last 8 events. */
    recentTools: rows,
  });
});

/** A tool graph as plain data (`toJSON`), to store or move; restored exactly by `toolGraphFromJSON`. */
export type ToolGraphData = z.infer<typeof toolGraphDataSchema>;
