export { type AnthropicConversation, toAnthropicConversation } from './to-anthropic-conversation.js';
export { type GeminiConversation, toGeminiConversation } from './to-gemini-conversation.js';
export { type OpenAIChatMessageOut, toOpenAIChatMessages } from './to-openai-chat-messages.js';
export { type WrittenTranscript, writeCompacted } from './write-transcript.js';
