#!/usr/bin/env node
import { runInvestigatorCli } from './run-investigator-cli.js';

await runInvestigatorCli(process.argv.slice(2));
