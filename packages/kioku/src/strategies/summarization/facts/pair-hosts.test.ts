import { describe, expect, it } from 'vitest';
import { extractEntities } from './extract-entities.js';
import { extractIndicators } from './extract-indicators.js';
import { extractTextFacts } from './extract-text-facts.js';
import { pairHosts } from './pair-hosts.js';

const pairs = (text: string) =>
  extractTextFacts(text).flatMap((fact) => (fact.host === undefined ? [] : [`${fact.value} @ ${fact.host}`]));

describe('pairHosts (through extractTextFacts)', () => {
  it('gives each address, path and hash of a row the one machine the row names', () => {
    const rows =
      "[('2024-06-26', 'vnevado-win11a.vnevado.alpineskihouse.co', 'Notepad.exe', '168.38.50.3', '202.183.149.174'), " +
      "('2024-06-26', 'vnevado-dc.vnevado.alpineskihouse.co', 'lsass.exe', '3714cdc7b4d9dfd1ca84937c9f82bb07')]";
    expect(pairs(rows)).toEqual([
      '168.38.50.3 @ vnevado-win11a.vnevado.alpineskihouse.co',
      '202.183.149.174 @ vnevado-win11a.vnevado.alpineskihouse.co',
      '3714cdc7b4d9dfd1ca84937c9f82bb07 @ vnevado-dc.vnevado.alpineskihouse.co',
      'Notepad.exe @ vnevado-win11a.vnevado.alpineskihouse.co',
      'lsass.exe @ vnevado-dc.vnevado.alpineskihouse.co',
    ]);
  });

  it('pairs within a sentence, and nothing in a record that names two machines or none', () => {
    const text =
      'On host vnevado-win11a (IP 72.5.72.208) user u622 ran x.exe. ' +
      'Host web-1 talked to host web-2 from 10.0.0.9. Then 10.0.0.10 appeared.';
    expect(pairs(text)).toEqual([
      '72.5.72.208 @ vnevado-win11a',
      'u622 @ vnevado-win11a',
      'x.exe @ vnevado-win11a',
    ]);
  });

  it('lists a value seen on two machines once per machine', () => {
    const text = 'host ws-1 saw 10.0.0.5\nhost ws-2 saw 10.0.0.5';
    expect(pairs(text)).toEqual(['10.0.0.5 @ ws-1', '10.0.0.5 @ ws-2']);
  });

  it('reads the record of each fact from where the whole text matched it, as extracting each record again does', () => {
    const texts = [
      "[('2024-06-26', 'vnevado-win11a.vnevado.alpineskihouse.co', 'Notepad.exe', '168.38.50.3'), ('x', 'vnevado-dc.vnevado.alpineskihouse.co', 'lsass.exe', '10.1.1.1')]",
      'On host vnevado-win11a (IP 72.5.72.208) user u622 ran /tmp/x.sh. Host web-1 saw 10.0.0.9!\nDeviceName: web-2 at 10.0.0.10',
      '{"DeviceName": "ws-1", "AccountName": "svc_backup"}, {"DeviceName": "ws-2", "RemoteIP": "10.0.0.7"}',
      // Lower-casing `İ` makes two characters: the machines are still found record by record.
      'İİ host ws-3 ran C:\\Temp\\a.exe\nhost ws-4 from 10.9.9.9',
    ];
    for (const text of texts) {
      const indicators = extractIndicators(text);
      const facts = [...indicators, ...extractEntities(text, { indicators })];
      const again = pairHosts(text, facts);
      expect(again.some((fact) => fact.host !== undefined)).toBe(true);
      expect(extractTextFacts(text)).toEqual(again);
    }
  });
});
