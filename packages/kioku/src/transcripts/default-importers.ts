import { aiSdkMessagesImporter } from './ai-sdk-messages-importer.js';
import { aiSdkUiMessagesImporter } from './ai-sdk-ui-messages-importer.js';
import { anthropicMessagesImporter } from './anthropic-messages-importer.js';
import { bfclGoldImporter } from './bfcl-gold-importer.js';
import { bfclResultImporter } from './bfcl-result-importer.js';
import { excytinAgentImporter } from './excytin-agent-importer.js';
import { excytinEnvImporter } from './excytin-env-importer.js';
import { geminiContentsImporter } from './gemini-contents-importer.js';
import type { Importer } from './importer.js';
import { kiokuSessionExportImporter } from './kioku-session-export-importer.js';
import { miniSweAgentImporter } from './mini-swe-agent-importer.js';
import { openAIChatImporter } from './openai-chat-importer.js';
import { openHandsCompletionImporter } from './openhands-completion-importer.js';
import { sweAgentImporter } from './swe-agent-importer.js';
import { tauBenchImporter } from './tau-bench-importer.js';
import { tau2BenchImporter } from './tau2-bench-importer.js';

/** One importer per format in `transcriptFormats`, in the order detection prefers on a tie. */
export function defaultImporters(): Importer[] {
  return [
    miniSweAgentImporter(),
    openHandsCompletionImporter(),
    sweAgentImporter(),
    tauBenchImporter(),
    tau2BenchImporter(),
    excytinAgentImporter(),
    excytinEnvImporter(),
    bfclGoldImporter(),
    bfclResultImporter(),
    openAIChatImporter(),
    anthropicMessagesImporter(),
    geminiContentsImporter(),
    aiSdkMessagesImporter(),
    aiSdkUiMessagesImporter(),
    kiokuSessionExportImporter(),
  ];
}
