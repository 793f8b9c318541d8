import type { ToolDefinition } from '../transcripts/transcript.js';

type Schema = Record<string, unknown>;

/**
 * Tool definitions as OpenAI chat models read them: a TypeScript `namespace functions` in the system
 * message, one `type name = (_: {…}) => any;` per tool with descriptions as `//` comments. This is the
 * layout the OpenAI cookbook's function-token counts are derived from.
 */
export function openAiToolsNamespace(tools: readonly ToolDefinition[]): string {
  const functions = tools.map((tool) => {
    const comment = tool.description === undefined ? '' : `// ${tool.description}\n`;
    const properties = tool.inputSchema.properties;
    const hasParameters = isSchema(properties) && Object.keys(properties).length > 0;
    const signature = hasParameters ? `(_: ${objectType(tool.inputSchema)}) => any` : '() => any';
    return `${comment}type ${tool.name} = ${signature};`;
  });
  return `# Tools\n\n## functions\n\nnamespace functions {\n\n${functions.join('\n\n')}\n\n} // namespace functions`;
}

function objectType(schema: Schema): string {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const lines = Object.entries(properties).map(([name, property]) => {
    const field = isSchema(property) ? property : {};
    const comment = typeof field.description === 'string' ? `// ${field.description}\n` : '';
    return `${comment}${name}${required.has(name) ? '' : '?'}: ${typeOf(field)},`;
  });
  return `{\n${lines.join('\n')}\n}`;
}

function typeOf(schema: Schema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return union.map((item) => typeOf(isSchema(item) ? item : {})).join(' | ');
  switch (schema.type) {
    case 'string':
    case 'boolean':
    case 'null':
      return schema.type;
    case 'number':
    case 'integer':
      return 'number';
    case 'array':
      return `${typeOf(isSchema(schema.items) ? schema.items : {})}[]`;
    case 'object':
      return isSchema(schema.properties) ? objectType(schema) : 'object';
    default:
      return 'any';
  }
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
