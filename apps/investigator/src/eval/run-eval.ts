import type { LanguageModelUsage } from 'ai';
import type { Scenario } from './scenario.js';
import { scoreAnswer } from './score-answer.js';

/** One alert under investigation, as the harness drives it: questions in order, in one conversation. */
export interface Investigation {
  ask(question: string): Promise<string>;
  /** The conversation's usage and cost so far, sub-agents included. */
  spent(): { usage: LanguageModelUsage; costUsd: number | undefined };
  close(): Promise<void>;
}

/** One question's outcome. */
export interface QuestionResult {
  ask: string;
  answer: string;
  found: string[];
  missing: string[];
}

/** One scenario's outcome: findings, tokens and cost of its alert. */
export interface ScenarioResult {
  id: string;
  title: string;
  questions: QuestionResult[];
  found: number;
  expected: number;
  inputTokens: number;
  outputTokens: number;
  /** `undefined` when the model has no known price. */
  costUsd: number | undefined;
  /** Why the scenario could not finish (its questions after the failure count as missed). */
  error?: string;
}

/** What {@link runEval} reports. */
export interface EvalReport {
  scenarios: ScenarioResult[];
  found: number;
  expected: number;
  /** Found over expected findings, over all scenarios. */
  recall: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | undefined;
}

/** Options of {@link runEval}. */
export interface RunEvalOptions {
  scenarios: readonly Scenario[];
  /** Opens the investigation of a scenario's alert (a fresh store, the alert ingested, a chat). */
  investigate: (scenario: Scenario) => Promise<Investigation>;
  /** Told after each question. */
  onQuestion?: (scenario: Scenario, result: QuestionResult) => void;
}

/**
 * Runs the scenarios one after the other: each alert is investigated in one conversation, its questions
 * asked in order, each answer scored deterministically against the expected findings, and the tokens
 * and cost of the alert taken from the conversation. A scenario that fails is reported with its error and
 * the rest still run.
 *
 * @example
 * const report = await runEval({ scenarios: await loadScenarios(dir), investigate });
 */
export async function runEval({ scenarios, investigate, onQuestion }: RunEvalOptions): Promise<EvalReport> {
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const questions: QuestionResult[] = [];
    let error: string | undefined;
    let spent: ReturnType<Investigation['spent']> | undefined;
    let investigation: Investigation | undefined;
    try {
      investigation = await investigate(scenario);
      for (const question of scenario.questions) {
        const answer = await investigation.ask(question.ask);
        const result = { ask: question.ask, answer, ...scoreAnswer(answer, question.expect) };
        questions.push(result);
        onQuestion?.(scenario, result);
      }
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    } finally {
      spent = investigation?.spent();
      await investigation?.close();
    }
    const expected = scenario.questions.reduce((sum, question) => sum + question.expect.length, 0);
    results.push({
      id: scenario.id,
      title: scenario.title,
      questions,
      found: questions.reduce((sum, question) => sum + question.found.length, 0),
      expected,
      inputTokens: spent?.usage.inputTokens ?? 0,
      outputTokens: spent?.usage.outputTokens ?? 0,
      costUsd: spent?.costUsd,
      ...(error === undefined ? {} : { error }),
    });
  }
  const sum = (pick: (result: ScenarioResult) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  const priced = results.filter((result) => result.costUsd !== undefined);
  const found = sum((result) => result.found);
  const expected = sum((result) => result.expected);
  return {
    scenarios: results,
    found,
    expected,
    recall: expected === 0 ? 0 : found / expected,
    inputTokens: sum((result) => result.inputTokens),
    outputTokens: sum((result) => result.outputTokens),
    costUsd:
      priced.length === 0 ? undefined : priced.reduce((total, result) => total + (result.costUsd ?? 0), 0),
  };
}
