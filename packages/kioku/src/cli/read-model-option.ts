import { defaultModelProviders, type ModelSpec, parseModelSpec } from '../entry/strategies.js';

/**
 * A `--model` or `--summarizer` value as the CLI reads it (`parseModelSpec`'s rule): `provider:model`
 * when it starts with a provider kioku can build a model for, else a model id kept whole (`gpt-4.1`,
 * the Ollama tag `llama3.1:8b`), which names a window and tokenizer but no model to call.
 */
export function readModelOption(value: string): ModelSpec {
  const buildable = defaultModelProviders().map((provider) => provider.name);
  const spec = parseModelSpec(value, { providers: buildable });
  return spec.provider !== undefined && buildable.includes(spec.provider.toLowerCase())
    ? spec
    : { modelId: value };
}

/**
 * What a model to call must look like, for an error message: `provider:model` with a provider kioku can
 * build, and why `value` (when given) is not one.
 */
export function expectedModelSpec(value?: string): string {
  const buildable = defaultModelProviders().map((provider) => provider.name);
  return (
    `provider:model with a provider of ${buildable.join(', ')}, e.g. openai-compatible:qwen2.5-7b or ` +
    'deepseek:deepseek-chat' +
    (value === undefined
      ? ''
      : `; ${JSON.stringify(value)} ${namesWhich(value)} (an Ollama model is ollama:${value})`)
  );
}

function namesWhich(value: string): string {
  const { provider } = parseModelSpec(value);
  return provider === undefined ? 'names none' : `names ${provider}, which kioku cannot build a model for`;
}
