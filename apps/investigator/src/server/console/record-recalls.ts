import { sql } from 'drizzle-orm';
import type { RecalledMemory } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';

const maxRequestCharacters = 2000;

/**
 * Keeps which request recalled which memories (`investigator_memory_recalls`), for the console's memory
 * page; pass it as `logsRunRegistration`'s `onRecall`. Requests are kept to their first 2,000 characters.
 *
 * @example
 * logsRunRegistration({ model, file, runbooksDir, store, onRecall: recordRecalls(store) });
 */
export function recordRecalls(
  store: DrizzleStore,
): (input: { namespace: string; request: string; recalled: readonly RecalledMemory[] }) => Promise<void> {
  return async ({ namespace, request, recalled }) => {
    const kept = request.slice(0, maxRequestCharacters);
    for (const memory of recalled) {
      await store.db.execute(sql`insert into investigator_memory_recalls (namespace, memory_id, request, similarity)
        values (${namespace}, ${memory.id}, ${kept}, ${memory.similarity})`);
    }
  };
}
