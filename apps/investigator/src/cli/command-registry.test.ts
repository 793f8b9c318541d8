import { describe, expect, it } from 'vitest';
import { commands, requestedCommand } from './command-registry.js';

describe("the investigator's command registry", () => {
  it.each(Object.entries(commands))('lists %s with the usage the command declares', async (name, entry) => {
    const command = await entry.load();
    expect(command.name()).toBe(name);
    expect(entry.usage).toBe(command.usage());
  });

  it('names the command the arguments run, also after `help`, and none for the top level', () => {
    expect(requestedCommand(['list', '--severity', 'high'])).toBe('list');
    expect(requestedCommand(['help', 'serve'])).toBe('serve');
    expect(requestedCommand(['intel', 'load', 'feed.csv'])).toBe('intel');
    expect(requestedCommand(['--help'])).toBeUndefined();
    expect(requestedCommand(['nope'])).toBeUndefined();
    expect(requestedCommand(['constructor'])).toBeUndefined();
  });
});
