/**
 * Reported prompt tokens under this share of the counter's count of the prompt sent mean the server
 * dropped part of it. The calibrated counters' p95 error is at most 5.2% and a flat 4 characters per
 * token errs by 13–29% (median) on the recorded runs (docs/token-counting.md), so no counting error comes
 * near a factor of 2; the Ollama run of issue 23 reported 0.08 of the count.
 */
export const truncationRatio = 0.5;
/** Prompts under this many counted tokens are not judged (fixed template overheads dominate them). */
export const truncationMinimumTokens = 512;

/** True when `reported` prompt tokens are so far under the counter's count that the server must have dropped some. */
export function isTruncated({ reported, counted }: { reported: number; counted: number }): boolean {
  return counted >= truncationMinimumTokens && reported < counted * truncationRatio;
}

/** What a user should do about a silent truncation, with the figures. */
export function truncationAdvice({ reported, counted }: { reported: number; counted: number }): string {
  return `the server reported ${reported} prompt tokens for a prompt kioku counts at ${counted}: it likely dropped the start of the prompt without an error. Raise the context the server serves (Ollama: the num_ctx option or OLLAMA_CONTEXT_LENGTH) and pass the same number as contextWindow to kioku.`;
}

/** Models already warned about a silent truncation, so each is warned about once per process. */
const warned = new Set<string>();

/** Warns once per `key` (a model id) with `advice`. */
export function warnTruncation(key: string, advice: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`kioku: ${advice}`);
}
