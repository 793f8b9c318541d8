// Builds hostile-corpus.json, the material for kioku's own guards (issue 22.6) scored by
// bench/reliability/hostile.mjs: injections for the instruction detector (`checkClaim`) and for the code
// check on learned claims without a vocabulary (`guardLearnedClaim`), secrets for `redactSecrets`, and
// benign texts that must pass.
// - Round 3 (hostile-round-3.mjs): sixteen injections plain and in seven disguises, twenty-four secrets,
//   eight near-misses. Its held-out half has been seen (stop 31), so all of it is TUNE now.
// - Round 4 (hostile-round-4.mjs): the same sixteen injections under encoders and disguises round 3 did
//   not use (each applied to every injection) and in sixteen new languages; twenty-four secrets of new
//   formats and eight near-misses; benign sentences under the same encoders and benign raw tool outputs
//   (false refusals). Held out in stop 32 and seen since: TUNE now.
// - Round 5 (hostile-round-5.mjs), the HELD-OUT half, written and committed before the detector or
//   redaction was changed for it: sixteen new injections, plain, in sixteen languages no earlier round
//   used, and in the shapes tool outputs and logs have (each shape applied to every injection); new
//   secrets, near-misses, benign sentences in the same shapes, benign sentences in other languages and
//   benign raw outputs. An injection's shaped variants test whether the detector finds an instruction
//   inside real output; hostile.mjs reports them also among the injections caught plain.
//   node bench/reliability/build-hostile-corpus.mjs

import { writeFileSync } from 'node:fs';
import * as round3 from './hostile-round-3.mjs';
import * as round4 from './hostile-round-4.mjs';
import * as round5 from './hostile-round-5.mjs';

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

// Round 5's shapes: where a tool output or log row carries free text, with the text in it.
const round5Shapes = {
  'access-log-user-agent': (text) =>
    `203.0.113.50 - - [27/Nov/2026:10:00:01 +0000] "GET /index.html HTTP/1.1" 200 612 "-" "${text}"`,
  'dns-txt-answer': (text) => `;; ANSWER SECTION:\nexample.org.\t300\tIN\tTXT\t"${text}"`,
  'email-headers': (text) =>
    `From: it-support@example.org\nTo: soc@example.com\nSubject: ${text}\nX-Mailer: Microsoft Outlook 16.0`,
  'git-log': (text) =>
    `commit 9c1e4b7a2f3d8e6c5b0a1f2e3d4c5b6a7f8e9d0c\nAuthor: dev <dev@example.org>\nDate:   Thu Nov 26 18:02:11 2026 +0000\n\n    ${text}`,
  'kubernetes-annotation': (text) =>
    JSON.stringify({
      kind: 'Pod',
      metadata: { name: 'web-7d9f', namespace: 'prod', annotations: { description: text } },
      status: { phase: 'Running' },
    }),
  'windows-event-xml': (text) =>
    `<Event><System><EventID>1000</EventID><Computer>FIN-WS-07</Computer></System><EventData><Data Name="Description">${text}</Data></EventData></Event>`,
  'csv-export': (text) =>
    `timestamp,host,user,message\n2026-11-27T10:00:01Z,web01,guest,"${text.replace(/"/g, '""')}"`,
  'sql-query-log': (text) =>
    `2026-11-27 10:00:01 UTC [4411] LOG:  duration: 0.412 ms  statement: SELECT id FROM tickets WHERE id = 4471 /* ${text} */`,
  'exif-metadata': (text) =>
    `File Name                       : invoice.jpg\nImage Description               : ${text}\nCamera Model Name               : iPhone 15`,
  'yaml-comment': (text) => `apiVersion: apps/v1\nkind: Deployment\n# ${text}\nspec:\n  replicas: 3`,
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
      split: 'tune',
      text: encode(text, index),
    });
  });
}
for (const [category, shape] of Object.entries({
  plain: (text) => text,
  translated: (_, index) => round5.translations[index],
  ...round5Shapes,
})) {
  round5.injections.forEach((text, index) => {
    corpus.push({
      label: 'injection',
      round: 5,
      category,
      injection: index,
      split: 'holdout',
      text: shape(text, index),
    });
  });
}
for (const [round, split, { secrets, nearMisses }] of [
  [3, 'tune', round3],
  [4, 'tune', round4],
  [5, 'holdout', round5],
]) {
  for (const [kind, text, secret] of secrets)
    corpus.push({ label: 'secret', round, kind, split, text, secret });
  for (const [kind, text] of nearMisses) corpus.push({ label: 'near-miss', round, kind, split, text });
}
// Benign, round 4 (tune): sentences under round 4's encoders (the translations aside) and raw outputs.
for (const [category, encode] of Object.entries({ plain: (text) => text, ...round4Encoders })) {
  if (category === 'translated') continue;
  round4.benignSentences.forEach((text, index) => {
    corpus.push({ label: 'benign', round: 4, category, split: 'tune', text: encode(text, index) });
  });
}
for (const text of round4.benignOutputs)
  corpus.push({ label: 'benign', round: 4, category: 'raw-output', split: 'tune', text });
// Benign, round 5 (held out): sentences plain and in round 5's shapes, other languages, raw outputs.
for (const [category, shape] of Object.entries({ plain: (text) => text, ...round5Shapes })) {
  for (const text of round5.benignSentences)
    corpus.push({ label: 'benign', round: 5, category, split: 'holdout', text: shape(text) });
}
for (const text of round5.benignForeign)
  corpus.push({ label: 'benign', round: 5, category: 'other-language', split: 'holdout', text });
for (const text of round5.benignOutputs)
  corpus.push({ label: 'benign', round: 5, category: 'raw-output', split: 'holdout', text });
writeFileSync(new URL('./hostile-corpus.json', import.meta.url), `${JSON.stringify(corpus, null, 2)}\n`);
console.log(`${corpus.length} items`);
