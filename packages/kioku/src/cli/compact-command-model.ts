import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import { type LanguageModel, wrapLanguageModel } from 'ai';
import { languageModelFromSpec } from '../index.js';

/**
 * The model `--model provider:model` names, each of its calls bounded by `timeoutSeconds` (a slow or hung
 * server fails the call instead of the command hanging).
 */
export async function compactModel({
  spec,
  baseUrl,
  timeoutSeconds,
}: {
  spec: string;
  baseUrl: string | undefined;
  timeoutSeconds: number;
}): Promise<LanguageModel> {
  const { model } = await languageModelFromSpec(spec, { baseUrl });
  if (typeof model === 'string') return model;
  const timeout: LanguageModelV4Middleware = {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => {
      const limit = AbortSignal.timeout(timeoutSeconds * 1000);
      return {
        ...params,
        abortSignal: params.abortSignal ? AbortSignal.any([params.abortSignal, limit]) : limit,
      };
    },
  };
  return wrapLanguageModel({ model, middleware: timeout });
}
