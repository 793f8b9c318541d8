// Several processes open one embedded store whose lock names a process that was killed (kill -9): how
// many rounds let more than one of them in? Each round: a process takes the store's lock and is killed
// while holding it; then `contenders` processes start, wait until all are ready (spinning on a start
// file the parent creates then), and each calls the lock function of the build under test. A process that gets the lock keeps it until every
// contender has answered, so two holders at once are two processes in the store at once.
// Used by bench/reliability/store.mjs (before and after) and by the store's regression test.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

// The child: takes the lock once the start file exists and says whether it got it; holds it until stdin
// closes. Without a start file it goes at once.
const child = `
import { existsSync } from 'node:fs';
const [moduleUrl, directory, go] = process.argv.slice(1);
const { lockDirectory } = await import(moduleUrl);
process.stdout.write('ready\\n');
while (go !== '' && !existsSync(go)) {}
let line;
try {
  lockDirectory({ directory, location: directory });
  line = 'acquired';
} catch (error) {
  line = error && error.name === 'StoreLockedError' ? 'locked' : 'error ' + String(error && error.message).split('\\n')[0];
}
process.stdout.write(line + '\\n');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
`;

/**
 * Runs the race `rounds` times against the lock module at `lockModule` (a built `lock-directory.js`);
 * returns per round how many contenders got the lock (exactly one is right), and the totals.
 */
export async function raceForStaleLock({ lockModule, rounds = 10, contenders = 6 }) {
  const moduleUrl = pathToFileURL(lockModule).href;
  const results = [];
  for (let round = 0; round < rounds; round += 1) {
    const directory = mkdtempSync(join(tmpdir(), 'kioku-lock-race-'));
    const go = join(mkdtempSync(join(tmpdir(), 'kioku-lock-go-')), 'go');
    try {
      // A holder killed with SIGKILL leaves its lock naming a dead process.
      const holder = start(moduleUrl, directory, '');
      await holder.answer;
      holder.process.kill('SIGKILL');
      await holder.exited;
      const racers = Array.from({ length: contenders }, () => start(moduleUrl, directory, go));
      await Promise.all(racers.map((racer) => racer.ready));
      writeFileSync(go, '');
      const answers = await Promise.all(racers.map((racer) => racer.answer));
      for (const racer of racers) racer.process.stdin.end();
      await Promise.all(racers.map((racer) => racer.exited));
      results.push({
        round,
        acquired: answers.filter((answer) => answer === 'acquired').length,
        locked: answers.filter((answer) => answer === 'locked').length,
        errors: answers.filter((answer) => answer.startsWith('error')),
      });
    } finally {
      rmSync(directory, { recursive: true, force: true });
      rmSync(join(go, '..'), { recursive: true, force: true });
    }
  }
  return {
    rounds,
    contenders,
    roundsWithTwoOrMoreHolders: results.filter((result) => result.acquired > 1).length,
    roundsWithNoHolder: results.filter((result) => result.acquired === 0).length,
    results,
  };
}

function start(moduleUrl, directory, go) {
  const child_ = spawn(process.execPath, ['--input-type=module', '-e', child, moduleUrl, directory, go], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let buffer = '';
  let onReady;
  const ready = new Promise((resolve) => {
    onReady = resolve;
  });
  const answer = new Promise((resolve, reject) => {
    child_.stdout.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\n');
      if (lines.includes('ready')) onReady();
      const said = lines.find((line) => line !== '' && line !== 'ready');
      if (said !== undefined) resolve(said);
    });
    child_.on('exit', (code) => reject(new Error(`a contender exited (${code}) before answering`)));
  });
  const exited = new Promise((resolve) => child_.on('exit', resolve));
  return { process: child_, ready, answer, exited };
}

// From the command line (the regression test runs it so): prints the race as JSON.
//   node bench/reliability/stale-lock-race.mjs --lock-module packages/kioku/build/store/lock-directory.js [--rounds 10] [--contenders 6]
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      'lock-module': { type: 'string' },
      rounds: { type: 'string', default: '10' },
      contenders: { type: 'string', default: '6' },
    },
  });
  const race = await raceForStaleLock({
    lockModule: values['lock-module'],
    rounds: Number(values.rounds),
    contenders: Number(values.contenders),
  });
  process.stdout.write(`${JSON.stringify(race)}\n`);
}
