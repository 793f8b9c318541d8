/**
 * The ids to look a model up by, most specific first: the id as given, then without a date suffix
 * (`gpt-5-2025-08-07`, `claude-sonnet-4-5@20250929`) or `-latest`, with dotted versions dashed
 * (`claude-sonnet-4.5` → `claude-sonnet-4-5`, the gateways' spelling of Anthropic ids), and without an
 * Ollama tag (`qwen2.5:7b` → `qwen2.5`). `id` is lower-case.
 */
export function catalogIdCandidates(id: string): string[] {
  const candidates = [id];
  const add = (candidate: string): void => {
    if (!candidates.includes(candidate)) candidates.push(candidate);
  };
  const untagged = id.replace(/:[\w.-]+$/, '');
  for (const base of [id, untagged]) {
    const undated = base.replace(/[-@](20\d{6}|20\d{2}-\d{2}-\d{2})$/, '').replace(/-latest$/, '');
    add(undated);
    add(undated.replace(/(\d)\.(\d)/g, '$1-$2'));
  }
  return candidates;
}
