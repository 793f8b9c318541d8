import { type DetectedInstruction, detectInstruction } from './detect-instruction.js';
import { normalizeMemoryText } from './normalize-memory-text.js';
import { type RedactionResult, redactSecrets } from './redact-secrets.js';

/** Claims longer than this are refused: a memory is one reusable fact, not a report. */
export const maxClaimLength = 2000;

/** Why a claim was not stored. */
export type ClaimRejection =
  | { reason: 'empty' }
  | { reason: 'too-long'; length: number }
  | ({ reason: 'instruction' } & DetectedInstruction);

/** A claim as it will be stored (normalized, secrets redacted), or why it will not be (redacted too). */
export type CheckedClaim =
  | { accepted: true; claim: string; redactions: RedactionResult['redactions'] }
  | ({ accepted: false; claim: string } & ClaimRejection);

/**
 * Prepares a claim for storage: normalizes it (see `normalizeMemoryText`: NFKC, invisible format and tag
 * characters removed) and trims it, refuses it when empty, longer than {@link maxClaimLength} or an
 * instruction to the agent (see `detectInstruction`; checked on the normalized, redacted text and on the
 * text as given, so hidden tag characters are seen), and redacts its secrets
 * (see `redactSecrets`). The claim returned, accepted or not, is the normalized, redacted text: what is
 * checked is what is stored, and a refused claim's secrets are not echoed back.
 */
export function checkClaim(text: string): CheckedClaim {
  const normalized = normalizeMemoryText(text).trim();
  const { text: claim, redactions } = redactSecrets(normalized);
  if (normalized === '') return { accepted: false, claim, reason: 'empty' };
  if (normalized.length > maxClaimLength) {
    return { accepted: false, claim, reason: 'too-long', length: normalized.length };
  }
  const instruction = detectInstruction(claim) ?? detectInstruction(text);
  if (instruction !== undefined) {
    // The words that matched are echoed back: without the secrets they may quote.
    const match = redactSecrets(normalizeMemoryText(instruction.match)).text;
    return { accepted: false, claim, reason: 'instruction', ...instruction, match };
  }
  return { accepted: true, claim, redactions };
}
