/**
 * The ids in `known` closest to `wanted` by edit distance on the part after any `provider:` prefix, best
 * first; ids containing `wanted` count as close. Used for "did you mean" hints.
 */
export function closestIds(wanted: string, known: readonly string[], { limit = 5 } = {}): string[] {
  const target = bare(wanted);
  const tolerance = Math.max(2, Math.ceil(target.length / 3));
  return known
    .map((id) => {
      const name = bare(id);
      const distance = name.includes(target) ? 0.5 : editDistance(target, name, tolerance);
      return { id, distance };
    })
    .filter(({ distance }) => distance <= tolerance)
    .sort((a, b) => a.distance - b.distance || a.id.length - b.id.length || a.id.localeCompare(b.id))
    .slice(0, limit)
    .map(({ id }) => id);
}

function bare(id: string): string {
  return id
    .trim()
    .toLowerCase()
    .replace(/^[^:/]+[:/]/, '');
}

/** Levenshtein distance, giving up (returning `cap + 1`) once it must exceed `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > cap) return cap + 1;
    previous = current;
  }
  return previous[b.length] ?? cap + 1;
}
