import { credentialRules, notRedacted, type SecretRule } from './credential-rules.js';

/** What kind of secret a redaction removed; the placeholder left in the text is `[REDACTED:<kind>]`. */
export type SecretKind =
  | 'private-key'
  | 'jwt'
  | 'bearer-token'
  | 'basic-auth'
  | 'url-credentials'
  | 'openai-key'
  | 'anthropic-key'
  | 'aws-access-key'
  | 'aws-secret-key'
  | 'github-token'
  | 'slack-token'
  | 'slack-webhook'
  | 'google-api-key'
  | 'gcp-private-key-id'
  | 'azure-storage-key'
  | 'azure-sas-signature'
  | 'azure-client-secret'
  | 'stripe-key'
  | 'npm-token'
  | 'gitlab-token'
  | 'pypi-token'
  | 'digitalocean-token'
  | 'key-body'
  | 'sendgrid-key'
  | 'card-number'
  | 'spoken-password'
  | 'assigned-secret'
  | 'cli-credential'
  | 'telegram-bot-token'
  | 'grafana-token'
  | 'databricks-token'
  | 'age-secret-key'
  | 'prefixed-token';

/** A text with its secrets replaced, and how many of each kind were found. */
export interface RedactionResult {
  text: string;
  redactions: { kind: SecretKind; count: number }[];
}

const value = notRedacted;

