/** Instructions of the memory buffer's extraction call. */
export const memoryExtractionPrompt = `You keep a compact memory of a conversation between a user and an AI agent. From the NEW messages, extract:
- entities: the people, accounts, hosts, IP addresses, files, services, tickets and other things the work is about, each with its type and a one-sentence note on its role;
- decisions: decisions made and conclusions reached, one short sentence each;
- constraints: the user's requirements and instructions ("do not…", "only…", "always…"), in the user's words where possible.
The current memory is shown: return only what is new or changed, never repeat what it already says. Copy names and identifiers character for character. Return empty lists when there is nothing new.`;

/** Instructions of the memory buffer's consolidation call; `{maxTokens}` is replaced. */
export const memoryConsolidationPrompt = `You keep a compact memory of a conversation between a user and an AI agent. It has grown too large. Rewrite the whole memory so it fits in about {maxTokens} tokens: merge duplicates and near-duplicates, drop what later items supersede and what no longer matters, shorten notes. Keep every constraint the user gave. Copy names and identifiers character for character.`;
