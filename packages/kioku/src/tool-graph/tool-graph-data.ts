import { z } from 'zod';

const count = z.number().finite().nonnegative();
const decayingCounts = z.object({
  scale: z.number().finite().positive(),
  observations: z.number().int().nonnegative(),
  rows: z.array(z.tuple([z.string(), count, z.array(z.tuple([z.string(), count]))])),
});

/** The shape of a tool graph's plain data (`ToolGraph.toJSON()`), checked when it is restored. */
export const toolGraphDataSchema = z.object({
  version: z.literal(1),
  observations: z.number().int().nonnegative(),
  runs: z.number().int().nonnegative(),
  weights: z.object({
    intent: z.number().finite().nonnegative(),
    secondOrder: z.number().finite().positive(),
  }),
  decay: z.number().gt(0).lte(1),
  decayEvery: z.number().int().positive(),
  transitions: decayingCounts,
  intents: decayingCounts,
});

/** A tool graph as plain data (`toJSON`), to store or move; restored exactly by `toolGraphFromJSON`. */
export type ToolGraphData = z.infer<typeof toolGraphDataSchema>;
