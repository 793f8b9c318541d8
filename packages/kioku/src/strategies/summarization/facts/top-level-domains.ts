/**
 * Top-level domains a host name may end with to count as a domain indicator: every two-letter country
 * code, the original generic ones and the new generic ones most seen in threat reports. Deliberately not
 * the whole root zone: hundreds of generic TLDs are English words (`name`, `email`, `link`, `host`,
 * `store`, `date`, `app`, `zip`) that would turn attribute accesses in code (`user.email`,
 * `request.host`) into domains.
 */
export const topLevelDomains: ReadonlySet<string> = new Set([
  ...'com net org edu gov mil int info biz pro mobi asia tel travel jobs aero coop museum arpa onion'.split(
    ' ',
  ),
  ...'xyz top online site club icu vip buzz cyou monster quest cloud dev tech website ovh'.split(' '),
  ...(
    'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw by bz ' +
    'ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk ' +
    'fm fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir ' +
    'is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ' +
    'ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl ' +
    'pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss st su sv sx sy sz tc ' +
    'td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'
  ).split(' '),
]);

/**
 * Country-code TLDs that are also file extensions or short attribute names in code (`setup.py`,
 * `README.md`, `run.sh`, `lib.rs`, `libc.so`, `MANIFEST.in`, `configure.ac`, `np.ma`, `obj.id`,
 * `messages.mo`, `libfoo.la`, `instance.pk`, `u.km`, `soup.td`, `tools.np`): a bare host ending with one is never taken for a domain (module paths
 * such as `astropy.modeling.separable.py` have many labels too). Inside a URL or an e-mail address it is.
 */
export const fileLikeTopLevelDomains: ReadonlySet<string> = new Set(
  'py md sh rs pl so in am ac ps pm mk ms st sv cc ml mm gs as sc mo la ma id it is to at me no do my ge re ci lk sb tf pe pk km kg th td tr np'.split(
    ' ',
  ),
);
