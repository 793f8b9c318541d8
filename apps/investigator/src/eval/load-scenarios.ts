import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Scenario, scenarioSchema } from './scenario.js';
import { ScenarioError } from './scenario-error.js';

/**
 * The scenarios of a directory (every `*.json`, sorted by name), validated; throws an error naming the
 * file, the JSON path and what was expected, and refuses two scenarios with one id.
 *
 * @example
 * const scenarios = await loadScenarios('apps/investigator/scenarios');
 */
export async function loadScenarios(directory: string): Promise<Scenario[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    throw new ScenarioError({
      path: directory,
      problem: `cannot read the directory (${(error as Error).message})`,
      cause: error,
    });
  }
  if (names.length === 0)
    throw new ScenarioError({ path: directory, problem: 'no *.json file in this directory' });
  const scenarios: Scenario[] = [];
  for (const name of names) {
    const file = join(directory, name);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new ScenarioError({
        path: file,
        problem: `not JSON (${(error as Error).message})`,
        cause: error,
      });
    }
    const parsed = scenarioSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.map(String).join('.') ?? '';
      throw new ScenarioError({
        path: file,
        problem: `at ${path === '' ? 'the top level' : path}: ${issue?.message ?? 'invalid'}`,
      });
    }
    if (scenarios.some((scenario) => scenario.id === parsed.data.id)) {
      throw new ScenarioError({
        path: file,
        problem: `the id "${parsed.data.id}" is used by another scenario`,
      });
    }
    scenarios.push(parsed.data);
  }
  return scenarios;
}
