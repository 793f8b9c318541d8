import type { SummarizationFailure } from '../../../errors/summarization-error.js';
import { summaryMarker } from '../summary-message.js';

/** What a summarizer answered: its text, and the kinds of the other parts it returned. */
export interface SummarizerAnswer {
  text: string;
  otherParts: readonly string[];
}

/** A usable answer, cleaned (the marker the model echoed removed), or why it is not usable. */
export type CheckedAnswer = { text: string } | { failure: SummarizationFailure; detail: string };

/**
 * Refuses what no summary can be: nothing, the marker alone, parts that are not text, bytes that are not
 * text (control characters, replacement characters), or a degenerate repetition of the same words or
 * lines. Whether a summary is short enough is judged by the caller, who knows what it replaces.
 */
export function checkAnswer({ text, otherParts }: SummarizerAnswer): CheckedAnswer {
  const cleaned = text
    .split('\n')
    .filter((line) => line.trim() !== summaryMarker)
    .join('\n')
    .trim();
  if (cleaned === '') {
    return otherParts.length > 0
      ? {
          failure: 'not-text',
          detail: `the answer holds no text, only ${[...new Set(otherParts)].join(', ')}`,
        }
      : {
          failure: 'empty',
          detail: text.trim() === '' ? 'the answer is empty' : 'the answer is the marker alone',
        };
  }
  const binary = cleaned.match(/(?![\n\r\t])\p{Cc}|\ufffd/gu)?.length ?? 0;
  if (binary > cleaned.length * 0.02) {
    return {
      failure: 'not-text',
      detail: `${binary} of ${cleaned.length} characters are control or replacement characters`,
    };
  }
  const words = cleaned.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return { failure: 'not-text', detail: 'the answer holds no words' };
  if (words.length >= 40 && new Set(words).size < words.length * 0.12) {
    return { failure: 'repetitive', detail: `${new Set(words).size} distinct words in ${words.length}` };
  }
  const lines = cleaned.split('\n').filter((line) => line.trim() !== '');
  if (lines.length >= 12 && new Set(lines).size < lines.length * 0.3) {
    return { failure: 'repetitive', detail: `${new Set(lines).size} distinct lines in ${lines.length}` };
  }
  return { text: cleaned };
}
