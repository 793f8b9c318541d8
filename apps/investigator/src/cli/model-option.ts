import type { LanguageModel } from 'ai';
import type { Command } from 'commander';
import { languageModelFromSpec } from 'kioku';

/** The `--model` / `--base-url` options of the commands that call a model. */
export interface ModelOption {
  model?: string;
  baseUrl?: string;
}

/** Adds `--model` and `--base-url` to `command`. */
export function withModelOption(command: Command): Command {
  return command
    .option(
      '--model <provider:model>',
      'the model, provider first, e.g. openai-compatible:qwen2.5-7b-instruct (a local server), ollama:llama3.1:8b (a bare Ollama tag names no provider), openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5 (default: $INVESTIGATOR_MODEL)',
    )
    .option(
      '--base-url <url>',
      "the provider's base URL, e.g. http://127.0.0.1:8000/v1 for a local OpenAI-compatible server (default: the provider's variable, e.g. $OPENAI_COMPATIBLE_BASE_URL)",
    );
}

/** The model `--model` (or `INVESTIGATOR_MODEL`) names, or undefined when neither is set. */
export async function modelFromOptions(
  options: ModelOption,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<LanguageModel | undefined> {
  const spec = options.model ?? env.INVESTIGATOR_MODEL;
  if (spec === undefined || spec === '') return undefined;
  const { model } = await languageModelFromSpec(spec, { baseUrl: options.baseUrl, env });
  return model;
}
