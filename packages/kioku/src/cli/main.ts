#!/usr/bin/env node
import { exitQuietlyOnClosedPipe } from './exit-quietly-on-closed-pipe.js';
import { runKioku } from './run-kioku.js';

exitQuietlyOnClosedPipe();
await runKioku(process.argv.slice(2));
