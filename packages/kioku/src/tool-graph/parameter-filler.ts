import type { AgentEvent } from './agent-event.js';
import type { ParameterFillerData } from './parameter-filler-data.js';
import { tokensOfShape, valueShape } from './value-shape.js';

/** A parameter value the filler could produce for a call, and how reliable its source has been. */
export interface FilledInput {
  input: Record<string, unknown>;
  /** The lowest reliability among the parameters' sources (0–1). */
  confidence: number;
  /**
   * Where each parameter came from: `user:<shape>`, `output:<tool>:<path>`, `next:<tool>:<path>` (the first
   * value of a list in that tool's latest output not yet passed in this parameter since), `input:<tool>.<key>`,
   * `const:<json>`.
   */
  sources: Record<string, string>;
}

/** Options of {@link createParameterFiller}. */
export interface ParameterFillerOptions {
  /** Fewest calls of a tool before its parameters are filled; default 3. */
  minCalls?: number;
  /** Data saved by `toJSON` to start from (its `minCalls` wins); see `parameterFillerFromJSON`. */
  from?: ParameterFillerData;
}

interface ParameterStats {
  present: number;
  explained: Map<string, number>;
}

const maxNodes = 2000;

/**
 * The lower end of the 95% Wilson interval of a success rate: a source that explained 3 of 3 values is
 * not trusted like one that explained 300 of 300.
 */
function wilsonLowerBound(successes: number, trials: number): number {
  if (trials === 0) return 0;
  const z = 1.96;
  const rate = successes / trials;
  const center = rate + (z * z) / (2 * trials);
  const margin = z * Math.sqrt((rate * (1 - rate)) / trials + (z * z) / (4 * trials * trials));
  return (center - margin) / (1 + (z * z) / trials);
}

const scalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Scalar leaves of a JSON value with their paths, array indexes as `*` (bounded walk). */
function leaves(value: unknown): Array<[string, string | number | boolean]> {
  const found: Array<[string, string | number | boolean]> = [];
  const stack: Array<[string, unknown, number]> = [['$', value, 0]];
  let visited = 0;
  while (stack.length > 0 && visited < maxNodes) {
    const [path, node, depth] = stack.pop() as [string, unknown, number];
    visited += 1;
    if (node === null || typeof node !== 'object') {
      if (scalar(node)) found.push([path, node]);
      continue;
    }
    if (depth >= 8) continue;
    if (Array.isArray(node)) for (const item of node) stack.push([`${path}[*]`, item, depth + 1]);
    else for (const [key, item] of Object.entries(node)) stack.push([`${path}.${key}`, item, depth + 1]);
  }
  return found;
}

// A tool output that is not JSON counts as one value (`$`) when it is short: an id a lookup returns as text.
const maxTextValue = 200;

function parseOutput(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    const trimmed = text.trim();
    return trimmed.length > 0 && trimmed.length <= maxTextValue ? trimmed : undefined;
  }
}

/** The distinct values at `path` (a path through a list, `[*]`) in a leaf list, in the order listed. */
function listed(found: ReadonlyArray<[string, string | number | boolean]>, path: string): unknown[] {
  // `leaves` walks depth first from the end: the list's values come out in reverse.
  const values: unknown[] = [];
  for (let index = found.length - 1; index >= 0; index -= 1) {
    const [at, leaf] = found[index] as [string, string | number | boolean];
    if (at === path && !values.includes(leaf)) values.push(leaf);
  }
  return values;
}

/**
 * The first of `values` not yet passed as parameter `key` of `tool` in the calls after event `since`:
 * an agent going through a list (each order of a user, each line of a customer) takes the next one.
 */
function nextUnused(
  before: readonly AgentEvent[],
  since: number,
  values: readonly unknown[],
  tool: string,
  key: string,
): unknown {
  const used = new Set<unknown>();
  for (let index = since + 1; index < before.length; index += 1) {
    const event = before[index];
    if (
      event?.kind === 'call' &&
      event.tool === tool &&
      event.input !== null &&
      typeof event.input === 'object'
    )
      used.add((event.input as Record<string, unknown>)[key]);
  }
  return values.find((value) => !used.has(value));
}

