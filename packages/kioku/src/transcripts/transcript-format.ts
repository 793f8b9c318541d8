/** The transcript formats kioku can import, by the name `--format` accepts. */
export const transcriptFormats = [
  'openai-chat',
  'anthropic-messages',
  'gemini-contents',
  'mini-swe-agent',
  'swe-agent',
  'openhands-completion',
  'tau-bench',
  'tau2-bench',
  'excytin-agent',
  'excytin-env',
  'ai-sdk-messages',
  'ai-sdk-ui-messages',
  'kioku-session-export',
  'bfcl-gold',
  'bfcl-result',
] as const;

/** One of {@link transcriptFormats}. */
export type TranscriptFormat = (typeof transcriptFormats)[number];
