import { describe, expect, it } from 'vitest';
import { isLocalIndicator } from './local-indicator.js';

describe('isLocalIndicator', () => {
  it('is true for private, loopback, link-local, shared, documentation and reserved addresses and internal names', () => {
    for (const value of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.2.5',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.50',
      '224.0.0.251',
      '255.255.255.255',
    ]) {
      expect(isLocalIndicator({ kind: 'ipv4', value }), value).toBe(true);
    }
    for (const value of [
      '::1',
      'fe80::1',
      'fd00::1',
      '2001:db8::1',
      '3fff::1',
      'fec0::1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '64:ff9b::a00:5',
      '64:ff9b::192.168.2.5',
      '2002:a00:5::1',
    ]) {
      expect(isLocalIndicator({ kind: 'ipv6', value }), value).toBe(true);
    }
    for (const value of ['dc01.corp', 'printer.local', 'db.internal', 'db.internal.', 'nas.home.arpa']) {
      expect(isLocalIndicator({ kind: 'domain', value }), value).toBe(true);
    }
    expect(isLocalIndicator({ kind: 'url', value: 'http://10.0.0.5:8080/a' })).toBe(true);
    expect(isLocalIndicator({ kind: 'url', value: 'http://db.internal./a' })).toBe(true);
    expect(isLocalIndicator({ kind: 'url', value: 'http://[64:ff9b::a00:5]/a' })).toBe(true);
    expect(isLocalIndicator({ kind: 'email', value: 'admin@dc01.corp.' })).toBe(true);
    expect(isLocalIndicator({ kind: 'email', value: 'admin@dc01.corp' })).toBe(true);
  });

  it('is false for public addresses and names, and for hashes', () => {
    for (const value of ['8.8.8.8', '172.32.0.1', '1.2.3.4', '72.5.72.208']) {
      expect(isLocalIndicator({ kind: 'ipv4', value }), value).toBe(false);
    }
    for (const value of ['2606:4700::1111', '64:ff9b::808:808', '2002:808:808::1', '::ffff:8.8.8.8']) {
      expect(isLocalIndicator({ kind: 'ipv6', value }), value).toBe(false);
    }
    expect(isLocalIndicator({ kind: 'domain', value: 'evil.com' })).toBe(false);
    expect(isLocalIndicator({ kind: 'url', value: 'https://evil.com/x' })).toBe(false);
    expect(isLocalIndicator({ kind: 'md5', value: '289684eb9fa3cbd200f4440b6399ff11' })).toBe(false);
  });
});
