// Statistics the benchmark scripts report (kioku keeps its own percentile internal).

/**
 * The `p`-th percentile (0–100) of `values`, interpolating linearly between the closest ranks (NumPy's
 * default); `NaN` for no values.
 */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = ((sorted.length - 1) * p) / 100;
  const below = Math.floor(position);
  const low = sorted[below] ?? Number.NaN;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] ?? low;
  return low + (high - low) * (position - below);
}
