/** Imperatives a user opens an instruction with ("Do not…", "Always…", "Make sure…", "Only…"). */
const opening =
  /^(?:(?:please|important|note|remember|also|and|but|so|just)[\s,:!-]+)*(?:do not|don't|never|always|only|make sure|ensure|be sure|remember to|avoid|focus on|keep|stop|prioriti[sz]e|limit|restrict|exclude|include|report|use|check|verify|answer|respond|reply|return|provide|give|list|write)\b/i;
/**
 * Constraints inside a sentence: "you should never…", "we can only…", "…must not…", "I don't want…",
 * "…please make sure…". Not "I don't remember…", "it must be…" or "I'll make sure…": statements.
 */
const constraints = [
  /\b(?:you|we)\s+(?:\w+\s+)?(?:must|should|shall|need to|have to|are required to|may not|cannot|can't|can only|only|always|never)\b/i,
  /\byour\s+\w+\s+(?:must|should|shall)\b/i,
  // "X should not…" says how something behaves (an issue's expectation), not what the agent must do.
  /\b(?:must not|mustn't|under no circumstances|(?:is|are) not allowed|not allowed to)\b/i,
  // Capitals are the instruction voice of prompts: "MUST be separate", "ONLY do this if…".
  /\b(?:MUST|SHALL|SHOULD|NEVER|ALWAYS|ONLY)\b/,
  /\bI\s+(?:really\s+|just\s+|also\s+)?(?:do not|don't|never)\s+(?:want|need|wish)\b/i,
  /(?<!\bI'll\s|\bI will\s|\bI'd\s|\bI would\s)\bmake sure\b/i,
];
const bullet = /^\s*(?:[-*•>]+|\d{1,2}[.)])\s+/;
const codeCharacters = /[{}[\]<>=;|`$\\"'_]/g;
/** A numbered line of a file listing (`1524:    ...`), a prompt (`>>> `), or a comment or heading (`# `). */
const listingLine = /^\s*(?:\d+:|>>>|\$ |#)/;

/** Options of {@link extractInstructions}. */
export interface ExtractInstructionsOptions {
  /** Longest sentence kept, in characters; default 400 (longer ones are data, not instructions). */
  maxLength?: number;
}

/**
 * The sentences of a user's text that are explicit instructions or constraints: imperatives ("Do not
 * modify the tests.", "Always answer in JSON.", "Make sure…", "Only…", "Use the card on file.") and
 * constraints inside a sentence ("You should never…", "…must not…", "I don't want to fly before 11 AM."). Text that reads as data
 * (tables, code, logs: few letters, many brackets) is skipped, so observations returned as user
 * messages do not pass for instructions. Each sentence once, trimmed, in order.
 *
 * @example
 * extractInstructions('Here is the repo. Do not modify the tests! Thanks.'); // ['Do not modify the tests!']
 */
export function extractInstructions(
  text: string,
  { maxLength = 400 }: ExtractInstructionsOptions = {},
): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    if (listingLine.test(line)) continue;
    const body = line.replace(bullet, '').trim();
    if (body === '' || isData(body)) continue;
    for (const raw of body.split(/(?<=[.!?])\s+(?=["'(]?[A-Z])/)) {
      const sentence = raw.trim();
      const words = sentence.split(/\s+/).length;
      if (words < 3 || words > 60 || sentence.length > maxLength || isData(sentence)) continue;
      if (!opening.test(sentence) && !constraints.some((pattern) => pattern.test(sentence))) continue;
      const key = sentence.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(sentence);
    }
  }
  return found;
}

/** True for text that is mostly not prose: code, tables, tuples, paths. */
function isData(text: string): boolean {
  const letters = text.match(/[\p{L}\s]/gu)?.length ?? 0;
  if (letters < text.length * 0.7) return true;
  return listingLine.test(text) || (text.match(codeCharacters)?.length ?? 0) > 3;
}
