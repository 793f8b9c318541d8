import { useCallback, useEffect, useState } from 'react';
import { api } from './api.js';
import { ErrorMessage } from './error-message.js';

interface MemoryList {
  namespaces: {
    namespace: string;
    memories: {
      id: number;
      claim: string;
      request: string;
      score: number;
      updatedAt: string;
      recalledBy: { request: string; at: string }[];
    }[];
  }[];
}

/** What the agents learned: each claim with its score, the request it was learned from, the requests that recalled it; delete. */
export function MemoryPage() {
  const [list, setList] = useState<MemoryList | undefined>();
  const [error, setError] = useState<string | undefined>();
  const load = useCallback(() => {
    api<MemoryList>('/memory')
      .then(setList)
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  }, []);
  useEffect(load, [load]);
  const remove = (namespace: string, id: number) =>
    api(`/memory/${encodeURIComponent(namespace)}/${id}`, { method: 'DELETE' })
      .then(load)
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  return (
    <section aria-labelledby="memory-heading">
      <h1 id="memory-heading">Memory</h1>
      <ErrorMessage error={error} />
      {list?.namespaces.map(({ namespace, memories }) => (
        <section key={namespace} aria-label={`Memory of ${namespace}`}>
          <h2>{namespace}</h2>
          {memories.length === 0 ? (
            <p>Nothing learned yet.</p>
          ) : (
            <table aria-label={`Claims of ${namespace}`}>
              <thead>
                <tr>
                  <th scope="col">Claim</th>
                  <th scope="col">Score</th>
                  <th scope="col">Learned from the request</th>
                  <th scope="col">Recalled by</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {memories.map((memory) => (
                  <tr key={memory.id}>
                    <td>{memory.claim}</td>
                    <td>{memory.score}</td>
                    <td>{memory.request}</td>
                    <td>
                      {memory.recalledBy.length === 0 ? (
                        'not recalled yet'
                      ) : (
                        <ul>
                          {memory.recalledBy.map((recall) => (
                            <li key={`${recall.at}-${recall.request}`}>
                              <time dateTime={recall.at}>{new Date(recall.at).toLocaleString()}</time>:{' '}
                              {recall.request}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        aria-label={`Delete claim ${memory.id}`}
                        onClick={() => remove(namespace, memory.id)}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </section>
  );
}
