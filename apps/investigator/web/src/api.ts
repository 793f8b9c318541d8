/** A failed console API call: the server's error code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The header every state-changing request carries (the server refuses those without it). */
export const csrfHeaders = { 'x-investigator-console': '1' } as const;

/** Calls the console API: JSON in and out, the session cookie sent, errors thrown as {@link ApiError}. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const response = await fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(method === 'GET' ? {} : csrfHeaders),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const json = (await response.json().catch(() => ({}))) as { error?: { code: string; message: string } };
  if (!response.ok) {
    throw new ApiError(
      response.status,
      json.error?.code ?? 'error',
      json.error?.message ?? response.statusText,
    );
  }
  return json as T;
}
