import type { PlannedStep, Reflection } from './plan-schema.js';
import type { PlanStep } from './plan-step.js';

/**
 * What is wrong with a plan's new steps or a reflection's changes, given the steps so far and the tools
 * that exist: unknown tools, repeated ids, changes to steps that are not pending. Empty when nothing is.
 */
export function checkPlanChanges({
  steps,
  added,
  reflection,
  toolNames,
}: {
  steps: readonly PlanStep[];
  added: readonly PlannedStep[];
  reflection?: Pick<Reflection, 'update' | 'cancel'>;
  toolNames: readonly string[];
}): string[] {
  const problems: string[] = [];
  const ids = new Set(steps.map((step) => step.id));
  for (const step of added) {
    if (ids.has(step.id)) problems.push(`step id "${step.id}" is used twice`);
    ids.add(step.id);
    for (const name of step.tools) {
      if (!toolNames.includes(name))
        problems.push(
          `step "${step.id}" names tool "${name}", which does not exist (tools: ${toolNames.join(', ') || 'none'})`,
        );
    }
  }
  const pending = new Set(steps.filter((step) => step.status === 'pending').map((step) => step.id));
  for (const change of reflection?.update ?? []) {
    if (!pending.has(change.id)) problems.push(`update names step "${change.id}", which is not pending`);
    for (const name of change.tools ?? []) {
      if (!toolNames.includes(name))
        problems.push(`update of "${change.id}" names tool "${name}", which does not exist`);
    }
  }
  for (const id of reflection?.cancel ?? []) {
    if (!pending.has(id)) problems.push(`cancel names step "${id}", which is not pending`);
  }
  return problems;
}
