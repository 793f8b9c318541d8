import {
  generateText,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
} from 'ai';
import type { z } from 'zod';
import { PlanError } from '../errors/plan-error.js';

/** Options of {@link structuredCall}. */
export interface StructuredCallOptions<T> {
  model: LanguageModel;
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  /** Problems beyond the schema's shape (unknown tools, repeated ids); empty when valid. */
  check: (value: T) => string[];
  stage: 'plan' | 'reflection';
  abortSignal?: AbortSignal;
}

/**
 * One structured-output call validated by a schema and a check, repaired once: when the answer does not
 * parse or the check finds problems, the model is told what was wrong and asked again; a second invalid
 * answer throws {@link PlanError} with the problems.
 */
export async function structuredCall<T>({
  model,
  system,
  prompt,
  schema,
  check,
  stage,
  abortSignal,
}: StructuredCallOptions<T>): Promise<{ value: T; usage: LanguageModelUsage[]; repaired?: string[] }> {
  const messages: ModelMessage[] = [{ role: 'user', content: prompt }];
  const usage: LanguageModelUsage[] = [];
  let firstProblems: string[] | undefined;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let answer = '';
    let problems: string[];
    try {
      const result = await generateText({
        model,
        system,
        messages,
        output: Output.object({ schema }),
        ...(abortSignal === undefined ? {} : { abortSignal }),
      });
      usage.push(result.totalUsage);
      answer = result.text;
      problems = check(result.output);
      if (problems.length === 0) {
        return {
          value: result.output,
          usage,
          ...(firstProblems === undefined ? {} : { repaired: firstProblems }),
        };
      }
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error)) throw error;
      if (error.usage !== undefined) usage.push(error.usage);
      answer = error.text ?? '';
      problems = [`the answer is not valid JSON of the required shape (${firstLine(error.cause ?? error)})`];
    }
    if (attempt === 1) throw new PlanError({ stage, problems });
    firstProblems = problems;
    messages.push(
      { role: 'assistant', content: answer === '' ? '(no answer)' : answer },
      {
        role: 'user',
        content: `That ${stage} is invalid: ${problems.join('; ')}. Answer again with the whole ${stage} as JSON of the required shape.`,
      },
    );
  }
  throw new PlanError({ stage, problems: ['no answer'] });
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 200);
}
