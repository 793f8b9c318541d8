/**
 * The tool calls of a history still waiting for their results, to pair each result with its call by
 * position as well as by id (see {@link openToolCalls}).
 */
export interface OpenToolCalls<Call> {
  /** A call of the assistant message numbered `step` (any number that grows from message to message). */
  call(id: string, step: number, call: Call): void;
  /** The call a result with this id answers, taken off the list; `undefined` when none waits. */
  answer(id: string): Call | undefined;
}

/**
 * The one rule kioku pairs tool calls and results by, whatever ids a provider gives: a result answers the
 * oldest call still waiting for one among the calls with its id of the latest assistant message that
 * made such a call. A message that calls an id again makes a new call (its provider reuses ids: a
 * constant id, `call_0` at every step), so an older call under that id left unanswered stays so; parallel
 * calls under one id in one message are answered in order.
 *
 * @example
 * const open = openToolCalls<string>();
 * open.call('call_0', 1, 'read_file');
 * open.call('call_0', 1, 'grep');
 * open.answer('call_0'); // 'read_file'
 */
export function openToolCalls<Call>(): OpenToolCalls<Call> {
  const waiting = new Map<string, { step: number; calls: Call[] }>();
  return {
    call(id, step, call) {
      const open = waiting.get(id);
      if (open?.step === step) open.calls.push(call);
      else waiting.set(id, { step, calls: [call] });
    },
    answer(id) {
      const open = waiting.get(id);
      const call = open?.calls.shift();
      if (open !== undefined && open.calls.length === 0) waiting.delete(id);
      return call;
    },
  };
}
