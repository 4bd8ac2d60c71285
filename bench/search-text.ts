/**
 * Deterministic text in six languages for bench:search: each language's most common words, real
 * content words and, for the long tail a real vocabulary has, words built from its syllables; drawn
 * with a Zipf distribution (a few words everywhere, most words rare), as real text is.
 */

/** mulberry32: a small seeded generator, so every run writes the same data. */
export function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

interface Language {
  code: string
  common: string[]
  content: string[]
  syllables: string[]
  /** No spaces between words (Japanese). */
  joined?: boolean
}

export const LANGUAGES: Language[] = [
  {
    code: 'en',
    common:
      'the of and to a in is that for it as with was on be at by this have from or an are not but can you we they will'.split(
        ' ',
      ),
    content:
      'budget invoice report meeting quarterly review customer contract deadline schedule project design server database migration release feature request summary analysis forecast revenue marketing strategy hiring interview onboarding training document proposal estimate shipping warehouse supplier payment refund subscription pricing discount campaign newsletter website backend frontend deployment incident outage monitoring security password account profile settings language translation holiday vacation travel flight hotel booking dinner recipe garden weather football concert museum library science history chemistry physics mathematics'.split(
        ' ',
      ),
    syllables: 'ba be con de di en ex for in ing ment op pre pro re ro sta ter tion un ver al an ar er'.split(
      ' ',
    ),
  },
  {
    code: 'de',
    common:
      'der die das und ist nicht ein eine zu den von mit sich des auf für im dem auch es an als wie wir sie'.split(
        ' ',
      ),
    content:
      'Rechnung Besprechung Größenordnung Übersicht Straße Angebot Kunde Vertrag Termin Zeitplan Projekt Entwurf Datenbank Veröffentlichung Anfrage Zusammenfassung Umsatz Prognose Einstellung Bewerbung Schulung Unterlagen Lieferung Lager Zahlung Rückerstattung Abonnement Preisgestaltung Rabatt Kampagne Sicherheit Passwort Konto Übersetzung Urlaub Reise Flughafen Buchung Abendessen Rezept Wetter Fußball Konzert Bibliothek Wissenschaft Geschichte Mathematik Überweisung Förderung Prüfung Lösung Änderung Gebäude Mitarbeiter Geschäftsführung Steuererklärung Krankenversicherung'.split(
        ' ',
      ),
    syllables: 'an be der ein en er ge hei keit lich schaft sch ten ung ver zu ab auf bau berg'.split(' '),
  },
  {
    code: 'es',
    common:
      'de la que el en y a los se del las un por con no una su para es al lo como más pero sus le'.split(' '),
    content:
      'presupuesto factura informe reunión trimestral revisión cliente contrato plazo calendario proyecto diseño servidor migración lanzamiento función solicitud resumen análisis previsión ingresos estrategia contratación entrevista formación documento propuesta estimación envío almacén proveedor pago reembolso suscripción precio descuento campaña seguridad contraseña cuenta configuración traducción vacaciones viaje vuelo reserva cena receta jardín mañana señor niño año pequeño compañía montaña canción'.split(
        ' ',
      ),
    syllables: 'ca ción da de do el en es ia la lo ma mi mos na ne no ra re ri ro sa ta te to'.split(' '),
  },
  {
    code: 'fr',
    common:
      'de la le et les des en un du une que est pour qui dans par plus pas au sur ne se ce il sont'.split(
        ' ',
      ),
    content:
      'budget facture rapport réunion trimestriel révision client contrat échéance calendrier projet conception serveur données migration fonctionnalité demande résumé analyse prévision stratégie recrutement entretien formation proposition estimation expédition entrepôt fournisseur paiement remboursement abonnement tarification remise campagne sécurité compte paramètres traduction congés voyage réservation dîner recette jardin météo concert musée bibliothèque façade école élève théâtre hôpital fenêtre château forêt'.split(
        ' ',
      ),
    syllables: 'ai an au ce ment en er et eu ion la le ne on ou que re ri té tion ve vi'.split(' '),
  },
  {
    code: 'it',
    common: 'di e il la che in a per un è non una del con le si i da al sono come più ma anche ha'.split(' '),
    content:
      'bilancio fattura rapporto riunione trimestrale revisione cliente contratto scadenza calendario progetto progettazione server migrazione rilascio funzionalità richiesta riepilogo analisi previsione ricavi strategia assunzione colloquio formazione documento proposta stima spedizione magazzino fornitore pagamento rimborso abbonamento prezzo sconto campagna sicurezza password account impostazioni traduzione vacanza viaggio volo prenotazione cena ricetta giardino città perché università attività qualità società caffè'.split(
        ' ',
      ),
    syllables: 'ca ci co de di gi la le li lo ma mo na ne no ni ra re ri ro sa si ta te ti to'.split(' '),
  },
  {
    code: 'ja',
    joined: true,
    common: 'の は を に が と で も から まで です ます した する こと ため よう'.split(' '),
    content:
      '予算 請求書 報告書 会議 四半期 見直し 顧客 契約 締め切り 予定 計画 設計 サーバー データベース 移行 公開 機能 依頼 要約 分析 予測 売上 戦略 採用 面接 研修 資料 提案 見積もり 配送 倉庫 仕入先 支払い 返金 購読 価格 割引 広告 安全 パスワード 口座 設定 翻訳 休暇 旅行 飛行機 予約 夕食 料理 天気 音楽 図書館 科学 歴史 数学'.split(
        ' ',
      ),
    syllables:
      'か き く こ さ し す た ち つ な に の は ひ ま み め ら り る ア イ カ ク サ シ ス タ ト ン'.split(
        ' ',
      ),
  },
]

