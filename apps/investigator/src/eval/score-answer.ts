import type { ExpectedFinding } from './scenario.js';

/** Which expected findings an answer holds. */
export interface AnswerScore {
  found: string[];
  missing: string[];
}

/** Case, runs of white space and doubled backslashes (JSON-escaped Windows paths) do not count. */
function normalize(text: string): string {
  return text.toLowerCase().replace(/\\\\/g, '\\').replace(/\s+/g, ' ');
}

/**
 * Scores an answer deterministically: an expected finding is found when the answer contains it (or one
 * of its alternatives), ignoring case, runs of white space and doubled backslashes. No model judges.
 *
 * @example
 * scoreAnswer('winx64_payload.exe opened lsass.exe', ['winx64_payload.exe', ['10.0.5.13', '10.0.5.13:8080']]);
 * // { found: ['winx64_payload.exe'], missing: ['10.0.5.13'] }
 */
export function scoreAnswer(answer: string, expected: readonly ExpectedFinding[]): AnswerScore {
  const text = normalize(answer);
  const found: string[] = [];
  const missing: string[] = [];
  for (const finding of expected) {
    const alternatives = typeof finding === 'string' ? [finding] : finding;
    const hit = alternatives.find((alternative) => text.includes(normalize(alternative)));
    if (hit === undefined) missing.push(alternatives[0] ?? '');
    else found.push(hit);
  }
  return { found, missing };
}
