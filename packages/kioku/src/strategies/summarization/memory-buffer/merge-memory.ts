import type { Fact } from '../facts/fact.js';
import { factKey, pairedFactKey } from '../facts/message-facts.js';
import { normalizeText } from '../facts/normalize-text.js';
import type { MemoryItems } from './memory-items.js';

/**
 * `memory` with `update` folded in, deduplicated: an entity is known by its name (case aside) and a newer
 * type or note replaces the older one; a decision, constraint or indicator already there (normalized; an
 * indicator once per machine it was seen on, and not without one once it was) is not added twice. Order
 * is first appearance.
 */
export function mergeMemory(memory: MemoryItems, update: Partial<MemoryItems>): MemoryItems {
  const entities = new Map(memory.entities.map((entity) => [entity.name.trim().toLowerCase(), entity]));
  for (const entity of update.entities ?? []) {
    const key = entity.name.trim().toLowerCase();
    if (key === '') continue;
    const known = entities.get(key);
    entities.set(key, {
      name: known?.name ?? entity.name.trim(),
      type: entity.type.trim() || known?.type || '',
      note: entity.note.trim() || known?.note || '',
    });
  }
  return {
    entities: [...entities.values()],
    decisions: unique([...memory.decisions, ...(update.decisions ?? [])]),
    constraints: unique([...memory.constraints, ...(update.constraints ?? [])]),
    indicators: onMachines(uniqueBy([...memory.indicators, ...(update.indicators ?? [])], pairedFactKey)),
  };
}

/** Each fact once per machine it was seen on; one seen on a machine needs no line without it. */
function onMachines(facts: readonly Fact[]): Fact[] {
  const paired = new Set(facts.filter((fact) => fact.host !== undefined).map(factKey));
  return facts.filter((fact) => fact.host !== undefined || !paired.has(factKey(fact)));
}

function unique(texts: readonly string[]): string[] {
  return uniqueBy(
    texts.map((text) => text.trim()).filter((text) => text !== ''),
    normalizeText,
  );
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const value = key(item);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}
