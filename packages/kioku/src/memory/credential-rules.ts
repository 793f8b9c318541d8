import type { SecretKind } from './redact-secrets.js';

/** One shape of secret `redactSecrets` removes. */
export interface SecretRule {
  kind: SecretKind;
  pattern: RegExp;
  /** The replacement; `$<keep>` keeps a named group (a key name, a scheme) around the placeholder. */
  replacement?: string;
  /** A match is redacted only when this accepts it (a card number's Luhn check). */
  accept?: (match: string) => boolean;
  /** The rule runs only when the whole text says the kind of secret is there (a bare AWS secret key). */
  when?: RegExp;
}

// Placeholders are left alone, so redacting twice changes nothing and `password=[REDACTED:…]` stays.
export const notRedacted = String.raw`(?!\[REDACTED)`;

// A command-line value: quoted, or up to the next space.
const argument = String.raw`(?:'[^'\n]+'|"[^"\n]+"|[^\s'"|;&]+)`;
// The rest of one command: no pipe, separator or new line in between.
const sameCommand = String.raw`[^\n|;&]{0,300}?`;

// Command-line tools and the short flag that takes a password as the next argument (`docker login -p`,
// `sshpass -p`, `ldapsearch -w`); long flags (`--password x`) are one rule for every tool.
const passwordFlags: [tool: string, flag: string][] = [
  [String.raw`(?:docker|podman|nerdctl|buildah|skopeo|helm(?:\s+registry)?|oras|crane)\s+login`, '-p'],
  ['sshpass', '-p'],
  [String.raw`ldap(?:search|modify|add|delete|passwd|whoami|compare|exop|modrdn|url)`, '-w'],
];

// The words for "password" in many languages, and what joins one to its value ("is", "lautet", "è",
// "to", a colon). A value must hold a letter and a digit or symbol: "password last set: 2026-10-01" and
// "the password is hashed" are not secrets.
const passwordWords = [
  'password',
  'passwort',
  'kennwort',
  'contraseña',
  'clave',
  'mot de passe',
  'senha',
  'wachtwoord',
  'hasło',
  'heslo',
  'lösenord',
  'passord',
  'adgangskode',
  'salasana',
  'salasõna',
  'jelszó',
  'parolă',
  'parola',
  'şifre',
  'şifresi',
  'sifre',
  'lozinka',
  'geslo',
  'slaptažodis',
  'parole',
  'lykilorð',
  'пароль',
  'пароля',
  'лозинка',
  'κωδικός πρόσβασης',
  'κωδικός',
  'סיסמה',
  'סיסמא',
  'كلمة المرور',
  'كلمة السر',
  'رمز عبور',
  'गुप्तशब्द',
  'पासवर्ड',
  'mật khẩu',
  'kata sandi',
  'kata laluan',
  'nenosiri',
  'wagwoord',
  'pasahitza',
  'contrasenya',
];
const joiners = [
  'is',
  'was',
  'are',
  'es',
  'era',
  'est',
  'était',
  'ist',
  'lautet',
  'war',
  'è',
  'é',
  'é:',
  'är',
  'er',
  'on',
  'jest',
  'to',
  'je',
  'ir',
  'yra',
  'van',
  'este',
  'είναι',
  'là',
  'adalah',
  'ialah',
  'ni',
  'هو',
  'هي',
  'است',
  'है',
  'הוא',
  'היא',
  'был',
  'была',
  'это',
  '—',
  '-',
  '=',
];
const escapeWord = (word: string) =>
  word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, String.raw`\s+`);
const passwordWord = `(?:${passwordWords.map(escapeWord).join('|')})`;
const joiner = `(?:${joiners.map(escapeWord).join('|')})`;
const spokenValue = String.raw`(?=[^\s"'\x60,;。]*\p{L})(?=[^\s"'\x60,;。]*[\d!#$%&*@?+])[^\s"'\x60,;。]{5,}`;

