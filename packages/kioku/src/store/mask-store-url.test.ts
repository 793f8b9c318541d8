import { describe, expect, it } from 'vitest';
import { StoreError } from '../errors/index.js';
import { findUnencodedCredentials } from './find-unencoded-credentials.js';
import { maskStoreUrl } from './mask-store-url.js';
import { parseStoreLocation } from './store-location.js';

describe('maskStoreUrl', () => {
  it('masks from the last @, whatever the password holds', () => {
    expect(maskStoreUrl('postgres://kioku:hunter2@db:5432/agents')).toBe(
      'postgres://kioku:***@db:5432/agents',
    );
    expect(maskStoreUrl('postgres://kioku:p@ss/w0rd@db/agents')).toBe('postgres://kioku:***@db/agents');
    expect(maskStoreUrl('postgres://kioku:a@b@c@db/agents')).toBe('postgres://kioku:***@db/agents');
    expect(maskStoreUrl('postgres://ki/oku:secret@db/agents')).toBe('postgres://***@db/agents');
    expect(maskStoreUrl('postgres://kioku@db/agents')).toBe('postgres://kioku@db/agents');
  });

  it('drops password parameters and masks any scheme', () => {
    expect(maskStoreUrl('postgres://db/agents?password=s3cret&sslmode=require&sslpassword=k')).toBe(
      'postgres://db/agents?sslmode=require',
    );
    expect(maskStoreUrl('postgresql://db/agents?PASSWORD=s3cret')).toBe('postgresql://db/agents');
    expect(maskStoreUrl('mysql://root:toor@db/app')).toBe('mysql://root:***@db/app');
    expect(maskStoreUrl('./.kioku')).toBe('./.kioku');
  });
});

describe('store URLs in errors', () => {
  it('refuses a URL whose password holds @ or / unencoded, without the password', () => {
    const url = 'postgres://kioku:p@ss/w0rd@db.internal/agents';
    expect(findUnencodedCredentials(url)).toMatch(/'@', '\/' unencoded.*%40.*%2F/);
    let error: unknown;
    try {
      parseStoreLocation(url);
    } catch (caught) {
      error = caught;
    }
    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^store postgres:\/\/kioku:\*\*\*@db\.internal\/agents: /);
    expect((error as Error).message).not.toMatch(/ss\/w0rd|p@ss/);
    expect(parseStoreLocation('postgres://kioku:p%40ss%2Fw0rd@db/agents')).toMatchObject({
      driver: 'postgres',
      display: 'postgres://kioku:***@db/agents',
    });
  });

  it('prints an unknown scheme masked, and a password parameter never', () => {
    expect(() => parseStoreLocation('mysql://root:toor@db/app')).toThrow(
      /^store mysql:\/\/root:\*\*\*@db\/app: unknown scheme/,
    );
    expect(parseStoreLocation('postgres://db/agents?password=s3cret').display).toBe('postgres://db/agents');
  });
});
