import { describe, expect, it } from 'vitest';
import * as errors from './index.js';
import {
  ConfigurationError,
  InputFormatError,
  KiokuError,
  ModelBehaviorError,
  StorageError,
  StoreError,
  StoreLockedError,
  SummarizationError,
  storageErrorFromDriver,
  UnknownMemoryError,
  UnknownModelError,
  UnknownSessionError,
  UnknownTranscriptFormatError,
} from './index.js';

const classes = Object.entries(errors).filter(
  (entry): entry is [string, typeof KiokuError] =>
    typeof entry[1] === 'function' && entry[1].prototype instanceof Error,
);
const causes = [ConfigurationError, InputFormatError, ModelBehaviorError, StorageError];

describe('kioku errors', () => {
  it('gives every class its own Symbol.for marker', () => {
    expect(classes.length).toBeGreaterThanOrEqual(32);
    const markers = classes.map(([name, type]) => {
      expect(Object.hasOwn(type, 'marker'), name).toBe(true);
      return type.marker;
    });
    expect(new Set(markers).size).toBe(markers.length);
    for (const marker of markers) expect(Symbol.keyFor(marker)).toMatch(/^kioku\.error/);
  });

  it('puts every class under exactly one cause', () => {
    for (const [name, type] of classes) {
      if (type === KiokuError) continue;
      const under = causes.filter((cause) => type === cause || type.prototype instanceof cause);
      expect(under, name).toHaveLength(1);
    }
  });

  it('checks by marker, by cause, and across copies of the package', () => {
    const locked = new StoreLockedError({ location: '/s', lockFile: '/s/lock', pid: 1, host: 'h' });
    expect(StoreLockedError.isInstance(locked)).toBe(true);
    expect(StoreError.isInstance(locked)).toBe(true);
    expect(StorageError.isInstance(locked)).toBe(true);
    expect(KiokuError.isInstance(locked)).toBe(true);
    expect(ConfigurationError.isInstance(locked)).toBe(false);
    expect(StoreLockedError.isInstance(new StoreError({ location: '/s', message: 'x' }))).toBe(false);
    const unknown = new UnknownModelError({ modelId: 'm' });
    expect(ConfigurationError.isInstance(unknown)).toBe(true);
    expect(SummarizationError.isInstance(unknown)).toBe(false);
    expect(ModelBehaviorError.isInstance(new SummarizationError({ reason: 'empty', message: 'm' }))).toBe(
      true,
    );
    // An error made by another copy of kioku carries the same Symbol.for markers, not the same classes.
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('kioku.error')]: true,
      [Symbol.for('kioku.error.configuration')]: true,
      [Symbol.for('kioku.error.unknown-model')]: true,
    });
    expect(UnknownModelError.isInstance(foreign)).toBe(true);
    expect(ConfigurationError.isInstance(foreign)).toBe(true);
    expect(StorageError.isInstance(foreign)).toBe(false);
    expect(KiokuError.isInstance(new Error('x'))).toBe(false);
    expect(KiokuError.isInstance(null)).toBe(false);
  });

  it('tells library users nothing about CLI commands or flags', () => {
    const messages = [
      new UnknownSessionError({ sessionId: 's', location: '/s' }),
      new UnknownMemoryError({ memoryId: 3, namespace: 'n', location: '/s' }),
      new StoreLockedError({ location: '/s', lockFile: '/s/lock', pid: 1, host: 'h' }),
      new UnknownTranscriptFormatError({ file: 'f.json', found: 'an object', tried: [] }),
    ].map((error) => error.message);
    for (const message of messages) expect(message).not.toMatch(/`kioku \w+|--[a-z]/);
  });
});

describe('storageErrorFromDriver', () => {
  it('keeps the statement kind and the driver reason, never the parameters', () => {
    const driver = Object.assign(new Error('could not extend file "base/1/2": No space left on device'), {
      code: '53100',
    });
    const failed = Object.assign(
      new Error('Failed query: insert into "memories" ("claim") values ($1)\nparams: the secret claim'),
      { query: 'insert into "memories" ("claim") values ($1)', params: ['the secret claim'], cause: driver },
    );
    const wrapped = storageErrorFromDriver(failed);
    expect(StorageError.isInstance(wrapped)).toBe(true);
    expect(wrapped?.statement).toBe('INSERT');
    expect(wrapped?.message).toBe(
      'the store failed: INSERT statement: could not extend file "base/1/2": No space left on device (53100)',
    );
    expect(JSON.stringify(wrapped)).not.toContain('secret');
    expect(wrapped?.cause).toBe(driver);
    expect(storageErrorFromDriver(new Error('other'))).toBeUndefined();
  });
});
