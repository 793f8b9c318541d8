import type { Alert, AlertListItem, SimilarAlert } from '../alerts/index.js';

/** One line per alert: id, status, severity, created, title, host and user (and duplicates, merges). */
export function renderAlertList(alerts: readonly AlertListItem[]): string {
  if (alerts.length === 0) return 'no alerts';
  return alerts
    .map((alert) =>
      [
        alert.id,
        (alert.resolution?.conclusion ?? alert.status).padEnd(14),
        alert.severity.padEnd(13),
        alert.createdAt.toISOString().slice(0, 16).replace('T', ' '),
        alert.title,
        ...(alert.host === undefined ? [] : [`host ${alert.host}`]),
        ...(alert.user === undefined ? [] : [`user ${alert.user}`]),
        ...(alert.occurrences > 1
          ? [`(received ${alert.occurrences} times, last ${alert.lastSeenAt.toISOString()})`]
          : []),
        ...(alert.mergedInto === undefined ? [] : [`(merged into ${alert.mergedInto})`]),
      ].join('  '),
    )
    .join('\n');
}

/** An alert in full: summary, attributes, IOCs, resolution, merged alerts. */
export function renderAlert(alert: Alert, merged: readonly AlertListItem[] = []): string {
  const lines = [
    `${alert.id}  ${alert.title}`,
    `schema ${alert.schema} · severity ${alert.severity} · ${alert.status} · created ${alert.createdAt.toISOString()} · summarized by ${alert.summarizedBy}`,
    '',
    alert.description,
  ];
  const attributes = Object.entries(alert.attributes);
  if (attributes.length > 0)
    lines.push('', 'Attributes:', ...attributes.map(([key, value]) => `  ${key}: ${value}`));
  lines.push(
    '',
    alert.iocs.length === 0 ? 'IOCs: none found' : 'IOCs:',
    ...alert.iocs.map((ioc) => `  ${ioc.kind} ${ioc.value}`),
    ...(alert.iocsOmitted > 0 ? [`  … and ${alert.iocsOmitted} more (not kept)`] : []),
  );
  if (alert.mergedInto !== undefined) lines.push('', `Merged into ${alert.mergedInto}.`);
  if (merged.length > 0)
    lines.push('', 'Merged into this one:', ...merged.map((m) => `  ${m.id}  ${m.title}`));
  if (alert.resolution !== undefined) {
    const { conclusion, reason, by, at } = alert.resolution;
    lines.push('', `Resolved ${conclusion} by ${by} at ${at.toISOString()}: ${reason}`);
  }
  return lines.join('\n');
}

/** Similar alerts with their cosine distance. */
export function renderSimilar(similar: readonly SimilarAlert[]): string {
  if (similar.length === 0)
    return 'no similar alerts (only alerts embedded by the same embedder are compared)';
  return similar
    .map(({ alert, distance }) => `${distance.toFixed(3)}  ${renderAlertList([alert])}`)
    .join('\n');
}
