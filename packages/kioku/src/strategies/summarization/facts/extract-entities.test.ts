import { describe, expect, it } from 'vitest';
import { extractEntities } from './extract-entities.js';
import { extractIndicators } from './extract-indicators.js';

const values = (text: string, kind: string) =>
  extractEntities(text, { indicators: extractIndicators(text) })
    .filter((entity) => entity.kind === kind)
    .map((entity) => entity.value);

describe('extractEntities', () => {
  it('takes Unix and Windows paths and file names, not two-word pairs, units, URLs or code', () => {
    const text = [
      '  File "/testbed/astroid/__init__.py", line 51, in <module>',
      'edited astroid/nodes/as_string.py and ./run.sh; see ~/.bashrc and C:\\Windows\\System32\\cmd.exe',
      'launched svchost.exe and Notepad.exe from https://evil.example.com/a/b/c.exe',
      'and/or text/plain TCP/IP Mozilla/5.0 J/ np.log(x) self.diff <returncode>0</returncode> <output/>',
      'secedit.exe /export /cfg x.inf; "gpupdate.exe" /target:computer',
    ].join('\n');
    expect(values(text, 'path')).toEqual([
      'C:\\Windows\\System32\\cmd.exe',
      '/testbed/astroid/__init__.py',
      'astroid/nodes/as_string.py',
      './run.sh',
      '~/.bashrc',
      'svchost.exe',
      'Notepad.exe',
      'secedit.exe',
      'gpupdate.exe',
    ]);
  });

  it('takes identifiers by their shape, not product names, encodings or plain words', () => {
    const text =
      'SELECT AccountSid, n.TimeGenerated FROM DeviceLogonEvents WHERE IPAddress = x; call helpers.safe_infer ' +
      'and _infer_map on credit_card_7434610 (id 4NQLHD, device 39d8c57f-2d08-4888-b0cd-12cd0679337a, ' +
      'SID S-1-5-21-1240151660-3534038288-105586567-4122) via Invoke-WebRequest. PowerShell, utf8, sha256, ' +
      'Win64, 12ms, kB, IPs and SQL are not.';
    expect(values(text, 'identifier')).toEqual([
      '39d8c57f-2d08-4888-b0cd-12cd0679337a',
      'S-1-5-21-1240151660-3534038288-105586567-4122',
      'Invoke-WebRequest',
      'AccountSid',
      'n.TimeGenerated',
      'DeviceLogonEvents',
      'IPAddress',
      'helpers.safe_infer',
      '_infer_map',
      'credit_card_7434610',
      '4NQLHD',
    ]);
  });

  it('takes host names where the text makes them machines', () => {
    const text = [
      "WHERE DeviceName LIKE 'vnevado-win11a%' OR Computer = 'DC01'",
      'the process ran on host MKT01; a host, identified as `vnevado-dc`, then the server web-prod-2.',
      'It connected from ws-7.corp.contoso.com; later ws-7 went quiet.',
      'install -y mysql-server python3-dev; cvtres.exe /MACHINE:IX86 --server 0x994; host with IP',
    ].join('\n');
    expect(values(text, 'host')).toEqual([
      'vnevado-win11a',
      'DC01',
      'MKT01',
      'vnevado-dc',
      'web-prod-2',
      'ws-7',
    ]);
  });

  it('takes account names from fields, DOMAIN\\user, account entities and shaped or quoted names in prose', () => {
    const text = [
      "WHERE AccountName = 'nathans' AND SubjectUserName (svc_backup)",
      'logon by CONTOSO\\alice and NT AUTHORITY\\SYSTEM',
      '{"Name":"laylaw","Type":"account"}',
      "look for account 'bjenkins' and user u622; the user confirmation, user input, user = None",
      'SELECT\\nFROM t; src\\project',
    ].join('\n');
    expect(values(text, 'user')).toEqual([
      'nathans',
      'svc_backup',
      'laylaw',
      'CONTOSO\\alice',
      'NT AUTHORITY\\SYSTEM',
      'bjenkins',
      'u622',
    ]);
  });
});
