// Loads the two recorded sets with per-call usage through kioku's `loadTranscripts` (run `npm run build`
// first). Files that fail to load are an error here: a calibration on part of a set would be misleading.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trajectoriesDir } from '../../packages/kioku/dist/test/trajectories-dir.js';
import { loadTranscripts } from '../../packages/kioku/dist/transcripts/load-transcripts.js';

const miniSweAgentDir = 'mini-swe-agent/pr816_deepseek_eval/output/deepseek_chat_dev';
const openHandsCompletions =
  'OpenHands/evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions_last_per_instance';
const openHandsUsageLog =
  'OpenHands/derived/claude-3-5-sonnet_v0.15.0_swebench_verified_per_call_usage.jsonl';

async function load(paths) {
  const loaded = await loadTranscripts(paths.map((path) => join(trajectoriesDir, path)));
  if (loaded.errors.length > 0) {
    throw new Error(
      `could not load ${loaded.errors.map(({ file, error }) => `${file}: ${error.message}`).join('\n')}`,
    );
  }
  return loaded;
}

/**
 * The mini-swe-agent deepseek-chat runs: usage on every assistant message. `pricingOverrides` is the file of
 * the prices they were billed at: they used DeepSeek V3.2 (2025-09-29 prices), and the catalog's
 * deepseek-chat prices predate it.
 */
export async function loadDeepSeekSet() {
  const { transcripts } = await load([miniSweAgentDir]);
  return {
    name: 'mini-swe-agent deepseek-chat',
    transcripts,
    callsLeftOut: 0,
    logRows: 0,
    pricingOverrides: fileURLToPath(
      new URL('../../packages/kioku/src/pricing/__fixtures__/deepseek-v3.2-prices.json', import.meta.url),
    ),
  };
}

/** The OpenHands claude-3.5-sonnet runs with the per-call usage log attached (earlier attempts left out). */
export async function loadClaudeSet() {
  const { transcripts, supersededRows, unmatchedRows } = await load([
    openHandsCompletions,
    openHandsUsageLog,
  ]);
  const attached = transcripts.reduce((sum, t) => sum + t.calls.filter((call) => call.usage).length, 0);
  return {
    name: 'OpenHands claude-3.5-sonnet',
    transcripts,
    callsLeftOut: supersededRows.length + unmatchedRows.length,
    logRows: attached + supersededRows.length + unmatchedRows.length,
  };
}

/** Both sets. */
export async function loadSets() {
  return [await loadDeepSeekSet(), await loadClaudeSet()];
}
