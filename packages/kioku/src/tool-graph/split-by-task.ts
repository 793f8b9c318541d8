/**
 * Splits runs into a training and a test half by task, so no task is in both: the distinct task ids are
 * sorted and alternate ones (the 1st, 3rd, …) go to training, the others to test. The split of the
 * tool-graph bench and of `kioku tools`.
 *
 * @example
 * const [train, test] = splitByTask(transcripts, (t) => t.id.replace(/-trial-.*$/, ''));
 */
export function splitByTask<T>(items: readonly T[], taskOf: (item: T) => string): [T[], T[]] {
  const ids = [...new Set(items.map(taskOf))].sort();
  const training = new Set(ids.filter((_, index) => index % 2 === 0));
  return [
    items.filter((item) => training.has(taskOf(item))),
    items.filter((item) => !training.has(taskOf(item))),
  ];
}
