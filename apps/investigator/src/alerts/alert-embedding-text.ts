/**
 * The text an alert is embedded from for `similar`: its title, description and attributes (what the
 * model or the fallback wrote), one per line.
 */
export function alertEmbeddingText({
  title,
  description,
  attributes,
}: {
  title: string;
  description: string;
  attributes: Readonly<Record<string, string>>;
}): string {
  return [title, description, ...Object.entries(attributes).map(([k, v]) => `${k}: ${v}`)].join('\n');
}
