/** A tool call an agent wrote as text: the tool (or command) and what it was given. */
export interface TextAction {
  tool: string;
  input: unknown;
}

// ReAct: `Action: search[query]`, the argument (over lines, an SQL statement say) up to the last `]` that ends a line.
const bracketed = /^\s*Action\s*:\s*([A-Za-z_][\w.-]*)\s*\[([\s\S]*)\]\s*$/m;
// LangChain's ReAct: `Action: search` then `Action Input: …` (to the end of the line).
const named = /^\s*Action\s*:\s*([A-Za-z_][\w.-]*)\s*\n\s*Action\s+Input\s*:\s*(.*)$/m;
// A fenced block (```bash … ```, or with no language): SWE-agent's and mini-swe-agent's command.
const fenced = /```[\w-]*[ \t]*\n([\s\S]*?)\n?```/g;
const commandName = /^[A-Za-z_./][\w./-]*/;

function argument(text: string): unknown {
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      // Not JSON after all: kept as text.
    }
  }
  return { input: trimmed };
}

/**
 * The action a text-based agent's message takes, when it writes its tool calls as text: a ReAct
 * `Action: name[args]` or `Action: name` / `Action Input: args` (the arguments as JSON when they are JSON,
 * else `{ input }`), or the last fenced code block, the command SWE-agent and mini-swe-agent run — its
 * first word is the tool (`ls`, `edit`, `python`, `submit`) and the block is `{ command }`. Empty when the
 * message takes none (an answer, or thoughts only).
 *
 * @example
 * textActions('Thought: look it up\nAction: search[kioku]'); // [{ tool: 'search', input: { input: 'kioku' } }]
 * textActions('Let me list them.\n```bash\nls -la src\n```'); // [{ tool: 'ls', input: { command: 'ls -la src' } }]
 */
export function textActions(text: string): TextAction[] {
  const react = bracketed.exec(text) ?? named.exec(text);
  if (react !== null) return [{ tool: react[1] as string, input: argument(react[2] as string) }];
  let command: string | undefined;
  for (const block of text.matchAll(fenced)) command = (block[1] as string).trim();
  const tool = command === undefined ? undefined : commandName.exec(command)?.[0];
  return command === undefined || tool === undefined ? [] : [{ tool, input: { command } }];
}
