/**
 * A vector in pgvector's binary format (`vector_recv`): dimensions (int16), unused (int16), then each
 * value as a big-endian float4. About ten times faster to insert than the text form `[0.1,-0.2,…]`, which
 * Postgres parses float by float (in WebAssembly, on PGlite).
 */
export function binaryVector(values: readonly number[]): Buffer {
  const bytes = Buffer.alloc(4 + 4 * values.length);
  bytes.writeInt16BE(values.length, 0);
  for (const [index, value] of values.entries()) bytes.writeFloatBE(value, 4 + 4 * index);
  return bytes;
}
