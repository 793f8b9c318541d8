import { describe, expect, it } from 'vitest';
import { parseIndicatorFeed } from './parse-indicator-feed.js';

describe('parseIndicatorFeed', () => {
  it('reads a plain list with comments, recognising each kind and refanging', () => {
    const text =
      '# abuse list\n\n10.0.1.14\nhxxp://evil[.]example.com/x.sh\n44d88612fea8a8f36de82e1278abb02f\ncve-2021-44228\n';
    expect(
      parseIndicatorFeed({ file: 'list.txt', text }).map(({ kind, value }) => `${kind} ${value}`),
    ).toEqual([
      'ipv4 10.0.1.14',
      'url http://evil.example.com/x.sh',
      'md5 44d88612fea8a8f36de82e1278abb02f',
      'cve CVE-2021-44228',
    ]);
  });

  it('reads CSV with a header and JSON arrays or objects', () => {
    const csv = parseIndicatorFeed({
      file: 'f.csv',
      text: 'ioc;verdict;tags\n"bad.example.net";suspicious;c2|apt\n',
    });
    expect(csv).toEqual([
      {
        kind: 'domain',
        value: 'bad.example.net',
        verdict: 'suspicious',
        description: '',
        tags: ['c2', 'apt'],
      },
    ]);
    const json = parseIndicatorFeed({
      file: 'f.json',
      text: JSON.stringify({
        indicators: ['8.8.8.8', { indicator: 'a@b.example.com', verdict: 'benign', tags: ['test'] }],
      }),
      defaultVerdict: 'suspicious',
    });
    expect(json.map(({ kind, verdict }) => `${kind} ${verdict}`)).toEqual([
      'ipv4 suspicious',
      'email benign',
    ]);
  });

  it('names the file, line or entry, and what was expected', () => {
    expect(() => parseIndicatorFeed({ file: 'l.txt', text: '1.2.3.4\nnot an ioc\n' })).toThrow(
      'l.txt:2: expected one indicator (IP, domain, URL, e-mail, MD5/SHA-1/SHA-256, CVE), found "not an ioc"',
    );
    expect(() => parseIndicatorFeed({ file: 'f.csv', text: 'indicator,verdict\n1.2.3.4,evil\n' })).toThrow(
      'f.csv:2: expected a verdict of malicious, suspicious, benign, unknown, found "evil"',
    );
    expect(() => parseIndicatorFeed({ file: 'f.csv', text: 'indicator,type\n1.2.3.4,mutex\n' })).toThrow(
      /f\.csv:2: expected a type of ipv4/,
    );
    expect(() => parseIndicatorFeed({ file: 'f.json', text: '[1]' })).toThrow(
      'f.json [0]: expected a string or an object with "indicator", found 1',
    );
    expect(() => parseIndicatorFeed({ file: 'f.json', text: '{"x":1}' })).toThrow(
      /f\.json: expected a JSON array/,
    );
    expect(() => parseIndicatorFeed({ file: 'e.txt', text: '# only comments\n' })).toThrow(
      'e.txt: expected at least one indicator, found none',
    );
  });
});
