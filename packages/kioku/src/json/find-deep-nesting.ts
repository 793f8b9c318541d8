/** How deep JSON may nest before kioku refuses it: far past any real transcript, far short of the stack. */
export const maxJsonDepth = 1000;

/**
 * The offset in a JSON text of the first `[` or `{` nested deeper than `maxDepth` (default
 * {@link maxJsonDepth}), or undefined. Code that walks parsed JSON recursively (`JSON.stringify`
 * included) overflows the stack at a few thousand levels; checking the text first turns that into an
 * error naming the place. Brackets inside strings do not count.
 */
export function findDeepNesting(text: string, maxDepth = maxJsonDepth): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return index;
    } else if ((char === 0x5d || char === 0x7d) && depth > 0) {
      depth -= 1;
    }
  }
  return undefined;
}
