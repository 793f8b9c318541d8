export { type McpServerOptions, type McpTransport, mcpServer } from './mcp-server.js';
export {
  type PlanAndExecuteOptions,
  type PlanBudget,
  type PlanRunResult,
  planAndExecute,
} from './plan-and-execute.js';
export type { PlanEvent } from './plan-event.js';
export type { Plan, PlannedStep, Reflection } from './plan-schema.js';
export type { PlanStep } from './plan-step.js';
export { type SubAgentOptions, type SubAgentOutput, subAgent } from './sub-agent.js';
export type { SubAgentMemory } from './sub-agent-memory.js';
export type { SubAgentProgress } from './sub-agent-progress.js';
export { sumUsage } from './sum-usage.js';
export {
  createToolRegistry,
  type ResolvedTools,
  type ToolContext,
  type ToolRegistration,
  type ToolRegistry,
  type ToolRegistryOptions,
} from './tool-registry.js';
export { createUsageLedger, type LedgerEntry, type UsageLedger } from './usage-ledger.js';