// Order matters: whole blocks and structured tokens first, so a key inside a PEM block or a JWT inside
// a bearer header is counted once, under its most specific kind.
const rules: SecretRule[] = [
  {
    kind: 'private-key',
    pattern:
      /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g },
  {
    kind: 'bearer-token',
    pattern: new RegExp(String.raw`(?<keep>\bBearer\s+)${value}[A-Za-z0-9._~+/=-]{8,}`, 'gi'),
    replacement: '$<keep>[REDACTED:bearer-token]',
  },
  {
    kind: 'basic-auth',
    pattern: new RegExp(String.raw`(?<keep>\bBasic\s+)${value}[A-Za-z0-9+/]{12,}={0,2}`, 'g'),
    replacement: '$<keep>[REDACTED:basic-auth]',
  },
  {
    kind: 'slack-webhook',
    pattern: new RegExp(
      String.raw`(?<keep>\bhttps?://hooks\.slack\.com/)${value}(?:services|workflows|triggers)/[A-Za-z0-9/_-]+`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:slack-webhook]',
  },
  {
    kind: 'url-credentials',
    // A password may hold `@` and `/` (`p@ss/w0rd` unencoded): everything up to the last `@` goes. The
    // user may be empty (`redis://:secret@host`). Bounded, so a text of many `scheme://` costs linear time
    // (unbounded, 200 kB of `https://` took 16 s).
    pattern: new RegExp(String.raw`(?<keep>\b[a-z][a-z0-9+.-]*://[^\s:/@]*:)${value}\S{0,256}(?=@)`, 'gi'),
    replacement: '$<keep>[REDACTED:url-credentials]',
  },
  { kind: 'anthropic-key', pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { kind: 'openai-key', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}/g },
  { kind: 'stripe-key', pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}/g },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b/g },
  { kind: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g },
  { kind: 'slack-token', pattern: /\b(?:xox[abposre]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,})/g },
  { kind: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  {
    kind: 'gitlab-token',
    pattern: /\bgl(?:pat|dt|rt|ptt|cbt|imt|soat|ffct|oas|ft)-[A-Za-z0-9_-]{20,}/g,
  },
  { kind: 'pypi-token', pattern: /\bpypi-[A-Za-z0-9_-]{50,}/g },
  { kind: 'digitalocean-token', pattern: /\bdo[opr]_v1_[a-f0-9]{64}\b/g },
  // The base64 body of a DER key without its PEM header (`MII…`: a SEQUENCE of two-byte length).
  { kind: 'key-body', pattern: /(?<![A-Za-z0-9+/])MII[A-Za-z0-9+/]{60,}={0,2}/g },
  { kind: 'sendgrid-key', pattern: /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}/g },
  // Entra ID (Azure AD) client secrets: three characters, a digit, `Q~`, then 31 to 34 more.
  {
    kind: 'azure-client-secret',
    pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}/g,
  },
  {
    kind: 'azure-storage-key',
    pattern: new RegExp(
      String.raw`(?<keep>\b(?:AccountKey|SharedAccessKey)=)${value}[A-Za-z0-9+/]{20,}={0,2}`,
      'g',
    ),
    replacement: '$<keep>[REDACTED:azure-storage-key]',
  },
  {
    kind: 'azure-sas-signature',
    pattern: new RegExp(String.raw`(?<keep>[?&;\s]sig=)${value}[A-Za-z0-9%+/=]{16,}`, 'g'),
    replacement: '$<keep>[REDACTED:azure-sas-signature]',
  },
  {
    kind: 'gcp-private-key-id',
    pattern: new RegExp(
      String.raw`(?<keep>["']?private_key_id["']?\s*[:=]\s*["']?)${value}[0-9a-f]{40}`,
      'g',
    ),
    replacement: '$<keep>[REDACTED:gcp-private-key-id]',
  },
  {
    kind: 'aws-secret-key',
    // 40 characters of base64 with one outside hex (a SHA-1 is 40 hex digits: evidence, kept), only in
    // a text that names an AWS secret or holds an access key id.
    pattern:
      /(?<![A-Za-z0-9/+=])(?=[A-Za-z0-9/+]*[G-Zg-z/+])(?=[A-Za-z0-9/+]*\d)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    when: /aws_?secret|secret[_ ]?access[_ ]?key|\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/i,
  },
  {
    kind: 'card-number',
    // Visa, Mastercard, Amex, Discover, JCB, Diners: 13 to 19 digits, spaced or dashed in groups, Luhn-valid.
    pattern: /(?<![\d.,:/-])(?:4|5[1-5]|2[2-7]|3[0456789]|6(?:011|5))(?:[ -]?\d){11,17}(?![\d.,:/-]?\d)/g,
    accept: cardNumber,
  },
  { kind: 'google-api-key', pattern: /\bAIza[A-Za-z0-9_-]{35}\b/g },
  {
    kind: 'assigned-secret',
    // `define('DB_PASSWORD', 'x')`, `'api_token' => 'x'`: a quoted secret-looking name, then its value.
    pattern: new RegExp(
      String.raw`(?<keep>(["'])[A-Za-z0-9_.-]*(?:password|passwd|pwd|passphrase|secret|api[_-]?key|token)\2\s*(?:,|=>)\s*)(["'])${value}[^"'\n]+\3`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:assigned-secret]',
  },
  {
    kind: 'assigned-secret',
    // `password=hunter2`, `"api_key": "abc"`, `client_secret: xyz`, `AWS_SECRET_ACCESS_KEY=…`, and with
    // the other assignment operators languages use (`DB_PASS => '…'` in Perl and PHP, `:=`, `->`). `pass`
    // is a name only as a whole part (`DB_PASS`, `pass`; not `bypass`).
    pattern: new RegExp(
      String.raw`(?<keep>\b(?:[A-Za-z0-9_.-]*(?:password|passwd|pwd|passphrase|secret|api[_-]?key|apikey|access[_-]?key|token|credentials?)|(?:[A-Za-z0-9_.-]*[_.-])?pass)["']?\s*(?:=>|->|:=|[:=])\s*)${value}(?:"[^"\n]+"|'[^'\n]+'|[^\s,;&'"\])}]+)`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:assigned-secret]',
  },
  {
    kind: 'basic-auth',
    // An `auth` value holding `user:password` in base64 (Docker's config.json, .dockercfg, npm's _auth).
    pattern: new RegExp(
      String.raw`(?<keep>(?<![A-Za-z0-9])_?auth["']?\s*[:=]\s*["']?)${value}[A-Za-z0-9+/]{8,}={0,2}`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:basic-auth]',
    accept: (match) =>
      /^[^:\s]+:\S+$/.test(
        Buffer.from(match.replace(/^[^:=]*[:=]\s*["']?/, ''), 'base64').toString('latin1'),
      ),
  },
  {
    kind: 'assigned-secret',
    // The MySQL clients' password flag, written against its value: `mysql -u root -p'…'`, `-pSecret`.
    pattern: new RegExp(
      String.raw`(?<keep>\bmysql(?:dump|admin|import|show|check|sh)?\b[^\n|;]*?\s-p)${value}(?:'[^'\n]+'|"[^"\n]+"|[^\s'"]+)`,
      'g',
    ),
    replacement: '$<keep>[REDACTED:assigned-secret]',
  },
  {
    kind: 'spoken-password',
    // "the password is Spring2024!", "password was hunter2" (not "password is hashed", "… is required").
    pattern: new RegExp(
      String.raw`(?<keep>\b(?:password|passwd|passphrase|pwd)\s+(?:is|was|set\s+to|changed\s+to|reset\s+to)\s+)${value}(?!(?:a|an|the|not|never|now|also|still|required|set|stored|hashed|salted|reset|changed|expired|too|being|rotated|weak|strong|empty|missing|incorrect|wrong|valid|invalid|unknown|sent|shared|managed|kept|in|on|at|for|from|with|of)\b)["'\`]?[^\s"'\`,;]{4,}`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:spoken-password]',
  },
  {
    kind: 'spoken-password',
    // "パスワードは X", "密码是 X", "비밀번호는 X", and a netrc line's `login … password X`; other
    // languages' words are a table in credential-rules.ts. The value holds a digit or a symbol.
    pattern: new RegExp(
      String.raw`(?<keep>(?:(?:パスワード|密码|비밀번호)\s*(?:は|是|为|:|：|는|은)\s*|\blogin\s+\S+\s+password\s+))${value}(?=[^\s"'\x60,;。]*[\d!#$%&*@])[^\s"'\x60,;。]{4,}`,
      'giu',
    ),
    replacement: '$<keep>[REDACTED:spoken-password]',
  },
  ...credentialRules,
];

// Lengths each network issues: Amex 15, Visa 13/16/19, Mastercard 16, Diners 14–19, the others 16–19.
const cardLengths: [RegExp, number[]][] = [
  [/^3[47]/, [15]],
  [/^4/, [13, 16, 19]],
  [/^(?:5|2)/, [16]],
  [/^3[0689]/, [14, 15, 16, 17, 18, 19]],
  [/^(?:35|6)/, [16, 17, 18, 19]],
];

/** A card number: a length its network issues, and a valid Luhn checksum (separators ignored). */
function cardNumber(written: string): boolean {
  const digits = written.replace(/\D/g, '');
  const lengths = cardLengths.find(([prefix]) => prefix.test(digits))?.[1] ?? [];
  return lengths.includes(digits.length) && luhnValid(digits);
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Replaces the secrets in `text` with `[REDACTED:<kind>]`: PEM private keys, JWTs, bearer and basic
 * authorization values, passwords in URLs (up to the last `@`), provider API keys (OpenAI `sk-…`,
 * Anthropic, AWS `AKIA…` and a bare 40-character secret key beside one, GitHub `ghp_…`, Slack `xox…`
 * and `xapp-…` tokens and webhook URLs, Google, Stripe, npm `npm_…`, SendGrid `SG.…`, GitLab `glpat-…`,
 * PyPI `pypi-…`, DigitalOcean `dop_v1_…`), a DER key body without its PEM header (`MII…`), Azure storage
 * `AccountKey=`, SAS `sig=` and Entra client secrets, GCP `private_key_id`, card numbers (Luhn-checked),
 * values assigned to secret-looking names (`password=…`, `token=…`, `"api_key": "…"`, `DB_PASS => '…'`,
 * `define('DB_PASSWORD', '…')`, `'token' => '…'`), the MySQL clients' `-p…`, an `auth` value that is
 * `user:password` in base64 (Docker, npm), spoken passwords ("the password is …", "das Passwort lautet
 * …", "hasło … to …", "пароль …: …", "パスワードは …", a netrc line's `login … password …"; the word for
 * password in forty-odd languages is a table), command-line credentials (the password flags of
 * `docker login`, `sshpass`, `ldapsearch` and their kin, `--…password …` and `--…token …` of any tool,
 * `curl -u user:…`, PowerShell's `ConvertTo-SecureString '…'`), markup (`<password>…</password>`),
 * `.pgpass` lines, DSNs whose user is a key (Sentry), Telegram bot, Grafana `glsa_`, Databricks `dapi…`
 * and age keys, and a vendor-prefixed token (`acme_` then a random mix of cases and digits; see
 * `credential-rules.ts`). Hashes, UUIDs and other indicators are evidence and kept. Pattern
 * based: a secret in no known shape is not found, and `password: <anything>` is redacted even when it
 * is not one.
 *
 * @example
 * redactSecrets('connect with password=hunter2').text; // 'connect with password=[REDACTED:assigned-secret]'
 */
export function redactSecrets(text: string): RedactionResult {
  let redacted = text;
  const redactions: RedactionResult['redactions'] = [];
  for (const { kind, pattern, replacement = `[REDACTED:${kind}]`, accept, when } of rules) {
    if (when !== undefined && !when.test(text)) continue;
    let count = 0;
    redacted = redacted.replace(pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      if (accept !== undefined && !accept(match)) return match;
      count++;
      // With named groups, the last argument of a replacer is the groups object.
      const groups = args.at(-1);
      const keep =
        typeof groups === 'object' && groups !== null ? (groups as { keep?: string }).keep : undefined;
      return replacement.replace('$<keep>', keep ?? '');
    });
    if (count > 0) redactions.push({ kind, count });
  }
  return { text: redacted, redactions };
}
