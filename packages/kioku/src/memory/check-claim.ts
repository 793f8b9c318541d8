import { detectInstruction, type InstructionKind } from './detect-instruction.js';
import { type RedactionResult, redactSecrets } from './redact-secrets.js';

/** Claims longer than this are refused: a memory is one reusable fact, not a report. */
export const maxClaimLength = 2000;

/** Why a claim was not stored. */
export type ClaimRejection =
  | { reason: 'empty' }
  | { reason: 'too-long'; length: number }
  | { reason: 'instruction'; kind: InstructionKind; match: string };

/** A claim as it will be stored (secrets redacted), or why it will not be. */
export type CheckedClaim =
  | { accepted: true; claim: string; redactions: RedactionResult['redactions'] }
  | ({ accepted: false; claim: string } & ClaimRejection);

/**
 * Prepares a claim for storage: trims it, refuses it when empty, longer than {@link maxClaimLength} or
 * an instruction to the agent (see `detectInstruction`), and redacts its secrets (see
 * `redactSecrets`). Instructions are checked on the text before and after redaction.
 */
export function checkClaim(text: string): CheckedClaim {
  const trimmed = text.trim();
  if (trimmed === '') return { accepted: false, claim: trimmed, reason: 'empty' };
  if (trimmed.length > maxClaimLength) {
    return { accepted: false, claim: trimmed, reason: 'too-long', length: trimmed.length };
  }
  const { text: claim, redactions } = redactSecrets(trimmed);
  const instruction = detectInstruction(trimmed) ?? detectInstruction(claim);
  if (instruction !== undefined) return { accepted: false, claim, reason: 'instruction', ...instruction };
  return { accepted: true, claim, redactions };
}
