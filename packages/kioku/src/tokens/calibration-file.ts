import { type Calibration, identityCalibration } from './calibration.js';
import data from './calibration.json' with { type: 'json' };

/** Error statistics of a fit, in percent of the recorded prompt tokens. */
export interface FitErrors {
  calls: number;
  medianAbsErrorPct: number;
  p95AbsErrorPct: number;
}

/** How a family's parameters were fitted: data, free parameters, in-sample and held-out errors. */
export interface FitReport {
  dataset: string;
  calls: number;
  runs: number;
  free: string[];
  inSample: FitErrors;
  /** Two-fold by run: each half predicted with parameters fitted on the other half. */
  heldOut: FitErrors;
  notes?: string;
}

/** The committed calibration: per family the parameters and how they were obtained. */
export interface CalibrationFile {
  description: string;
  generatedBy?: string;
  date?: string;
  families: Record<string, { calibration: Partial<Calibration>; fit: FitReport }>;
  /**
   * Per transcript format whose files do not record the tool definitions the agent sent: the tokens those
   * definitions (and the provider's tool preamble) added to every request, fitted as one constant.
   */
  unrecordedTools: Record<string, { tokens: number; fit: FitReport }>;
}

/** The calibration committed in `calibration.json`. */
export const calibrationFile: CalibrationFile = data as CalibrationFile;

/** The committed calibration of `family`; identity (trust the template) for a family never fitted. */
export function calibrationFor(family: string): Calibration {
  return { ...identityCalibration(), ...calibrationFile.families[family]?.calibration };
}

/**
 * Tokens the tool definitions added to each request of a transcript format that does not record them
 * (0 when the format records them or was never fitted).
 */
export function unrecordedToolTokens(format: string): number {
  return calibrationFile.unrecordedTools[format]?.tokens ?? 0;
}
