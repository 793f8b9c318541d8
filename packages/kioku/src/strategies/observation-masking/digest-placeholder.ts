import { checkCount } from '../internal/check-option.js';
import { describeMaskedOutput, type MaskedOutput } from './masked-output.js';
import { outputDigest } from './output-digest.js';

/** Options of {@link digestPlaceholder}. */
export interface DigestPlaceholderOptions {
  /** Length limit of the kept items, in characters (see `outputDigest`); default 320, 0 keeps none. */
  maxCharacters?: number;
  /**
   * The name of the tool that returns a masked output in full (`recallOutput`'s, `'recall_output'`): the
   * placeholder then tells the model how to call it with the output's handle. Default: not mentioned.
   */
  recallTool?: string | undefined;
  /**
   * Facts carried forward: leave out of the digest the values the agent already holds outside tool
   * outputs (`MaskedOutput.known`: the task, its own earlier text and calls), so the characters go to
   * values it has not used yet. Default false.
   */
  skipKnown?: boolean;
}

/** A digest item's value: what follows `key=` in a key–value item, else the item. */
const keyed = /^[A-Za-z_][\w.-]{0,40}=/;

/**
 * A placeholder that keeps what the agent may act on: the one-line description of
 * `describeMaskedOutput`, then a bounded digest of the output (`outputDigest`: key–value pairs, IOCs,
 * paths, ids, numbers), then, with `recallTool`, how to read the original again, e.g.
 * `[Old get_user_details output omitted: 1 line, 812 characters. Kept: user_id=mia_li_3668;
 * id=credit_card_7434610. recall_output {"toolCallId":"call_7"} returns it in full.]`. The digest's
 * items come from the untrusted output: line breaks and control characters become spaces, square
 * brackets parentheses, so an item cannot end the placeholder or start a line of its own.
 *
 * @example
 * const masking = observationMasking({ keep: 10, placeholder: digestPlaceholder({ recallTool: 'recall_output' }) });
 */
export function digestPlaceholder({
  maxCharacters = 320,
  recallTool,
  skipKnown = false,
}: DigestPlaceholderOptions = {}): (output: MaskedOutput) => string {
  checkCount({ strategy: 'digestPlaceholder', option: 'maxCharacters', value: maxCharacters });
  const digest = (output: MaskedOutput): string[] => {
    const { known } = output;
    if (maxCharacters === 0) return [];
    if (!skipKnown || known === undefined) return outputDigest(output.text, { maxCharacters });
    // Draw from a longer digest, then keep the unknown items within the limit.
    const items: string[] = [];
    let used = 0;
    for (const item of outputDigest(output.text, { maxCharacters: maxCharacters * 4 })) {
      const cost = item.length + (items.length === 0 ? 0 : 2);
      // Whether it fits first: asking whether the agent holds a value costs more.
      if (used + cost > maxCharacters || known(item.replace(keyed, ''))) continue;
      items.push(item);
      used += cost;
    }
    return items;
  };
  return (output) => {
    const described = describeMaskedOutput(output).slice(0, -1);
    const items = digest(output).map(neutralize);
    const kept = items.length === 0 ? '' : `. Kept: ${items.join('; ')}`;
    const recall =
      recallTool === undefined
        ? ''
        : `. ${recallTool} ${JSON.stringify({ toolCallId: output.toolCallId })} returns it in full`;
    return `${described}${kept}${recall}]`;
  };
}

/** An untrusted item made safe inside a one-line, bracketed placeholder. */
function neutralize(item: string): string {
  let safe = '';
  for (const character of item) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) safe += ' ';
    else if (character === '[') safe += '(';
    else if (character === ']') safe += ')';
    else safe += character;
  }
  return safe.replace(/ {2,}/g, ' ');
}
