import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/**
 * A small log database made here, with no shared data: one table `process_events` (six process
 * creations on two hosts) with a comment, in a fresh temporary folder.
 */
export async function buildTinyLogDatabase(): Promise<{ dir: string; file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'investigator-tiny-logs-'));
  const file = join(dir, 'logs.duckdb');
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  await connection.run(`create table process_events as select * from (values
    (timestamp '2024-03-01 10:00:00', 'WS01', 'alice', 'C:\\Windows\\explorer.exe', 'C:\\Windows\\System32\\cmd.exe', 'cmd.exe /c whoami'),
    (timestamp '2024-03-01 10:00:05', 'WS01', 'alice', 'C:\\Windows\\System32\\cmd.exe', 'C:\\Windows\\System32\\whoami.exe', 'whoami'),
    (timestamp '2024-03-01 10:01:00', 'WS01', 'alice', 'C:\\Windows\\explorer.exe', 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', 'powershell -nop'),
    (timestamp '2024-03-01 11:00:00', 'WS02', 'bob', 'C:\\Windows\\explorer.exe', 'C:\\Program Files\\Mozilla Firefox\\firefox.exe', 'firefox.exe'),
    (timestamp '2024-03-01 11:05:00', 'WS02', 'bob', 'C:\\Windows\\explorer.exe', 'C:\\Windows\\System32\\notepad.exe', 'notepad.exe notes.txt'),
    (timestamp '2024-03-01 11:06:00', 'WS02', 'bob', 'C:\\Windows\\System32\\services.exe', 'C:\\Windows\\System32\\svchost.exe', 'svchost.exe -k netsvcs')
  ) as t(time, host, user_name, parent_image, image, command_line)`);
  await connection.run(
    "comment on table process_events is 'Process creation events of two workstations (time, host, user_name, parent_image, image, command_line).'",
  );
  connection.closeSync();
  instance.closeSync();
  return { dir, file, remove: () => rm(dir, { recursive: true, force: true }) };
}
