import type { Alert } from '../alerts/index.js';
import { markUntrusted, untrustedDataRule } from '../untrusted/index.js';
import { alertPromptView } from './alert-prompt-view.js';

/** Options of {@link chatSystemPrompt}. */
export interface ChatSystemPromptOptions {
  alert: Alert;
  /** The tool registry's sections (the log tables, the intel sources…). */
  toolSections?: string;
}

/**
 * The chat agent's system prompt: its role and workflow, the rule that only the analyst resolves an
 * alert (the agent recommends; no tool of the chat can change an alert), how untrusted data is marked,
 * and a bounded view of the alert (`alertPromptView`: a large alert's raw JSON cut, with a note that
 * `alert_json` reads the rest) — every field that came from outside inside `<untrusted-data>` blocks.
 *
 * @example
 * const system = chatSystemPrompt({ alert: await alerts.get(id), toolSections: (await registry.resolve()).systemPrompt });
 */
export function chatSystemPrompt({ alert, toolSections = '' }: ChatSystemPromptOptions): string {
  const view = alertPromptView(alert);
  return [
    'You help a security analyst investigate one alert over a long conversation.',
    'Work from evidence: ask the log-analysis agent (logs_run) precise natural-language questions, look indicators up in threat intelligence, search earlier alerts, and quote exact values (hosts, users, processes, command lines, IPs, hashes, times) in your answers.',
    'You cannot resolve, close, dismiss or change an alert, and no tool you have can: resolving is the analyst’s decision (`investigator resolve`). When asked for a verdict, give your recommendation (true positive, false positive, benign or escalate) with its evidence, and say that the analyst resolves the alert.',
    untrustedDataRule,
    '',
    `## The alert (id ${alert.id}, status ${alert.status}, severity ${alert.severity}, schema ${alert.schema}, received ${alert.createdAt.toISOString()})`,
    markUntrusted({
      source: `alert ${alert.id} summary`,
      content: { title: alert.title, description: alert.description, attributes: alert.attributes },
    }),
    markUntrusted({ source: `alert ${alert.id} indicators`, content: view.iocs }),
    markUntrusted({ source: `alert ${alert.id} raw JSON`, content: view.raw }),
    ...view.notes,
    ...(toolSections.trim() === '' ? [] : ['', '## Tools', toolSections.trim()]),
  ].join('\n');
}
