// The five dev sets of issue 12, each with its model and the model's tokenizer: mini-swe-agent
// deepseek-chat, OpenHands claude-3.5-sonnet, tau-bench airline gpt-4o, tau2-bench gpt-4.1 (airline,
// retail, telecom) and the SOC investigations by SQL (ExCyTIn o4-mini and SecRL gpt-5 environment logs,
// one question per run). Run `npm run build` first.
import { join } from 'node:path';
import { trajectoriesDir } from 'kioku/test';
import { loadTranscripts } from 'kioku/transcripts';
import { loadClaudeSet, loadDeepSeekSet } from '../tokens/load-sets.mjs';

async function load(name, paths, model) {
  const { transcripts, errors } = await loadTranscripts(paths.map((path) => join(trajectoriesDir, path)));
  if (errors.length > 0) {
    throw new Error(`${name}: ${errors.map(({ file, error }) => `${file}: ${error.message}`).join('\n')}`);
  }
  return { name, transcripts, model };
}

const excytin = ['38', '134', '166', '322'].map(
  (incident) => `ExCyTIn/o4-mini/env_incident_${incident}.json`,
);
const secrlGpt5 =
  'SecRL/latest_experiments/BaselineAgent_gpt-5_c121_alert_level_t0_s25_trial1/env_incident_38.json';
const tau2 = ['airline_default', 'retail_defautl', 'telecom_default'].map(
  (domain) => `tau2-bench/feature-gym/gpt-4.1_${domain}_gpt-4.1_1trials.json`,
);

/**
 * The dev sets, each `{name, transcripts, model?, pricingOverrides?, long, workload}`; `long` marks the
 * long-run coding sets the 0.50× tokens / 0.80× cached cost targets apply to. `model` is set where the log
 * does not record it per run (the SOC environment logs: ExCyTIn o4-mini, SecRL gpt-5). `workload(transcript)`
 * names the workload a run belongs to (one agent, model and task family): the set itself, except tau2-bench
 * by domain (airline, retail, telecom) and the SQL investigations by agent and model (ExCyTIn o4-mini,
 * SecRL gpt-5), which the set pools.
 */
export async function loadDevSets() {
  const deepseek = await loadDeepSeekSet();
  const claude = await loadClaudeSet();
  const soc = await load('ExCyTIn/SecRL SQL', excytin, 'o4-mini');
  const gpt5 = await load('SecRL gpt-5', [secrlGpt5], 'gpt-5');
  return [
    { ...deepseek, name: 'mini-swe-agent deepseek-chat', long: true, workload: () => deepseek.name },
    {
      ...claude,
      name: 'OpenHands claude-3.5-sonnet',
      long: true,
      workload: () => 'OpenHands claude-3.5-sonnet',
    },
    {
      ...(await load('tau-bench airline gpt-4o', ['tau-bench/historical_trajectories/gpt-4o-airline.json'])),
      model: 'gpt-4o',
      long: false,
      workload: () => 'tau-bench airline gpt-4o',
    },
    {
      ...(await load('tau2-bench gpt-4.1', tau2)),
      long: false,
      workload: (transcript) =>
        `tau2-bench gpt-4.1 ${['airline', 'retail', 'telecom'].find((domain) => transcript.file.includes(`_${domain}_`))}`,
    },
    {
      name: 'ExCyTIn/SecRL SQL',
      transcripts: [
        ...soc.transcripts.map((transcript) => ({ ...transcript, model: 'o4-mini' })),
        ...gpt5.transcripts.map((transcript) => ({
          ...transcript,
          id: `gpt-5-${transcript.id}`,
          model: 'gpt-5',
        })),
      ],
      long: false,
      workload: (transcript) => (transcript.model === 'gpt-5' ? 'SecRL gpt-5' : 'ExCyTIn o4-mini'),
    },
  ];
}
