/**
 * When a peer with a token trigger starts editing: at an absolute number of tokens (by the peer's own
 * count: LangChain's and the AI SDK recipe's estimates, Anthropic's input tokens), or at a `fraction` of
 * the usable context window (`contextWindow - reservedOutputTokens`), so that the trigger scales with the
 * window and every peer can be put at the same fraction of it.
 */
export type PeerTrigger = { inputTokens: number } | { fraction: number };
