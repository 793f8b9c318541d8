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

  it('takes the capitals of prompt rules, not how an issue says code should behave', () => {
    const prompt = [
      '- Creating/viewing the patch and submitting it MUST be separate commands (not combined with &&).',
      'Here are some instructions for pushing, but ONLY do this if the user asks you to:',
      "Your thinking should be thorough and so it's fine if it's very long.",
    ];
    expect(extractInstructions(prompt.join('\n'))).toEqual([
      'Creating/viewing the patch and submitting it MUST be separate commands (not combined with &&).',
      ...prompt.slice(1),
    ]);
    const issue = [
      'pydicom should not define handler, formatter and log level.',
      'TypeError exception should not happen',
      '# L042 - Join clauses should not contain subqueries. Use common tables expressions (CTE) instead.',
    ];
    expect(extractInstructions(issue.join('\n'))).toEqual([]);
  });

  it('returns each sentence once', () => {
    expect(extractInstructions('Do not reboot the host.\nDo not reboot the host.')).toEqual([
      'Do not reboot the host.',
    ]);
  });
});
