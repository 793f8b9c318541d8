import type { ModelMessage } from 'ai';

/**
 * True when `message` is the observation of a text-based (ReAct) agent: a user message holding what its
 * last action returned, marked `providerOptions.kioku.observation` by the importers (SecRL agent logs,
 * text SWE-agent histories, "Observation:" turns). Providers ignore the `kioku` key, so a marked message
 * is sent as it was; strategies see it as the output of the action before it and may mask it.
 */
export function isObservation(message: ModelMessage): boolean {
  return message.role === 'user' && message.providerOptions?.kioku?.observation === true;
}

/** A copy of a user message marked as an observation (see {@link isObservation}), its other options kept. */
export function markObservation<T extends ModelMessage & { role: 'user' }>(message: T): T {
  const options = message.providerOptions;
  return { ...message, providerOptions: { ...options, kioku: { ...options?.kioku, observation: true } } };
}
