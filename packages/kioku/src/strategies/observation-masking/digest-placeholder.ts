import { checkCount } from '../internal/check-option.js';
import { describeMaskedOutput, type MaskedOutput, type PreparedPlaceholder } from './masked-output.js';
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

/** Digests made ahead (`prepare`) and not used yet, at most: beyond, the oldest is dropped (made again if asked). */
const maxAhead = 256;

/** A digest item's value: what follows `key=` in a key–value item, else the item. */
const keyed = /^[A-Za-z_][\w.-]{0,40}=/;

/**
 * A placeholder that keeps what the agent may act on: the one-line description of
 * `describeMaskedOutput`, then a bounded digest of the output (`outputDigest`: key–value pairs, IOCs,
 * paths, ids, numbers), then, with `recallTool`, how to read the original again, e.g.
 * `[Old get_user_details output omitted: 1 line, 812 characters. Kept: user_id=mia_li_3668;
 * id=credit_card_7434610. recall_output {"toolCallId":"call_7"} returns it in full.]`. The digest's
 * items come from the untrusted output: line breaks and control characters become spaces, square
 * brackets parentheses, so an item cannot end the placeholder or start a line of its own. The digest
 * depends on the output's text alone, so `prepare(text)` makes it ahead of the call that masks the output
 * (`observationMasking` does a call before an output may leave its window, so a batch's call digests none).
 *
 * @example
 * const masking = observationMasking({ keep: 10, placeholder: digestPlaceholder({ recallTool: 'recall_output' }) });
 */
export function digestPlaceholder({
  maxCharacters = 320,
  recallTool,
  skipKnown = false,
}: DigestPlaceholderOptions = {}): PreparedPlaceholder {
  checkCount({ strategy: 'digestPlaceholder', option: 'maxCharacters', value: maxCharacters });
  /** Per output text, the digest `prepare` made (with the limit it was made to), until it is used. */
  const ahead = new Map<string, { limit: number; items: string[] }>();
  /** The output's digest to `limit` characters: the one made ahead, else made now. */
  const digestOf = (text: string, limit: number): string[] => {
    const made = ahead.get(text);
    if (made !== undefined) ahead.delete(text);
    return made?.limit === limit ? made.items : outputDigest(text, { maxCharacters: limit });
  };
  const digest = (output: MaskedOutput): string[] => {
    const { known } = output;
    if (maxCharacters === 0) return [];
    if (!skipKnown || known === undefined) return digestOf(output.text, maxCharacters);
    // Draw from a longer digest, then keep the unknown items within the limit.
    const items: string[] = [];
    let used = 0;
    for (const item of digestOf(output.text, maxCharacters * 4)) {
      const cost = item.length + (items.length === 0 ? 0 : 2);
      // Whether it fits first: asking whether the agent holds a value costs more.
      if (used + cost > maxCharacters || known(item.replace(keyed, ''))) continue;
      items.push(item);
      used += cost;
    }
    return items;
  };
  const placeholder = (output: MaskedOutput): string => {
    const described = describeMaskedOutput(output).slice(0, -1);
    const items = digest(output).map(neutralize);
    const kept = items.length === 0 ? '' : `. Kept: ${items.join('; ')}`;
    const recall =
      recallTool === undefined
        ? ''
        : `. ${recallTool} ${JSON.stringify({ toolCallId: output.toolCallId })} returns it in full`;
    return `${described}${kept}${recall}]`;
  };
  // The digest a masked output with `known` draws from (`observationMasking` always gives it).
  const limit = skipKnown ? maxCharacters * 4 : maxCharacters;
  return Object.assign(placeholder, {
    prepare(text: string) {
      if (maxCharacters === 0 || ahead.has(text)) return;
      ahead.set(text, { limit, items: outputDigest(text, { maxCharacters: limit }) });
      if (ahead.size > maxAhead) ahead.delete(ahead.keys().next().value as string);
    },
  });
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
