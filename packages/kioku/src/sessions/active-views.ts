import type { MessageRange } from './session.js';

/**
 * The views still in effect after applying `views` in version order: a later view replaces every
 * earlier one whose range it contains. Returned sorted by position.
 */
export function activeViews<View extends { replaces: MessageRange }>(views: readonly View[]): View[] {
  let active: View[] = [];
  for (const view of views) {
    active = active.filter((earlier) => !contains(view.replaces, earlier.replaces));
    active.push(view);
  }
  return active.sort((a, b) => a.replaces.from - b.replaces.from);
}

/**
 * The active view a new compaction of `range` would cut through (overlap without containing it whole),
 * if any: a summary stands for its whole range, so it can be replaced entirely or not at all.
 */
export function findCrossedView<View extends { replaces: MessageRange }>(
  active: readonly View[],
  range: MessageRange,
): View | undefined {
  return active.find(
    (view) =>
      view.replaces.from < range.to && range.from < view.replaces.to && !contains(range, view.replaces),
  );
}

function contains(outer: MessageRange, inner: MessageRange): boolean {
  return outer.from <= inner.from && inner.to <= outer.to;
}