/** General credential forms: command-line flags, markup, DSNs, spoken passwords, prefixed vendor tokens. */
export const credentialRules: SecretRule[] = [
  ...passwordFlags.map(
    ([tool, flag]): SecretRule => ({
      kind: 'cli-credential',
      pattern: new RegExp(
        String.raw`(?<keep>(?<![\w-])${tool}\b${sameCommand}\s${flag}\s+)${notRedacted}${argument}`,
        'g',
      ),
      replacement: '$<keep>[REDACTED:cli-credential]',
    }),
  ),
  {
    kind: 'cli-credential',
    // `--password Secret`, `--db-password 'x'`, `--api-key x`, `--token x` (the `=` form is an assignment).
    pattern: new RegExp(
      String.raw`(?<keep>(?<=\s)--[a-z][a-z-]*?(?:password|passwd|passphrase|secret|api-?key|token|pass)\s+)${notRedacted}(?!-)${argument}`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:cli-credential]',
  },
  {
    kind: 'cli-credential',
    // `curl -u user:password`, `--user user:password`, `wget --http-user … ` (the user stays).
    pattern: new RegExp(
      String.raw`(?<keep>(?<![\w-])curl\b${sameCommand}\s(?:-u|--user|--proxy-user|-U)\s+["']?[^\s:'"]+:)${notRedacted}[^\s'"]+`,
      'g',
    ),
    replacement: '$<keep>[REDACTED:cli-credential]',
  },
  {
    kind: 'cli-credential',
    // PowerShell: `ConvertTo-SecureString 'x' -AsPlainText`, `-String 'x'`.
    pattern: new RegExp(
      String.raw`(?<keep>ConvertTo-SecureString\s+(?:-String\s+)?)${notRedacted}(?:'[^'\n]+'|"[^"\n]+")`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:cli-credential]',
  },
  {
    kind: 'assigned-secret',
    // Markup: `<password>x</password>`, `<db:secret>x</db:secret>`, `<apiKey>x</apiKey>`.
    pattern: new RegExp(
      String.raw`(?<keep><(?<name>[\w:.-]*(?:password|passwd|pwd|passphrase|secret|api[_-]?key|apikey|token))\b[^>]*>)${notRedacted}[^<\n]+(?=</\k<name>>)`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:assigned-secret]',
  },
  {
    kind: 'assigned-secret',
    // A .pgpass line: `host:port:database:user:password`.
    pattern: new RegExp(
      String.raw`(?<keep>(?:^|\n)[A-Za-z0-9.*_-]+:(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:)${notRedacted}[^\s]+(?=$|\n)`,
      'g',
    ),
    replacement: '$<keep>[REDACTED:assigned-secret]',
  },
  {
    kind: 'url-credentials',
    // A DSN whose user part is a long key (Sentry's `https://<key>@o1.ingest.sentry.io/1`).
    pattern: new RegExp(
      String.raw`(?<keep>\b[a-z][a-z0-9+.-]*://)${notRedacted}(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}(?=@)`,
      'gi',
    ),
    replacement: '$<keep>[REDACTED:url-credentials]',
  },
  {
    kind: 'spoken-password',
    // "la password del server è X", "пароль от базы: X", "hasło do konta to X", in many languages.
    pattern: new RegExp(
      String.raw`(?<keep>(?<!\p{L})${passwordWord}(?!\p{L})(?:[^\n.;:：]{0,60}?\s${joiner}\s+|[^\n.;:：]{0,60}?\s*[:：]\s*))${notRedacted}${spokenValue}`,
      'giu',
    ),
    replacement: '$<keep>[REDACTED:spoken-password]',
  },
  // Vendor tokens with a documented prefix.
  { kind: 'telegram-bot-token', pattern: /(?<![\w:])\d{8,10}:AA[A-Za-z0-9_-]{32,34}\b/g },
  { kind: 'grafana-token', pattern: /\b(?:glsa|glc)_[A-Za-z0-9_+/=-]{32,}/g },
  { kind: 'databricks-token', pattern: /\bdapi[a-f0-9]{32}(?:-\d)?\b/g },
  { kind: 'age-secret-key', pattern: /\bAGE-SECRET-KEY-1[0-9A-Z]{50,}\b/g },
  {
    kind: 'prefixed-token',
    // A short lowercase vendor prefix, `_`, then a long random body mixing upper, lower and digits
    // (`glpat-`, `shpat_`, `hf_` and tokens of vendors not listed); identifiers, hashes and UUIDs lack one
    // of the three.
    pattern: /\b[a-z]{2,8}_(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{24,}\b/g,
  },
];
