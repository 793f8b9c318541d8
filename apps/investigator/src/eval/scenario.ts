import { z } from 'zod';
import { logFileFormats } from '../logs/import/detect-log-format.js';

/** An expected finding: a string the answer must contain, or alternatives of which one must appear. */
export const expectedFindingSchema = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/** A question put to the agent, in order, in one conversation, with the findings its answer must hold. */
export const scenarioQuestionSchema = z.strictObject({
  ask: z.string().min(1),
  expect: z.array(expectedFindingSchema).min(1),
});

/** An evaluation scenario on the shared security logs (the JSON files in `apps/investigator/scenarios/`). */
export const scenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and "-"'),
  /** What the attack was, for the report. */
  title: z.string().min(1),
  /** Where the truth comes from (the log file and the query that shows it). */
  source: z.string().min(1),
  /** The alert as a webhook would send it: its schema name and the raw JSON. */
  alert: z.strictObject({ schema: z.string().min(1), raw: z.record(z.string(), z.unknown()) }),
  /**
   * Tables the scenario's logs come from, built with `logs import` alone (no loader code): files relative
   * to the security-logs folder, and the neutral description the agent sees. Without it the scenario runs
   * on the database `logs load` builds.
   */
  imports: z
    .array(
      z.strictObject({
        table: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
        files: z.array(z.string().min(1)).min(1),
        format: z.enum(logFileFormats).optional(),
        description: z.string().min(1),
      }),
    )
    .min(1)
    .optional(),
  questions: z.array(scenarioQuestionSchema).min(1),
  /**
   * The replies of a scripted model for the offline run (CI): what the loopback OpenAI-protocol server
   * answers, in request order (main agent, log sub-agent, memory). Not used against a real model.
   */
  script: z.array(z.unknown()).optional(),
});

/** An evaluation scenario. */
export type Scenario = z.infer<typeof scenarioSchema>;
/** An expected finding. */
export type ExpectedFinding = z.infer<typeof expectedFindingSchema>;
