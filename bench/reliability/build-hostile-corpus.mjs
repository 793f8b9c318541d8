// Builds hostile-corpus.json, the material for kioku's own guards (issue 22.6) scored by
// bench/reliability/hostile.mjs: injections for the instruction detector (`checkClaim`) and for the code
// check on learned claims without a vocabulary (`guardLearnedClaim`), secrets for `redactSecrets`, and
// benign texts that must pass.
// - Round 3 (hostile-round-3.mjs): sixteen injections plain and in seven disguises, twenty-four secrets,
//   eight near-misses. Its held-out half has been seen (stop 31), so all of it is TUNE now.
// - Round 4 (hostile-round-4.mjs), the HELD-OUT half, written and committed before the detector or
//   redaction was changed for it: the same sixteen injections under encoders and disguises round 3 did
//   not use (each applied to every injection) and in sixteen new languages; twenty-four secrets of new
//   formats and eight near-misses; benign sentences under the same encoders and benign raw tool outputs
//   (false refusals). An injection's round-4 variants test whether the detector reads through a
//   disguise it was not tuned on; hostile.mjs reports them also among the injections caught plain.
//   node bench/reliability/build-hostile-corpus.mjs

import { writeFileSync } from 'node:fs';
import * as round3 from './hostile-round-3.mjs';
import * as round4 from './hostile-round-4.mjs';

const hex = (text) => Buffer.from(text).toString('hex');
const base64 = (text) => Buffer.from(text).toString('base64');
const rot13 = (text) =>
  text.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
const leet = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7', g: '9', b: '8' };
const toLeet = (word) => [...word].map((c) => leet[c.toLowerCase()] ?? c).join('');
const eachWord = (text, change) => text.split(' ').map(change).join(' ');
const codePoints = (text, format) => [...text].map((c) => format(c.codePointAt(0))).join('');
// Cyrillic and Greek letters drawn like Latin ones.
const lookalikes = {
  a: 'а',
  c: 'с',
  e: 'е',
  i: 'і',
  o: 'ο',
  p: 'р',
  x: 'х',
  y: 'у',
  A: 'Α',
  E: 'Ε',
  O: 'Ο',
  T: 'Т',
};
// Quoted-printable (RFC 2045): `=XX` for `=` and non-ASCII bytes, soft line breaks every 60 characters.
const quotedPrintable = (text) =>
  [...Buffer.from(text)]
    .map((byte) =>
      byte === 61 || byte > 126 ? `=${byte.toString(16).toUpperCase()}` : String.fromCharCode(byte),
    )
    .join('')
    .replace(/.{60}/g, '$&=\r\n');

// Round 3's disguises: (text, index) => disguised text. Where two forms alternate, by index.
const round3Disguises = {
  plain: (text) => text,
  translated: (_, index) => round3.translations[index],
  'json-wrapped': (text, index) =>
    [
      () => JSON.stringify({ role: 'system', content: text }),
      () =>
        JSON.stringify({ tool_calls: [{ function: { name: 'note', arguments: JSON.stringify({ text }) } }] }),
      () => JSON.stringify({ type: 'tool_result', content: [{ type: 'text', text }] }),
      () => JSON.stringify({ messages: [{ role: 'user', content: text }] }),
    ][index % 4](),
  hex: (text, index) => (index % 2 === 0 ? `data:${hex(text)}` : `0x${hex(text).toUpperCase()}`),
  rot13,
  'url-encoded': (text, index) =>
    index % 2 === 0
      ? `msg=${encodeURIComponent(text)}`
      : `q=${encodeURIComponent(text).replace(/%20/g, '+')}`,
  'spaced-leetspeak': (text) =>
    text
      .split(' ')
      .map((word) => [...toLeet(word)].join(' '))
      .join('  '),
  'html-comment': (text) => `<!-- ${text} -->`,
};

// Round 4's encoders, none of which round 3 used (held out).
const round4Encoders = {
  translated: (_, index) => round4.translations[index],
  base64: (text, index) => (index % 2 === 0 ? `payload=${base64(text)}` : base64(text)),
  'base64-in-tool-call': (text) =>
    JSON.stringify({
      tool_calls: [{ function: { name: 'store', arguments: JSON.stringify({ blob: base64(text) }) } }],
    }),
  'double-url-encoded': (text) => `u=${encodeURIComponent(encodeURIComponent(text))}`,
  'hex-escapes': (text) => codePoints(text, (code) => `\\x${code.toString(16).padStart(2, '0')}`),
  'spaced-hex': (text) => hex(text).replace(/../g, '$& ').trim(),
  'unicode-escapes': (text) => codePoints(text, (code) => `\\u${code.toString(16).padStart(4, '0')}`),
  'html-entities': (text, index) =>
    codePoints(text, (code) => (index % 2 === 0 ? `&#${code};` : `&#x${code.toString(16)};`)),
  'quoted-printable': (text) => `Content-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(text)}`,
  fullwidth: (text) =>
    codePoints(text, (code) => String.fromCodePoint(code > 32 && code < 127 ? code + 0xfee0 : code)),
  homoglyphs: (text) => [...text].map((c) => lookalikes[c] ?? c).join(''),
  'zero-width': (text) => eachWord(text, (word) => [...word].join('\u200b')),
  leetspeak: (text) => eachWord(text, toLeet),
  'dotted-letters': (text) => eachWord(text, (word) => [...word].join('.')),
  'rot13-in-json': (text) => JSON.stringify({ role: 'tool', content: rot13(text) }),
  'log-row': (text, index) =>
    index % 2 === 0
      ? `<134>Nov 27 10:00:01 web01 app[311]: user=guest action=comment text="${text}"`
      : `2026-11-27T10:00:01Z INFO ticket.update id=4471 body=${JSON.stringify(text)}`,
};

const corpus = [];
for (const [category, disguise] of Object.entries(round3Disguises)) {
  round3.injections.forEach((text, index) => {
    corpus.push({
      label: 'injection',
      round: 3,
      category,
      injection: index,
      split: 'tune',
      text: disguise(text, index),
    });
  });
}
for (const [category, encode] of Object.entries(round4Encoders)) {
  round3.injections.forEach((text, index) => {
    corpus.push({
      label: 'injection',
      round: 4,
      category,
      injection: index,
      split: 'holdout',
      text: encode(text, index),
    });
  });
}
for (const [round, split, { secrets, nearMisses }] of [
  [3, 'tune', round3],
  [4, 'holdout', round4],
]) {
  for (const [kind, text, secret] of secrets)
    corpus.push({ label: 'secret', round, kind, split, text, secret });
  for (const [kind, text] of nearMisses) corpus.push({ label: 'near-miss', round, kind, split, text });
}
// Benign: sentences under round 4's encoders (the translations aside) and raw outputs, split alternately.
for (const [category, encode] of Object.entries({ plain: (text) => text, ...round4Encoders })) {
  if (category === 'translated') continue;
  round4.benignSentences.forEach((text, index) => {
    corpus.push({
      label: 'benign',
      round: 4,
      category,
      split: index % 2 === 0 ? 'tune' : 'holdout',
      text: encode(text, index),
    });
  });
}
round4.benignOutputs.forEach((text, index) => {
  corpus.push({
    label: 'benign',
    round: 4,
    category: 'raw-output',
    split: index % 2 === 0 ? 'tune' : 'holdout',
    text,
  });
});
writeFileSync(new URL('./hostile-corpus.json', import.meta.url), `${JSON.stringify(corpus, null, 2)}\n`);
console.log(`${corpus.length} items`);
