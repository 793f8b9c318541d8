// The CPU time of the main thread alone (not a worker's), for benches that time event-loop stalls.
import { readFileSync } from 'node:fs';

const taskStat = `/proc/self/task/${process.pid}/stat`;

/** CPU milliseconds of the main thread: its /proc task entry (utime + stime, 10 ms ticks); off Linux, the process's. */
export function mainThreadCpuMs() {
  try {
    const fields = readFileSync(taskStat, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}
