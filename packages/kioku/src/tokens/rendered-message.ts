/** Which calibrated scale applies to a piece of rendered text. */
export type PieceKind = 'text' | 'toolCall' | 'toolResult';

/** Text a template writes, tokenized on its own. */
export interface Piece {
  kind: PieceKind;
  text: string;
}

/** Something a chat template rendered: text pieces plus special tokens that never appear as text. */
export interface Rendered {
  pieces: Piece[];
  /** Special tokens (role markers, BOS/EOS), one token each. */
  specialTokens: number;
}

/** One message as a chat template writes it, with what the calibration's per-element overheads apply to. */
export interface RenderedMessage extends Rendered {
  role: 'system' | 'user' | 'assistant' | 'tool';
  toolCalls: number;
  toolResults: number;
}