/**
 * Learns where the agent's tool parameters come from — a value of the same shape in the user's message, a
 * field of an earlier tool's output, an earlier call's input, or a constant — and fills a predicted call's
 * parameters from the same sources, with how reliable each source has been. A parameter-dependency graph
 * in the sense of AutoTool.
 *
 * @example
 * filler.learn(events.slice(0, i), { tool: 'get_reservation_details', input: { reservation_id: '4NQLHD' } });
 * filler.fill(history, 'get_reservation_details'); // { input: { reservation_id: 'ZFA04Y' }, confidence: 0.97, … }
 */
export function createParameterFiller({ minCalls: minCallsOption = 3, from }: ParameterFillerOptions = {}) {
  const minCalls = from?.minCalls ?? minCallsOption;
  const calls = new Map<string, number>();
  /** Per tool, how often each set of parameter names was used (`a,b`). */
  const keySets = new Map<string, Map<string, number>>();
  const parameters = new Map<string, Map<string, ParameterStats>>();
  for (const [tool, saved] of from?.tools ?? []) {
    calls.set(tool, saved.calls);
    keySets.set(tool, new Map(saved.keySets));
    parameters.set(
      tool,
      new Map(
        saved.parameters.map(([key, { present, explained }]) => [
          key,
          { present, explained: new Map(explained) },
        ]),
      ),
    );
  }

  /** Every source that explains `value` of parameter `key` of a call to `tool`, given the events before it. */
  function explanations(
    before: readonly AgentEvent[],
    value: string | number | boolean,
    tool: string,
    key: string,
  ): Set<string> {
    const text = String(value);
    const found = new Set<string>([`const:${JSON.stringify(value)}`]);
    const seenTools = new Set<string>();
    let seenUser = false;
    for (let index = before.length - 1; index >= 0; index -= 1) {
      const event = before[index];
      if (event === undefined) continue;
      if (event.kind === 'user') {
        if (!seenUser && typeof value === 'string' && event.text.includes(text)) {
          found.add(`user:${valueShape(text)}`);
          seenUser = true;
        }
        continue;
      }
      if (event.kind !== 'call' || seenTools.has(event.tool)) continue;
      seenTools.add(event.tool);
      if (event.input !== null && typeof event.input === 'object') {
        for (const [name, earlier] of Object.entries(event.input)) {
          if (earlier === value) found.add(`input:${event.tool}.${name}`);
        }
      }
      const outputLeaves = leaves(parseOutput(event.output));
      for (const [path, leaf] of outputLeaves) {
        if (leaf !== value) continue;
        found.add(`output:${event.tool}:${path}`);
        if (
          path.endsWith('[*]') &&
          nextUnused(before, index, listed(outputLeaves, path), tool, key) === value
        )
          found.add(`next:${event.tool}:${path}`);
      }
    }
    return found;
  }

  /** The value a source gives now for parameter `key` of a call to `tool`, when it gives exactly one. */
  function resolve(before: readonly AgentEvent[], source: string, target: string, key: string): unknown {
    const kind = source.slice(0, source.indexOf(':'));
    const rest = source.slice(kind.length + 1);
    if (kind === 'const') return JSON.parse(rest);
    if (kind === 'user') {
      for (let index = before.length - 1; index >= 0; index -= 1) {
        const event = before[index];
        if (event?.kind !== 'user') continue;
        const tokens = tokensOfShape(event.text, rest);
        if (tokens.length === 1) return tokens[0];
        if (tokens.length > 1) return undefined;
      }
      return undefined;
    }
    const separator = kind === 'input' ? rest.lastIndexOf('.') : rest.indexOf(':');
    const tool = rest.slice(0, separator);
    const field = rest.slice(separator + 1);
    for (let index = before.length - 1; index >= 0; index -= 1) {
      const event = before[index];
      if (event?.kind !== 'call' || event.tool !== tool) continue;
      if (kind === 'next') {
        return nextUnused(before, index, listed(leaves(parseOutput(event.output)), field), target, key);
      }
      if (kind === 'input') {
        const value =
          event.input !== null && typeof event.input === 'object'
            ? (event.input as Record<string, unknown>)[field]
            : undefined;
        return scalar(value) ? value : undefined;
      }
      const values = new Set(
        leaves(parseOutput(event.output))
          .filter(([path]) => path === field)
          .map(([, leaf]) => leaf),
      );
      return values.size === 1 ? [...values][0] : undefined;
    }
    return undefined;
  }

  return {
    learn(before: readonly AgentEvent[], call: { tool: string; input: unknown }): void {
      calls.set(call.tool, (calls.get(call.tool) ?? 0) + 1);
      const names =
        call.input !== null && typeof call.input === 'object' ? Object.keys(call.input).sort().join(',') : '';
      const sets = keySets.get(call.tool) ?? new Map<string, number>();
      keySets.set(call.tool, sets);
      sets.set(names, (sets.get(names) ?? 0) + 1);
      if (call.input === null || typeof call.input !== 'object') return;
      const stats = parameters.get(call.tool) ?? new Map<string, ParameterStats>();
      parameters.set(call.tool, stats);
      for (const [key, value] of Object.entries(call.input)) {
        const entry = stats.get(key) ?? { present: 0, explained: new Map<string, number>() };
        stats.set(key, entry);
        entry.present += 1;
        if (!scalar(value)) continue;
        for (const source of explanations(before, value, call.tool, key))
          entry.explained.set(source, (entry.explained.get(source) ?? 0) + 1);
      }
    },

    /**
     * Fills the parameters `tool` is usually called with, or returns `undefined` when the set of names
     * varies too much or one value cannot be determined from a source reliable enough.
     */
    fill(
      before: readonly AgentEvent[],
      tool: string,
      { minReliability = 0.8 }: { minReliability?: number } = {},
    ): FilledInput | undefined {
      const total = calls.get(tool) ?? 0;
      if (total < minCalls) return undefined;
      // The parameter names the tool is called with must be predictable too (optional ones vary).
      const [names, used] = [...(keySets.get(tool) ?? [])].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
      let confidence = wilsonLowerBound(used, total);
      if (confidence < minReliability) return undefined;
      const input: Record<string, unknown> = {};
      const sources: Record<string, string> = {};
      const stats = parameters.get(tool);
      for (const key of names === '' ? [] : names.split(',')) {
        const entry = stats?.get(key);
        if (entry === undefined) return undefined;
        const ranked = [...entry.explained]
          .map(([source, count]) => ({ source, reliability: wilsonLowerBound(count, entry.present) }))
          .filter(({ reliability }) => reliability >= minReliability)
          .sort((a, b) => b.reliability - a.reliability || a.source.localeCompare(b.source));
        const chosen = ranked
          .map(({ source, reliability }) => ({
            source,
            reliability,
            value: resolve(before, source, tool, key),
          }))
          .find(({ value }) => value !== undefined);
        if (chosen === undefined) return undefined;
        input[key] = chosen.value;
        sources[key] = chosen.source;
        confidence = Math.min(confidence, chosen.reliability);
      }
      return { input, confidence, sources };
    },

    /** The filler as plain data, exactly: `parameterFillerFromJSON(filler.toJSON())` fills the same. */
    toJSON(): ParameterFillerData {
      return {
        version: 1,
        minCalls,
        tools: [...calls].map(([tool, count]) => [
          tool,
          {
            calls: count,
            keySets: [...(keySets.get(tool) ?? [])],
            parameters: [...(parameters.get(tool) ?? [])].map(([key, { present, explained }]) => [
              key,
              { present, explained: [...explained] },
            ]),
          },
        ]),
      };
    },
  };
}

/** A parameter filler (see {@link createParameterFiller}). */
export type ParameterFiller = ReturnType<typeof createParameterFiller>;
