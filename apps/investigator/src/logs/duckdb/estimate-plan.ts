import type { QueryEstimate } from '../log-engine.js';

/** A rough width of one value, for the byte estimate. */
const bytesPerValue = 16;
const productJoins = new Set([
  'CROSS_PRODUCT',
  'NESTED_LOOP_JOIN',
  'BLOCKWISE_NL_JOIN',
  'PIECEWISE_MERGE_JOIN',
]);

interface PlanNode {
  name?: string;
  children?: PlanNode[];
  extra_info?: Record<string, unknown>;
}

/**
 * The dry-run estimate of a DuckDB plan (`EXPLAIN (FORMAT JSON)` output): the most rows any operator is
 * expected to produce, and that many rows times its columns at 16 bytes a value. Operators without an
 * estimate take their children's (the product of them for a cross product or a nested-loop join, which
 * DuckDB leaves unestimated).
 */
export function estimatePlan(planJson: string): QueryEstimate {
  const roots = JSON.parse(planJson) as PlanNode[];
  let rows = 0;
  let bytes = 0;
  const visit = (node: PlanNode): number => {
    const childRows = (node.children ?? []).map(visit);
    const estimated = Number(node.extra_info?.['Estimated Cardinality']);
    const own = Number.isFinite(estimated)
      ? estimated
      : productJoins.has(node.name ?? '')
        ? childRows.reduce((product, count) => product * count, 1)
        : Math.max(1, ...childRows);
    rows = Math.max(rows, own);
    bytes = Math.max(bytes, own * columnCount(node) * bytesPerValue);
    return own;
  };
  for (const root of roots) visit(root);
  return { rows, bytes };
}

function columnCount(node: PlanNode): number {
  const projections = node.extra_info?.Projections;
  if (Array.isArray(projections)) return Math.max(1, projections.length);
  return 1;
}
