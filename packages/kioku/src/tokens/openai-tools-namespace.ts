import type { ToolDefinition } from '../transcripts/transcript.js';

type Schema = Record<string, unknown>;

/** Deepest schema nesting rendered; deeper parts (or `$ref` cycles) are written as `any`. */
const maxDepth = 32;

/**
 * Tool definitions as OpenAI chat models read them: a TypeScript `namespace functions` in the system
 * message, one `type name = (_: {…}) => any;` per tool after its description (`// ` before every
 * line). Each property is preceded by its `title`
 * (`// Title` and an empty `//` line), its description and its examples as `//` comments and followed
 * by its default; nested objects are written out, `$ref`s to the schema's `$defs` are inlined, enums,
 * `anyOf` and type lists become unions. This is the layout of OpenAI's open `harmony` renderer
 * (`json_schema_to_typescript`), which the billed prompt sizes of gpt-4.1 tool calls match.
 */
export function openAIToolsNamespace(tools: readonly ToolDefinition[]): string {
  const functions = tools.map((tool) => {
    const comment =
      tool.description === undefined
        ? ''
        : tool.description
            .split(/\r?\n/)
            .map((line) => `// ${line}\n`)
            .join('');
    const properties = tool.inputSchema.properties;
    const hasParameters = isSchema(properties) && Object.keys(properties).length > 0;
    const context = { defs: definitions(tool.inputSchema), depth: 0 };
    const signature = hasParameters ? `(_: ${typeOf(tool.inputSchema, '', context)}) => any` : '() => any';
    return `${comment}type ${tool.name} = ${signature};`;
  });
  return `# Tools\n\n## functions\n\nnamespace functions {\n\n${functions.join('\n\n')}\n\n} // namespace functions`;
}

interface Context {
  defs: Schema;
  depth: number;
}

function objectType(schema: Schema, indent: string, context: Context): string {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  let out = '{\n';
  for (const [name, value] of Object.entries(properties)) {
    const field = resolve(isSchema(value) ? value : {}, context);
    if (typeof field.title === 'string') out += `${indent}// ${field.title}\n${indent}//\n`;
    if (typeof field.description === 'string') out += `${indent}// ${field.description}\n`;
    if (Array.isArray(field.examples) && field.examples.length > 0) {
      out += `${indent}// Examples:\n`;
      for (const example of field.examples) {
        if (typeof example === 'string') out += `${indent}// - ${JSON.stringify(example)}\n`;
      }
    }
    let type = typeOf(field, `${indent}    `, { ...context, depth: context.depth + 1 });
    if (field.nullable === true && !type.includes('null')) type += ' | null';
    out += `${indent}${name}${required.has(name) ? '' : '?'}: ${type},${defaultComment(field)}\n`;
  }
  return `${out}${indent}}`;
}

function typeOf(schema: Schema, indent: string, context: Context): string {
  if (context.depth > maxDepth) return 'any';
  const resolved = resolve(schema, context);
  const union = resolved.anyOf ?? resolved.oneOf;
  if (Array.isArray(union)) {
    return union.map((item) => typeOf(isSchema(item) ? item : {}, indent, context)).join(' | ');
  }
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) {
    return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
  }
  if (Array.isArray(resolved.type)) {
    return resolved.type.map((type) => (type === 'integer' ? 'number' : String(type))).join(' | ');
  }
  switch (resolved.type) {
    case 'string':
    case 'boolean':
    case 'null':
    case 'number':
      return resolved.type;
    case 'integer':
      return 'number';
    case 'array':
      return isSchema(resolved.items)
        ? `${typeOf(resolved.items, indent, { ...context, depth: context.depth + 1 })}[]`
        : 'Array<any>';
    case 'object': {
      const description =
        context.depth > 0 && typeof resolved.description === 'string'
          ? `${indent}// ${resolved.description}\n`
          : '';
      return `${description}${objectType(resolved, indent, context)}`;
    }
    default:
      return 'any';
  }
}

/** The schema a local `$ref` (`#/$defs/Name`, `#/definitions/Name`) points to, merged under its siblings. */
function resolve(schema: Schema, context: Context): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(schema.$ref)?.[1];
  const target = name === undefined ? undefined : context.defs[name];
  if (!isSchema(target)) return schema;
  const { $ref: _ref, ...siblings } = schema;
  return { ...target, ...siblings };
}

function definitions(schema: Schema): Schema {
  return {
    ...(isSchema(schema.definitions) ? schema.definitions : {}),
    ...(isSchema(schema.$defs) ? schema.$defs : {}),
  };
}

function defaultComment(schema: Schema): string {
  if (!('default' in schema)) return '';
  const value = schema.default;
  if (typeof value === 'string')
    return Array.isArray(schema.enum) ? ` // default: ${value}` : ` // default: "${value}"`;
  return ` // default: ${JSON.stringify(value)}`;
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
