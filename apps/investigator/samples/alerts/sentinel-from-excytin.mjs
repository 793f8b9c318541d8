#!/usr/bin/env node
// Writes chosen Microsoft Sentinel SecurityAlert rows of ExCyTIn-Bench (../shared/data/security-logs/excytin,
// MIT) as one JSON alert each, the way Sentinel exports a row: every column a key, values as the CSV holds
// them (Entities and ExtendedProperties stay JSON strings, as in Sentinel). Run from apps/investigator:
//   node samples/alerts/sentinel-from-excytin.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const source = fileURLToPath(
  new URL('../../../../../shared/data/security-logs/excytin/extracted_alerts.csv', import.meta.url),
);
// rn (the row number column) → sample file name.
const chosen = {
  92: 'sentinel-lsass-access-mb-winclient',
  18: 'sentinel-mimikatz-vnevado-win10v',
  61: 'sentinel-ransomware-payload-vnevado-win11u',
  4252: 'sentinel-inbox-manipulation-rule',
  4244: 'sentinel-anonymous-ip-sign-in',
};
const rows = parse(readFileSync(source, 'utf8'), { columns: true, delimiter: '❖', relax_quotes: true });
for (const row of rows) {
  const name = chosen[Number(row.rn)];
  if (name === undefined) continue;
  writeFileSync(new URL(`./${name}.json`, import.meta.url), `${JSON.stringify(row, null, 2)}\n`);
  console.log(`${name}.json: ${row.AlertName}`);
}