const TAIL = 3000
/** Zipf exponent of the content words (about 1 in natural text). */
const EXPONENT = 1.07

interface Vocabulary {
  language: Language
  words: string[]
  /** Cumulative weights for a draw by rank. */
  cumulative: Float64Array
}

function vocabulary(language: Language, next: () => number): Vocabulary {
  const words = [...language.content]
  const seen = new Set(words)
  while (words.length < language.content.length + TAIL) {
    const parts = 2 + Math.floor(next() * 3)
    let word = ''
    for (let i = 0; i < parts; i++) word += language.syllables[Math.floor(next() * language.syllables.length)]
    if (!seen.has(word)) {
      seen.add(word)
      words.push(word)
    }
  }
  // The real words are spread over the first ranks: some frequent, some rare.
  const cumulative = new Float64Array(words.length)
  let total = 0
  for (let rank = 0; rank < words.length; rank++) {
    total += 1 / (rank + 1) ** EXPONENT
    cumulative[rank] = total
  }
  for (let rank = 0; rank < words.length; rank++) cumulative[rank]! /= total
  return { language, words, cumulative }
}

function draw(vocab: Vocabulary, next: () => number): string {
  const target = next()
  let low = 0
  let high = vocab.cumulative.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (vocab.cumulative[middle]! < target) low = middle + 1
    else high = middle
  }
  return vocab.words[low]!
}

export function textGenerator(seed: number) {
  const next = random(seed)
  const vocabularies = LANGUAGES.map((language) => vocabulary(language, next))
  return {
    next,
    /** A chat's language: English most often, as in a team that writes mostly English. */
    pickLanguage(): number {
      const value = next()
      return value < 0.4 ? 0 : 1 + Math.floor(((value - 0.4) / 0.6) * (LANGUAGES.length - 1))
    },
    /** `count` words of the language: half its common words, half content words by Zipf. */
    sentence(languageIndex: number, count: number): string {
      const vocab = vocabularies[languageIndex]!
      const words: string[] = []
      for (let i = 0; i < count; i++) {
        words.push(
          next() < 0.45
            ? vocab.language.common[Math.floor(next() * vocab.language.common.length)]!
            : draw(vocab, next),
        )
        if (!vocab.language.joined && next() < 0.08) words[words.length - 1] += next() < 0.6 ? ',' : '.'
      }
      const text = words.join(vocab.language.joined ? '' : ' ')
      return vocab.language.joined ? `${text}。` : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
    },
  }
}
