/** First labels that make `x.de` or `np.ma` an attribute access rather than a host. */
export const codeReceivers: ReadonlySet<string> = new Set(
  'self this cls super os sys np pd re json math obj args kwargs ctx req res request response settings config app db plt tf torch nn df'.split(
    ' ',
  ),
);
/**
 * File extensions that make `name.ext` a file name (`nodes.py`, `svchost.exe`, `oyaml-1.0.whl`) rather
 * than code (`self.collect`, `np.sqrt`) or a host.
 */
export const fileExtensions: ReadonlySet<string> = new Set(
  (
    'py pyc pyi pyx pxd ipynb js mjs cjs ts tsx jsx json jsonl ndjson yml yaml toml ini cfg conf ' +
    'properties env txt md rst adoc csv tsv log xml xsd html htm css scss less vue svelte c h cc cpp cxx hpp ' +
    'hh m mm java kt kts scala groovy gradle go rs rb erb php pl pm lua r jl swift dart cs vb fs ex exs erl ' +
    'hs clj sh bash zsh fish ps1 psm1 psd1 bat cmd vbs wsf hta exe dll sys msi lnk scr cpl ocx drv so dylib ' +
    'a o obj lib jar war ear class apk ipa dmg pkg deb rpm whl egg zip tar gz tgz bz2 xz zst 7z rar cab iso ' +
    'img vhd vhdx vmdk sql db sqlite sqlite3 mdb parquet avro orc feather h5 hdf5 npy npz pkl pickle pt pth ' +
    'onnx pem crt cer der key pub p12 pfx csr jks kdbx ovpn png jpg jpeg gif bmp ico svg webp tif tiff pdf ' +
    'doc docx docm xls xlsx xlsm ppt pptx pptm odt ods rtf eml msg pst ost tmp bak old orig swp patch diff ' +
    'lock dat bin evtx evt etl pcap pcapng dmp mo po pot lst in cmake mk am ac dockerfile tf tfvars hcl'
  ).split(' '),
);

/**
 * Names written like code identifiers that are products, brands, standards or encodings: in prose they
 * name a thing, not a function or column (`PowerShell`, `GitHub`, `utf8`, `sha256`, `Win64`).
 */
export const namesNotIdentifiers: ReadonlySet<string> = new Set(
  (
    'powershell github gitlab bitbucket javascript typescript coffeescript livescript actionscript ' +
    'mysql postgresql sqlite mongodb mariadb duckdb bigquery clickhouse couchdb dynamodb cosmosdb redis ' +
    'youtube linkedin facebook iphone ipad ipados macos ios tvos watchos openai chatgpt deepseek devops ' +
    'gitops mlops secops sysops pypi numpy scipy sympy pytorch tensorflow jupyterlab jupyter ipython ' +
    'cpython pypy fastapi graphql nodejs vscode intellij pycharm webkit applewebkit webgl websocket ' +
    'onedrive sharepoint powerpoint wordpress mcafee fortigate fortinet crowdstrike sentinelone ' +
    'virustotal winrar teamviewer anydesk openssh openssl openvpn wireguard cloudflare cloudtrail ' +
    'cloudwatch microsoft365 office365 nan utf8 utf16 utf32 utf-8 utf-16 ascii base64 base32 base58 ' +
    'md5 sha1 sha256 sha384 sha512 sha3 crc32 aes128 aes256 rsa2048 x86 x64 x86_64 amd64 arm64 aarch64 ' +
    'win32 win64 wow64 i386 i686 ipv4 ipv6 http2 http3 h264 h265 mp3 mp4 ' +
    'py2 py3 python2 python3 es5 es6 es2015 es2020 es2022 tls12 tls13 ssl3 oauth2 x509 pkcs7 pkcs12 ' +
    'nt4 w3c iso8601 rfc3339 utc0 ucs2 latin1 cp1252'
  ).split(' '),
);

/** Keys and columns whose values are machine names (`DeviceName`, `Computer`, `host`). */
export const hostKey =
  /^(?:\w+\.)?(?:(?:evidence|remote|local|source|src|dst|dest|destination|target)?_?(?:device|host|computer|machine|workstation|endpoint)_?(?:name)?s?|hostname|dns_?host_?name|fqdn|server_?name)$/i;

/** Keys and columns whose values are account names (`AccountName`, `SubjectUserName`, `user`). */
export const userKey =
  /^(?:\w+\.)?(?:(?:initiating_?process_?|subject_?|target_?|logon_?|caller_?|actor_?)?(?:account|user)_?(?:name)?|username|login|samaccountname|account_?sam_?name)$/i;

/** Words that follow "user" or "account" in prose and are not account names ("user input", "account is"). */
export const notAccountNames: ReadonlySet<string> = new Set(
  (
    'a an the and or but to of in on at for with by from as is are was were be been has have had can could ' +
    'will would should must may might do does did not no that this these those which who whom whose what ' +
    'when where how if then than also only just so input inputs output account accounts name names id ids ' +
    'sid sids agent agents data interface interfaces session sessions principal principals permission ' +
    'permissions role roles group groups mode space story stories experience profile profiles request ' +
    'requests asks asked wants wanted needs needed types typed logs logged login logon logins context ' +
    'details detail info information activity activities object objects entity entities level levels ' +
    'type types key keys list lists table tables field fields column columns record records rights ' +
    'settings setting access password passwords credential credentials token tokens identity identities ' +
    'domain domains home directory directories folder folders email emails mailbox mailboxes display ' +
    'created deleted disabled enabled locked compromised involved associated related'
  ).split(' '),
);
