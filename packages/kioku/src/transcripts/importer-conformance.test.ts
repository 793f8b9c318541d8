import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { TranscriptFormatError } from '../errors/index.js';
import { validateHistory } from '../messages/index.js';
import { trajectoriesDir } from '../test/trajectories.js';
import { defaultImporters } from './default-importers.js';
import { detectFormat } from './detect-format.js';
import type { Importer } from './importer.js';
import { parseJsonText } from './parse-json-text.js';
import { type TranscriptFormat, transcriptFormats } from './transcript-format.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));
const openHands =
  'OpenHands/evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions_last_per_instance';
const miniSweAgent = 'mini-swe-agent/pr816_deepseek_eval/output/deepseek_chat_dev';
const secRl = 'SecRL/latest_experiments/BaselineAgent_gpt-5-mini_c127_alert_level_t0_s25_trial1';

/** Sample files every importer must read: real recorded runs where the set has them, else fixtures. */
const samples: Record<TranscriptFormat, string[]> = {
  'openai-chat': [
    join(fixtures, 'openai-chat-string-content.json'),
    join(fixtures, 'openai-chat-content-parts.json'),
    join(fixtures, 'openai-chat-legacy-function-call.json'),
    join(fixtures, 'openai-chat.jsonl'),
  ],
  'anthropic-messages': [join(fixtures, 'anthropic-messages.json')],
  'gemini-contents': [join(fixtures, 'gemini-contents.json')],
  'bfcl-gold': [
    join(trajectoriesDir, 'bfcl/multi-turn/possible_answer/BFCL_v4_multi_turn_base.json'),
    join(trajectoriesDir, 'bfcl/multi-turn/possible_answer/BFCL_v4_multi_turn_miss_func.json'),
  ],
  'bfcl-result': [join(fixtures, 'bfcl-multi-turn-result.jsonl')],
  'mini-swe-agent': [
    join(trajectoriesDir, miniSweAgent, 'pvlib__pvlib-python-1072/pvlib__pvlib-python-1072.traj.json'),
    join(trajectoriesDir, miniSweAgent, 'pylint-dev__astroid-1333/pylint-dev__astroid-1333.traj.json'),
  ],
  'swe-agent': [
    join(trajectoriesDir, 'SWE-agent/trajectories/demonstrations/function_calling_simple.traj'),
    join(trajectoriesDir, 'SWE-agent/trajectories/demonstrations/ctf/crypto/katy.traj'),
  ],
  'openhands-completion': [
    join(trajectoriesDir, openHands, 'django__django-11087.json'),
    join(trajectoriesDir, openHands, 'astropy__astropy-12907.json'),
  ],
  'tau-bench': [join(trajectoriesDir, 'tau-bench/historical_trajectories/gpt-4o-airline.json')],
  'tau2-bench': [
    join(trajectoriesDir, 'tau2-bench/feature-gym/gpt-4.1_airline_default_gpt-4.1_1trials.json'),
    join(trajectoriesDir, 'tau2-bench/feature-gym/gpt-4.1_telecom_default_gpt-4.1_1trials.json'),
  ],
  'excytin-agent': [join(trajectoriesDir, secRl, 'agent_incident_38.json')],
  'excytin-env': [join(trajectoriesDir, secRl, 'env_incident_38.json')],
  'ai-sdk-messages': [join(fixtures, 'ai-sdk-messages.json')],
  'ai-sdk-ui-messages': [join(fixtures, 'ai-sdk-ui-messages.json')],
  'kioku-session-export': [
    join(fixtures, 'kioku-session-export.json'),
    join(fixtures, 'kioku-session-export.jsonl'),
  ],
};

/**
 * Violations a format records as the provider received them: tau2-bench's agent opens every conversation
 * with a fixed greeting, which is part of each prompt it sent.
 */
const acceptedViolations: Partial<Record<TranscriptFormat, readonly string[]>> = {
  'tau2-bench': ['first-message-not-user'],
};

