/** The transcript formats kioku can import, by the name `--format` accepts. */
export const transcriptFormats = [
  'openai-chat',
  'anthropic-messages',
  'gemini-contents',
  'mini-swe-agent',
  'swe-agent',
  'openhands-completion',
  'tau-bench',
  'excytin-agent',
  'excytin-env',
  'bfcl-gold',
] as const;

/** One of {@link transcriptFormats}. */
export type TranscriptFormat = (typeof transcriptFormats)[number];
