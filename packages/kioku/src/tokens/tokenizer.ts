/** Counts the tokens of plain text in one vocabulary. Special tokens written in the text count as one. */
export interface Tokenizer {
  /** The vocabulary, e.g. `deepseek-v3`, `o200k_base`. */
  readonly name: string;
  count(text: string): number;
}