/** The shared contract every importer passes (style guide habit 8), run once per importer below. */
function runImporterConformance(importer: Importer, files: readonly string[]): void {
  describe(`${importer.format} importer conformance`, () => {
    const inputs = files.map((file) => ({ file, ...parseJsonText(readFileSync(file, 'utf8'), { file }) }));
    const read = ({ file, value, lines }: (typeof inputs)[number]) =>
      importer.read(value, lines === undefined ? { file } : { file, lines });

    it('describes what it expects, for the unknown-format error', () => {
      expect(importer.expected.length).toBeGreaterThan(20);
    });

    it('is the format detected for its samples', () => {
      for (const { file, value } of inputs) expect(detectFormat(value, file), file).toBe(importer.format);
    });

    it('reads each sample into runs tagged with its format and file, with unique ids', () => {
      for (const input of inputs) {
        const transcripts = read(input);
        expect(transcripts.length).toBeGreaterThan(0);
        for (const transcript of transcripts) {
          expect(transcript.format).toBe(importer.format);
          expect(transcript.file).toBe(input.file);
          expect(transcript.id).not.toBe('');
          expect(transcript.messages.length).toBeGreaterThan(0);
        }
        const ids = transcripts.map((transcript) => transcript.id);
        expect(new Set(ids).size).toBe(ids.length);
      }
    });

    it('produces histories a provider accepts: calls and results paired, system first, no empty message', () => {
      for (const input of inputs) {
        for (const transcript of read(input)) {
          const violations = validateHistory(transcript.messages, { allowPendingToolCalls: true }).filter(
            (violation) => !acceptedViolations[importer.format]?.includes(violation.kind),
          );
          expect(violations.map((v) => `${transcript.id}: ${v.message}`)).toEqual([]);
          expectResultsAnswerEarlierCalls(transcript.messages);
          for (const message of transcript.messages) {
            if (message.role === 'system') expect(typeof message.content).toBe('string');
          }
        }
      }
    });

    it('records calls whose prompt is a prefix ending right before an assistant message', () => {
      for (const input of inputs) {
        for (const { calls, messages } of read(input)) {
          let previous = 0;
          for (const call of calls) {
            expect(call.messageCount).toBeGreaterThan(previous);
            expect(call.messageCount).toBeLessThanOrEqual(messages.length);
            if (call.messageCount < messages.length)
              expect(messages[call.messageCount]?.role).toBe('assistant');
            previous = call.messageCount;
          }
        }
      }
    });

    it('is deterministic', () => {
      for (const input of inputs) expect(read(input)).toEqual(read(input));
    });

    it.each([
      ['a number', 42],
      ['null', null],
      ['an empty object', {}],
      ['an empty array', []],
    ])('rejects %s with a TranscriptFormatError naming the file', (_, value) => {
      const attempt = () => importer.read(value, { file: 'wrong.json' });
      expect(attempt).toThrow(TranscriptFormatError);
      expect(attempt).toThrow(/^wrong\.json: at /);
    });
  });
}

function expectResultsAnswerEarlierCalls(messages: readonly ModelMessage[]): void {
  const called = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant' && typeof message.content !== 'string') {
      for (const part of message.content) if (part.type === 'tool-call') called.add(part.toolCallId);
    }
    if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type === 'tool-result') expect(called.has(part.toolCallId), part.toolCallId).toBe(true);
      }
    }
  }
}

const realDataAvailable = (() => {
  try {
    readFileSync(join(trajectoriesDir, 'README.md'));
    return true;
  } catch {
    return false;
  }
})();

describe('default importers', () => {
  it('cover every format name exactly once', () => {
    expect(
      defaultImporters()
        .map((importer) => importer.format)
        .sort(),
    ).toEqual([...transcriptFormats].sort());
  });
});

for (const importer of defaultImporters()) {
  const files = samples[importer.format];
  const usable = realDataAvailable ? files : files.filter((file) => file.startsWith(fixtures));
  if (usable.length > 0) runImporterConformance(importer, usable);
}
