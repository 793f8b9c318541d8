import type { Tool, ToolSet } from 'ai';
import { createUsageLedger, type UsageLedger } from './usage-ledger.js';

/** What a registration's factory receives. */
export interface ToolContext {
  /** The run's ledger: sub-agents record their usage here (`subAgent({ ledger })`). */
  ledger: UsageLedger;
  /** Called once with a resource to release when the registry closes (an MCP client). */
  onClose(close: () => Promise<void>): void;
}

/** One tool, or a group of tools (an MCP server's), and what it adds to the main agent's system prompt. */
export type ToolRegistration = {
  /** The tool's name (for a group, the group's: `mcp:intel`). */
  name: string;
  /** A section for the main agent's system prompt (e.g. the log tables it can query). */
  systemPrompt?: string | ((context: ToolContext) => string | Promise<string>);
  /** Why it cannot be offered now — a missing API key, no database — or `undefined` when it can. */
  missing?: () => string | undefined;
} & (
  | { tool: (context: ToolContext) => Tool | Promise<Tool>; tools?: never }
  | { tools: (context: ToolContext) => ToolSet | Promise<ToolSet>; tool?: never }
);

/** What {@link ToolRegistry.resolve} gives a run. */
export interface ResolvedTools {
  tools: ToolSet;
  /** The enabled registrations' sections, in registration order, joined by blank lines. */
  systemPrompt: string;
  /** Registrations left out, and why (disabled by configuration, or missing something). */
  leftOut: Array<{ name: string; reason: string }>;
}

/** Options of {@link createToolRegistry}. */
export interface ToolRegistryOptions {
  tools: readonly ToolRegistration[];
  /** `false` turns a registration off by name; everything else is on. */
  enabled?: Readonly<Record<string, boolean>>;
  /** Told once per registration that is left out for something missing; default `console.warn`. */
  onWarning?: (message: string) => void;
  /** The ledger sub-agents record into; default a new one. */
  ledger?: UsageLedger;
}

/** Tools for a run: the enabled and configured ones, their system-prompt sections, and a usage ledger. */
export interface ToolRegistry {
  readonly ledger: UsageLedger;
  resolve(): Promise<ResolvedTools>;
  /** Releases what the tools opened (MCP clients). */
  close(): Promise<void>;
}

/**
 * A tool registry: each tool is offered only when it is enabled and its configuration is there (a tool
 * missing an API key is left out and says why, once), contributes an optional section to the main
 * agent's system prompt, and records its sub-agents' usage into the registry's ledger so the run's
 * totals include them.
 *
 * @example
 * const registry = createToolRegistry({ tools: [{ name: 'otx', missing: () => (process.env.OTX_API_KEY ? undefined : 'OTX_API_KEY is not set'), tool: () => otxTool }] });
 * const { tools, systemPrompt } = await registry.resolve();
 */
export function createToolRegistry({
  tools: registrations,
  enabled = {},
  onWarning = (message) => console.warn(message),
  ledger = createUsageLedger(),
}: ToolRegistryOptions): ToolRegistry {
  const seenNames = new Set<string>();
  for (const registration of registrations) {
    if (seenNames.has(registration.name)) {
      throw new TypeError(`createToolRegistry: two registrations are named "${registration.name}"`);
    }
    seenNames.add(registration.name);
  }
  const warned = new Set<string>();
  const closers: Array<() => Promise<void>> = [];
  const context: ToolContext = { ledger, onClose: (close) => closers.push(close) };

  return {
    ledger,
    async resolve() {
      const tools: ToolSet = {};
      const sections: string[] = [];
      const leftOut: ResolvedTools['leftOut'] = [];
      for (const registration of registrations) {
        if (enabled[registration.name] === false) {
          leftOut.push({ name: registration.name, reason: 'disabled by configuration' });
          continue;
        }
        const missing = registration.missing?.();
        if (missing !== undefined) {
          leftOut.push({ name: registration.name, reason: missing });
          if (!warned.has(registration.name)) {
            warned.add(registration.name);
            onWarning(`tool "${registration.name}" is left out: ${missing}`);
          }
          continue;
        }
        const made: ToolSet =
          registration.tool !== undefined
            ? { [registration.name]: await registration.tool(context) }
            : await registration.tools(context);
        for (const [name, madeTool] of Object.entries(made)) {
          if (name in tools) throw new TypeError(`createToolRegistry: two tools are named "${name}"`);
          tools[name] = madeTool;
        }
        const section =
          typeof registration.systemPrompt === 'function'
            ? await registration.systemPrompt(context)
            : registration.systemPrompt;
        if (section !== undefined && section.trim() !== '') sections.push(section.trim());
      }
      return { tools, systemPrompt: sections.join('\n\n'), leftOut };
    },
    async close() {
      const pending = closers.splice(0);
      await Promise.allSettled(pending.map((close) => close()));
    },
  };
}
