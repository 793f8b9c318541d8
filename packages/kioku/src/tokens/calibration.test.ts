import { describe, expect, it } from 'vitest';
import { calibrationFeature, identityCalibration } from './calibration.js';
import { calibrationFile, calibrationFor, unrecordedToolTokens } from './calibration-file.js';

describe('calibration.json', () => {
  it('holds a complete, fitted calibration per calibrated family, with how it was fitted', () => {
    for (const family of ['deepseek-v3', 'claude', 'bytes']) {
      const entry = calibrationFile.families[family];
      expect(entry, family).toBeDefined();
      expect(Object.keys(entry?.calibration ?? {}).sort()).toEqual(Object.keys(calibrationFeature).sort());
      expect(entry?.fit.calls).toBeGreaterThan(1000);
      expect(entry?.fit.heldOut.medianAbsErrorPct).toBeGreaterThan(0);
      expect(entry?.fit.free.length).toBeGreaterThan(0);
    }
    expect(calibrationFile.generatedBy).toBe('bench/tokens/calibrate.mjs');
  });

  it('falls back to identity for families never fitted, and to 0 unrecorded tool tokens', () => {
    expect(calibrationFor('o200k')).toEqual(identityCalibration());
    expect(unrecordedToolTokens('openai-chat')).toBe(0);
    expect(unrecordedToolTokens('mini-swe-agent')).toBeGreaterThan(0);
  });
});
