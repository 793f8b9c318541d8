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
  | 'github-token'
  | 'slack-token'
  | 'google-api-key'
  | 'stripe-key'
  | 'assigned-secret';

/** A text with its secrets replaced, and how many of each kind were found. */
export interface RedactionResult {
  text: string;
  redactions: { kind: SecretKind; count: number }[];
}

interface Rule {
  kind: SecretKind;
  pattern: RegExp;
  /** The replacement; `$<keep>` keeps a named group (a key name, a scheme) around the placeholder. */
  replacement?: string;
}

// Placeholders are left alone, so redacting twice changes nothing and `password=[REDACTED:…]` stays.
const value = String.raw`(?!\[REDACTED)`;

// Order matters: whole blocks and structured tokens first, so a key inside a PEM block or a JWT inside
// a bearer header is counted once, under its most specific kind.
const rules: Rule[] = [
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
    kind: 'url-credentials',
    pattern: new RegExp(String.raw`(?<keep>\b[a-z][a-z0-9+.-]*://[^\s:/@]+:)${value}[^\s@/]+(?=@)`, 'gi'),
    replacement: '$<keep>[REDACTED:url-credentials]',
  },
  { kind: 'anthropic-key', pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { kind: 'openai-key', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}/g },
  { kind: 'stripe-key', pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}/g },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b/g },
  { kind: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g },
  { kind: 'slack-token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: 'google-api-key', pattern: /\bAIza[A-Za-z0-9_-]{35}\b/g },
  {
    kind: 'assigned-secret',
    // `password=hunter2`, `"api_key": "abc"`, `client_secret: xyz`, `AWS_SECRET_ACCESS_KEY=…`.
    pattern: new RegExp(
      String.raw`(?<keep>\b[A-Za-z0-9_.-]*(?:password|passwd|pwd|passphrase|secret|api[_-]?key|apikey|access[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token|private[_-]?key|credentials?)["']?\s*[:=]\s*)${value}(?:"[^"\n]+"|'[^'\n]+'|[^\s,;'"\])}]+)`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:assigned-secret]',
  },
];

/**
 * Replaces the secrets in `text` with `[REDACTED:<kind>]`: PEM private keys, JWTs, bearer and basic
 * authorization values, passwords in URLs, provider API keys (OpenAI `sk-…`, Anthropic, AWS `AKIA…`,
 * GitHub `ghp_…`, Slack, Google, Stripe) and values assigned to secret-looking names
 * (`password=…`, `"api_key": "…"`). Pattern based: a secret in no known shape is not found, and
 * `password: <anything>` is redacted even when it is not one.
 *
 * @example
 * redactSecrets('connect with password=hunter2').text; // 'connect with password=[REDACTED:assigned-secret]'
 */
export function redactSecrets(text: string): RedactionResult {
  let redacted = text;
  const redactions: RedactionResult['redactions'] = [];
  for (const { kind, pattern, replacement = `[REDACTED:${kind}]` } of rules) {
    let count = 0;
    redacted = redacted.replace(pattern, (...args: unknown[]) => {
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
