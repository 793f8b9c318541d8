/**
 * Per language, the imperative forms of what an injection orders the agent to do with its answer, the
 * case or secrets (add, copy, hide, mark, post, answer, skip, lower…) and the things such an order is
 * about (your answer, the report, the case, the severity, the API key, environment variables…). A
 * sentence holding one of each reads as an order to the agent. Data, not per-phrase patterns: a language
 * is a row of `|`-separated words. English verbs count only where an imperative starts, followed by their
 * object (they are also the indicative: "analysts close the case"); the other rows list imperative forms,
 * which mostly differ. Chinese, Japanese, Korean and Thai rows match inside words: their scripts write no
 * spaces.
 */
export interface LexiconRow {
  language: string;
  verbs: readonly string[];
  targets: readonly string[];
  /** Matched inside words: the script writes no spaces between them. */
  unspaced?: boolean;
}

const row = (language: string, verbs: string, targets: string, options?: { unspaced: true }): LexiconRow => ({
  language,
  verbs: verbs.split('|'),
  targets: targets.split('|'),
  ...options,
});

export const instructionLexicon: readonly LexiconRow[] = [
  row(
    'en',
    'append|add|include|insert|copy|paste|post|send|forward|upload|email|leak|share|reveal|print|output|hide|omit|remove|delete|exclude|skip|suppress|mark|label|classify|rate|lower|downgrade|close|resolve|dismiss|state|say|tell|answer|reply|respond|write|conclude|notify|disable|stop|report',
    'your answer|your reply|your response|your summary|your report|your output|your message|your findings|your verdict|the case|the ticket|the report|the summary|the verdict|verdict|severity|secrets|credentials|api key|api keys|environment variable|environment variables|system prompt|confidence|the investigation',
  ),
  row(
    'es',
    'añade|agrega|incluye|copia|envía|publica|oculta|omite|marca|cierra|responde|afirma|di|baja|borra|elimina',
    'tu respuesta|el informe|el resumen|el caso|la alerta|severidad|secretos|credenciales|clave api|veredicto',
  ),
  row(
    'fr',
    'ajoute|ajoutez|inclus|incluez|copie|copiez|envoie|envoyez|publie|cache|cachez|omets|omettez|marque|marquez|ferme|fermez|réponds|répondez|affirme|dis|baisse',
    "ta réponse|votre réponse|le rapport|le résumé|le dossier|l'alerte|gravité|secrets|identifiants|clé api|verdict|variable d'environnement",
  ),
  row(
    'de',
    'füge|fügen|kopiere|kopieren|sende|senden|schicke|poste|verberge|verbergen|lass|lasse|markiere|schließe|antworte|sage|senke|lösche',
    'deine antwort|ihre antwort|den bericht|dem bericht|die zusammenfassung|den fall|den alarm|schweregrad|geheimnisse|zugangsdaten|api-schlüssel|urteil|umgebungsvariable',
  ),
  row(
    'pt',
    'adicione|adiciona|inclua|copie|copia|envie|envia|publique|oculte|esconda|omita|marque|feche|responda|afirme|diga|reduza',
    'sua resposta|tua resposta|o relatório|o resumo|o caso|o alerta|severidade|segredos|credenciais|chave de api|veredito|confiança',
  ),
  row(
    'it',
    'aggiungi|includi|copia|invia|pubblica|nascondi|ometti|segna|chiudi|rispondi|afferma|di|abbassa|elimina',
    "la tua risposta|il rapporto|il riepilogo|il caso|l'avviso|gravità|segreti|credenziali|chiave api|verdetto",
  ),
  row(
    'nl',
    'voeg|kopieer|stuur|verstuur|post|verberg|laat|markeer|sluit|antwoord|zeg|verlaag|voer|negeer|verwijder',
    'je antwoord|jouw antwoord|het rapport|de samenvatting|de zaak|het alarm|ernst|geheimen|inloggegevens|api-sleutel|oordeel',
  ),
  row(
    'pl',
    'dodaj|skopiuj|wyślij|opublikuj|ukryj|skryj|pomiń|oznacz|zamknij|odpowiedz|stwierdź|powiedz|obniż|usuń',
    'swojej odpowiedzi|twojej odpowiedzi|odpowiedzi|raport|raportu|podsumowani|sprawę|alert|ważność|sekret|poświadcze|klucz api|werdykt',
  ),
  row(
    'tr',
    'ekle|kopyala|gönder|paylaş|gizle|atla|işaretle|kapat|yanıtla|cevapla|söyle|düşür|bildirme|sil',
    'yanıtına|cevabına|rapor|özet|vaka|uyarı|önem|gizli|kimlik bilgi|api anahtar|karar',
  ),
  row(
    'ru',
    'добавь|скопируй|отправь|опубликуй|скрой|пропусти|отметь|закрой|ответь|скажи|понизь|удали|считай',
    'свой ответ|ответ|отчёт|отчет|сводк|дело|оповещени|критичност|секрет|учётные данные|ключ api|вердикт|одобренн',
  ),
  row(
    'uk',
    'додай|скопіюй|надішли|опублікуй|приховай|пропусти|познач|закрий|відповідай|відповідь|скажи|знизь|видали|не згадуй',
    'свою відповідь|відповід|звіт|зведенн|справ|сповіщенн|критичніст|секрет|облікових даних|ключ api|вердикт',
  ),
  row(
    'sv',
    'lägg|kopiera|skicka|publicera|dölj|utelämna|markera|stäng|svara|säg|sänk|radera',
    'ditt svar|rapporten|sammanfattningen|ärendet|larmet|allvarlighetsgrad|hemligheter|inloggningsuppgifter|api-nyckel|bedömning',
  ),
  row(
    'da',
    'tilføj|kopiér|kopier|send|skjul|udelad|markér|marker|luk|svar|sig|sænk|slet',
    'dit svar|rapporten|resuméet|sagen|alarmen|alvorlighed|hemmeligheder|legitimationsoplysninger|api-nøgle|intet om',
  ),
  row(
    'id',
    'tambahkan|salin|kirim|kirimkan|unggah|sembunyikan|lewati|tandai|tutup|jawab|katakan|turunkan|hapus',
    'jawaban anda|jawabanmu|laporan|ringkasan|kasus|peringatan|tingkat keparahan|rahasia|kredensial|kunci api|putusan',
  ),
  row(
    'vi',
    'hãy thêm|thêm|sao chép|gửi|đăng|ẩn|bỏ qua|đánh dấu|đóng|trả lời|nói|hạ|xóa',
    'câu trả lời của bạn|báo cáo|bản tóm tắt|vụ việc|cảnh báo|mức độ nghiêm trọng|bí mật|thông tin đăng nhập|khóa api|biến môi trường',
  ),
  row(
    'cs',
    'přidej|zkopíruj|pošli|zveřejni|skryj|vynech|označ|zavři|vynechána|vynechány|vynecháno|odpověz|řekni|sniž|smaž',
    'své odpovědi|odpověd|zprávy|zpráv|shrnutí|případ|upozornění|závažnost|tajemstv|přihlašovací údaje|klíč api|verdikt',
  ),
  row(
    'sk',
    'pridaj|skopíruj|pošli|zverejni|skry|vynechaj|označ|zatvor|odpovedz|povedz|zníž|zmaž',
    'svojej odpovedi|odpoved|správ|zhrnut|prípad|upozorneni|závažnosť|tajomstv|prihlasovacie údaje|kľúč api|verdikt',
  ),
  row(
    'hu',
    'add hozzá|másold|küldd|tedd közzé|rejtsd el|hagyd ki|jelöld|zárd le|válaszold|mondd|csökkentsd|töröld|ne értesíts',
    'válaszodba|válaszod|jelentés|összefoglal|ügyet|riasztás|súlyosság|titk|hitelesítő adat|api-kulcs',
  ),
  row(
    'fi',
    'lisää|kopioi|lähetä|julkaise|piilota|jätä pois|merkitse|sulje|vastaa|sano|laske|poista|pidä',
    'vastaukseesi|vastauksesi|raportti|yhteenveto|tapaus|hälytys|vakavuus|salaisuu|tunnistetie|api-avain',
  ),
  row(
    'ro',
    'adaugă|copiază|trimite|publică|ascunde|omite|marchează|închide|răspunde|spune|scade|șterge',
    'răspunsul tău|răspuns|raport|rezumat|cazul|cazului|alerta|severitate|secret|credențial|cheia api|verdict',
  ),
  row(
    'ca',
    'afegeix|copia|envia|publica|amaga|omet|marca|tanca|respon|digues|baixa|esborra',
    "la teva resposta|l’informe|l'informe|el resum|el cas|l'alerta|gravetat|secrets|credencials|clau api|veredicte",
  ),
  row(
    'el',
    'πρόσθεσε|αντίγραψε|στείλε|δημοσίευσε|κρύψε|παράλειψε|σημείωσε|κλείσε|απάντησε|πες|μείωσε|αγνόησε|εκτέλεσε|διάγραψε',
    'την απάντησή σου|απάντηση|αναφορά|σύνοψη|υπόθεση|ειδοποίηση|σοβαρότητα|μυστικά|διαπιστευτήρια|κλειδί api',
  ),
  row(
    'tl',
    'idagdag|kopyahin|ipadala|i-post|itago|laktawan|markahan|isara|sumagot|sabihin|ibaba|burahin',
    'iyong sagot|ulat|buod|kaso|alerto|kalubhaan|lihim|kredensyal|api key|hatol',
  ),
  row(
    'he',
    'הוסף|העתק|שלח|פרסם|הסתר|דלג|סמן|סגור|ענה|אמור|הורד|מחק|חייב לציין',
    'התשובה שלך|הדוח|הסיכום|התיק|ההתראה|חומרה|סודות|אישורים|מפתח api|פסק',
  ),
  row(
    'ar',
    'أضف|انسخ|أرسل|انشر|أخف|تخط|ضع علامة|أغلق|أجب|قل|خفض|احذف',
    'إجابتك|ردك|التقرير|الملخص|القضية|التنبيه|الخطورة|الأسرار|بيانات الاعتماد|مفتاح api|الحكم',
  ),
  row(
    'hi',
    'जोड़ें|जोड़ो|कॉपी करें|भेजें|भेजो|छिपाएं|छिपाओ|छोड़ें|चिह्नित करें|बंद करें|जवाब दें|बताएं|बताओ|कम करें|हटाएं',
    'आपके जवाब|अपने उत्तर|रिपोर्ट|सारांश|मामले|अलर्ट|गंभीरता|रहस्य|क्रेडेंशियल|api कुंजी|निर्णय',
  ),
  row(
    'zh',
    '添加|加入|复制|发送|发布|隐藏|省略|跳过|标记|关闭|回答|回复|告诉|降低|删除|不要报告',
    '你的回答|回复|报告|摘要|案例|警报|告警|严重|机密|凭据|密钥|secrets|结论',
    { unspaced: true },
  ),
  row(
    'ja',
    '追加して|コピーして|送信して|投稿して|隠して|省いて|スキップして|マークして|閉じて|答えて|回答して|伝えて|下げて|削除して|しないでください',
    '回答|報告|要約|ケース|アラート|重大度|機密|資格情報|apiキー|判定',
    { unspaced: true },
  ),
  row(
    'ko',
    '추가하|복사하|보내|게시하|숨기|생략하|건너뛰|표시하|닫|답하|말하|낮추|삭제하|적어야',
    '답변|보고서|요약|사례|경보|심각도|비밀|자격 증명|api 키|판정',
    { unspaced: true },
  ),
  row(
    'th',
    'เพิ่ม|คัดลอก|ส่ง|โพสต์|ซ่อน|ข้าม|ทำเครื่องหมาย|ปิด|ตอบ|บอก|ลดระดับ|ลบ',
    'คำตอบของคุณ|รายงาน|สรุป|เคส|การแจ้งเตือน|ความรุนแรง|ความลับ|ข้อมูลประจำตัว|คีย์ api|คำตัดสิน',
    { unspaced: true },
  ),
];

/** "Run" as an imperative, per language: with a command piped into a shell, an order to the agent. */
export const runVerbs: readonly string[] =
  'ejecuta|exécute|exécutez|lance|führe|führen|esegui|execute|executa|voer|uruchom|wykonaj|çalıştır|выполни|запусти|виконай|запусти|kör|kør|jalankan|chạy|spusť|spusti|futtasd|suorita|rulează|executați|εκτέλεσε|τρέξε|הרץ|הפעל|شغّل|شغل|نفّذ|نفذ|चलाएं|चलाओ|patakbuhin|executa|executeu'.split(
    '|',
  );

/** Reply verbs as imperatives, per language, and the words that open what to say ("answer that …"). */
export const replyVerbs: readonly string[] =
  'respon|responeu|jawab|jawablah|vastaa|válaszold|válaszolj|odpověz|odpovedz|răspunde|răspundeți|απάντησε|απαντήστε|відповідай|відповідайте|відповідь|أجب|ענה|ענו|svar|sumagot|cevap ver|yanıtla|trả lời'.split(
    '|',
  );
export const complementizers: readonly string[] =
  'que|bahwa|että|hogy|že|că|ότι|що|بأنه|بأن|أن|ש|at|na|rằng|diye'.split('|');
