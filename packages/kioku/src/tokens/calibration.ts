import type { TokenFeatures } from './token-features.js';

/**
 * The free parameters of a counter: how many billed tokens one raw token of each content kind is worth,
 * and the tokens a provider adds per message, tool call, tool result, request and tool list beyond what
 * the rendered template already counts. Fitted by `bench/tokens/calibrate.mjs` on recorded usage.
 */
export interface Calibration {
  textScale: number;
  toolCallScale: number;
  toolResultScale: number;
  toolSchemaScale: number;
  perSystemMessage: number;
  perUserMessage: number;
  perAssistantMessage: number;
  perToolMessage: number;
  perToolCall: number;
  perToolResult: number;
  perRequest: number;
  /** Tokens of the provider's tool-use instructions, added once when tools are sent. */
  toolPreamble: number;
}

/** The calibration that trusts the template and tokenizer as they are: scales 1, no extra overhead. */
export function identityCalibration(): Calibration {
  return {
    textScale: 1,
    toolCallScale: 1,
    toolResultScale: 1,
    toolSchemaScale: 1,
    perSystemMessage: 0,
    perUserMessage: 0,
    perAssistantMessage: 0,
    perToolMessage: 0,
    perToolCall: 0,
    perToolResult: 0,
    perRequest: 0,
    toolPreamble: 0,
  };
}

/** Which feature each parameter multiplies. */
export const calibrationFeature: Readonly<Record<keyof Calibration, keyof TokenFeatures>> = {
  textScale: 'textTokens',
  toolCallScale: 'toolCallTokens',
  toolResultScale: 'toolResultTokens',
  toolSchemaScale: 'toolSchemaTokens',
  perSystemMessage: 'systemMessages',
  perUserMessage: 'userMessages',
  perAssistantMessage: 'assistantMessages',
  perToolMessage: 'toolMessages',
  perToolCall: 'toolCalls',
  perToolResult: 'toolResults',
  perRequest: 'requests',
  toolPreamble: 'toolSets',
};

/** Billed tokens of `features` under `calibration`, unrounded: special and media tokens plus the weighted rest. */
export function applyCalibration(features: TokenFeatures, calibration: Calibration): number {
  let total = features.specialTokens + features.mediaTokens;
  for (const key of Object.keys(calibrationFeature) as Array<keyof Calibration>) {
    total += calibration[key] * features[calibrationFeature[key]];
  }
  return total;
}
