import { InvalidArgumentError } from 'commander';

const units: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `--since`: a duration back from now (`30m`, `24h`, `7d`, `2w`) or a date/time (`2026-11-20`, ISO 8601). */
export function parseSince(value: string, now: Date = new Date()): Date {
  const relative = /^(\d+)([mhdw])$/.exec(value.trim());
  if (relative?.[1] !== undefined && relative[2] !== undefined) {
    return new Date(now.getTime() - Number(relative[1]) * (units[relative[2]] ?? 0));
  }
  const date = /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError(
      `expected a duration (30m, 24h, 7d, 2w) or a date (2026-11-20, ISO 8601), found ${JSON.stringify(value)}`,
    );
  }
  return date;
}
