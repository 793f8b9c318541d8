import { describe, expect, it } from 'vitest';
import { extractDistinctiveFacts } from './extract-distinctive-facts.js';

const values = (text: string) => extractDistinctiveFacts(text).map((fact) => fact.value);
const kinds = (text: string) =>
  Object.fromEntries(extractDistinctiveFacts(text).map((f) => [f.value, f.kind]));

describe('extractDistinctiveFacts', () => {
  it('takes ids, numbers of 3+ digits and code identifiers, not plain words', () => {
    expect(kinds('I will pay with credit_card_7434610 for reservation 4NQLHD: 1,284 USD, 12 bags.')).toEqual({
      credit_card_7434610: 'id',
      '4NQLHD': 'id',
      '1,284': 'number',
    });
    expect(values('The function returns the response quickly because nothing changed')).toEqual([]);
    expect(kinds('call getUserDetails and read user_id then MAX_RETRIES')).toEqual({
      getUserDetails: 'identifier',
      user_id: 'identifier',
      MAX_RETRIES: 'identifier',
    });
  });

  it('takes paths, Unix and Windows, but not URLs as paths', () => {
    expect(kinds('Open /testbed/django/db/models/query.py and C:\\Windows\\System32\\cmd.exe')).toMatchObject(
      {
        '/testbed/django/db/models/query.py': 'path',
        'C:\\Windows\\System32\\cmd.exe': 'path',
      },
    );
    const facts = extractDistinctiveFacts('see https://example.com/a/b for details');
    expect(facts).toEqual([{ kind: 'url', value: 'https://example.com/a/b' }]);
  });

  it('takes indicators from the facts extractor: IPs, domains, hashes', () => {
    expect(
      kinds('Beacon from 10.0.0.5 to evil-domain.com, sample d41d8cd98f00b204e9800998ecf8427e'),
    ).toMatchObject({
      '10.0.0.5': 'ipv4',
      'evil-domain.com': 'domain',
      d41d8cd98f00b204e9800998ecf8427e: 'md5',
    });
  });

  it('takes quoted strings and code lines of 20+ characters, not prose lines', () => {
    const text = [
      'Let me look at the implementation to understand what happens here.',
      '    if self.max_length is not None and len(value) > 10:',
      'The error says "Invalid token provided" again.',
    ].join('\n');
    const facts = kinds(text);
    expect(facts['if self.max_length is not None and len(value) > 10:']).toBe('code-line');
    expect(facts['Invalid token provided']).toBe('quoted');
    expect(facts['Let me look at the implementation to understand what happens here.']).toBeUndefined();
  });

  it('takes the table and column names of SQL, not its keywords', () => {
    const facts = kinds('SELECT AccountUpn, Status FROM SigninLogs WHERE IPAddress = "1.2.3.4" LIMIT 10');
    expect(facts).toMatchObject({ AccountUpn: 'identifier', Status: 'sql-name', SigninLogs: 'identifier' });
    expect(facts.SELECT).toBeUndefined();
    expect(facts.LIMIT).toBeUndefined();
    expect(kinds('Status is fine')).toEqual({});
  });

  it('takes no separator for a number, no text between two strings for a string', () => {
    expect(values('sizes 100, 1,284 and 12.50 then 3600000000000.')).toEqual([
      '100',
      '1,284',
      '12.50',
      '3600000000000',
    ]);
    expect(kinds('x = df["a"], df["b"]')).toEqual({ 'x = df["a"], df["b"]': 'code-line' });
    expect(values('She said ". If" twice')).toEqual([]);
  });

  it('takes SQL names only from SQL written as code, not from the prose around it', () => {
    const react = [
      'Thought: I need the rows later, once the threat table is known.',
      'Action: execute[SELECT AccountName, Status FROM DeviceLogonEvents WHERE Title LIKE "%process injection%"]',
    ].join('\n');
    const facts = kinds(react);
    expect(facts).toMatchObject({
      AccountName: 'identifier',
      Status: 'sql-name',
      DeviceLogonEvents: 'identifier',
      Title: 'sql-name',
    });
    for (const word of ['need', 'rows', 'later', 'threat', 'table', 'process', 'injection'])
      expect(facts[word], word).toBeUndefined();
    expect(kinds('Run `select Name from Users` first')).toMatchObject({
      Name: 'sql-name',
      Users: 'sql-name',
    });
    expect(kinds('I will select the rows from the hosts table')).toEqual({});
  });

  it('marks builtin names and whole numbers under 1,000 generic, takes no shouted word or escape as a name', () => {
    const facts = extractDistinctiveFacts('raise ValueError at line 212 of cards, price 212.50, id 1284');
    expect(facts.filter((fact) => fact.generic).map((fact) => fact.value)).toEqual(['ValueError', '212']);
    expect(facts.find((fact) => fact.value === '212.50')?.generic).toBeUndefined();
    expect(values('YOU ARE BEING TRANSFERRED TO A HUMAN AGENT')).toEqual([]);
    expect(values('MAX_RETRIES is set; TIMEOUT too')).toEqual(['MAX_RETRIES', 'TIMEOUT']);
    expect(values('print("\\nConverting")')).not.toContain('nConverting');
  });

  it('never takes stop words, and each fact once', () => {
    expect(values('"which" "which" user_id user_id')).toEqual(['user_id']);
  });
});
