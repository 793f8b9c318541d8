import { Option } from 'commander';
import { parseInteger } from './parse-integer.js';

/** The default of `--max-file-size`, in MiB. */
const defaultMaxFileMiB = 512;

/** `--max-file-size <MiB>`: the limit on one input file (default 512 MiB), for the commands reading transcripts. */
export function maxFileSizeOption(): Option {
  return new Option('--max-file-size <MiB>', 'refuse an input file larger than this many MiB')
    .argParser(parseInteger('--max-file-size', { min: 1 }))
    .default(defaultMaxFileMiB);
}

/** `--max-file-size` in bytes. */
export function maxFileBytes(mebibytes: number): number {
  return mebibytes * 1024 * 1024;
}
