import { describe, expect, it } from 'vitest';
import { extractInstructions } from './extract-instructions.js';

describe('extractInstructions', () => {
  it('keeps imperatives and constraints, drops statements', () => {
    const text = [
      "Here is the repository. Do not modify the tests! Make sure the fix is minimal. Thanks, it's urgent.",
      'Only report hosts in the finance subnet.',
      'You should never ask for human help.',
      "I don't want to fly before 11 AM EST. I don't remember the reservation ID.",
      "I'll make sure to find my user ID. It must be the flag they are aiming at.",
      '- Always answer in JSON.',
    ].join('\n');
    expect(extractInstructions(text)).toEqual([
      'Do not modify the tests!',
      'Make sure the fix is minimal.',
      'Only report hosts in the finance subnet.',
      'You should never ask for human help.',
      "I don't want to fly before 11 AM EST.",
      'Always answer in JSON.',
    ]);
  });

  it('skips data returned as user messages: tables, code, listings', () => {
    const observations = [
      "[('AADSignInLogs',), ('DeviceProcessEvents',)] -- only these tables exist",
      '1524:                    \'"keys" must be a subclass or instance of \'',
      'return object.__getattribute__(self, name)',
      'ProgrammingError: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version',
    ].join('\n');
    expect(extractInstructions(observations)).toEqual([]);
  });

  it('returns each sentence once', () => {
    expect(extractInstructions('Do not reboot the host.\nDo not reboot the host.')).toEqual([
      'Do not reboot the host.',
    ]);
  });
});
