import { ConfigurationError } from 'kioku';

/** Cause: the MCP configuration file cannot be read or says something the chat cannot use. */
export class McpConfigError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('investigator.error.mcp-config');
  /** The configuration file. */
  readonly file: string;

  constructor({ file, problem, cause }: { file: string; problem: string; cause?: unknown }) {
    super({ name: 'McpConfigError', message: `MCP configuration ${file}: ${problem}`, cause });
    this.file = file;
  }
}
