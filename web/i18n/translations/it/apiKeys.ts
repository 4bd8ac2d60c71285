import { translationOf } from '../../catalogue'
import type { apiKeys as english } from '../../en/apiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const apiKeys = {
  'apiKeys.tab': 'Chiavi API',
  'apiKeys.intro':
    'Collega a Parley script, notebook e strumenti basati sugli SDK di OpenAI. Una chiave agisce a tuo nome: valgono i tuoi modelli, il tuo budget e i tuoi gruppi.',
  'apiKeys.new': 'Crea chiave',
  'apiKeys.loadFailed': 'Impossibile caricare le tue chiavi API',
  'apiKeys.empty': 'Ancora nessuna chiave API',
  'apiKeys.emptyHint': 'Creane una per usare Parley da curl, LangChain, Continue o qualsiasi client OpenAI.',
  'apiKeys.off': 'L’API del team è disattivata su questo server',
  'apiKeys.offHint':
    'Un amministratore può attivarla in Amministrazione › API. Nel frattempo le chiavi che hai già creato non funzionano.',
  'apiKeys.notInGroups': 'I tuoi gruppi non hanno accesso all’API del team',
  'apiKeys.notInGroupsHint': 'Chiedi a un amministratore di aggiungerti a un gruppo che può usarla.',
  'apiKeys.locked':
    'Le chiavi API restano private per {name}: non si possono vedere né creare durante un accesso di assistenza.',
  'apiKeys.scope.chat': 'Chat',
  'apiKeys.scope.embeddings': 'Embedding',
  'apiKeys.scope.models': 'Modelli',
  'apiKeys.scope.chatHint': 'POST /v1/chat/completions',
  'apiKeys.scope.embeddingsHint': 'POST /v1/embeddings',
  'apiKeys.scope.modelsHint': 'GET /v1/models',
  'apiKeys.row.scopes': 'Permessi',
  'apiKeys.row.created': 'Creata il {date}',
  'apiKeys.row.lastUsed': 'Ultimo uso {when}',
  'apiKeys.row.neverUsed': 'Mai usata',
  'apiKeys.row.expires': 'Scade il {date}',
  'apiKeys.row.expired': 'Scaduta il {date}',
  'apiKeys.row.noExpiry': 'Nessuna scadenza',
  'apiKeys.row.revoked': 'Revocata il {date}',
  'apiKeys.row.spend': '{spent} questo mese',
  'apiKeys.row.spendOfLimit': '{spent} su {limit} questo mese',
  'apiKeys.revoke': 'Revoca',
  'apiKeys.revokeLabel': 'Revoca «{name}»',
  'apiKeys.revokeTitle': 'Revocare «{name}»?',
  'apiKeys.revokeBody':
    'Gli script e gli strumenti che usano questa chiave smettono subito di funzionare. Non si può annullare.',
  'apiKeys.revokeConfirm': 'Revoca chiave',
  'apiKeys.revoked': 'Chiave revocata',
  'apiKeys.revokeFailed': 'Impossibile revocare la chiave',
  'apiKeys.create.title': 'Crea chiave API',
  'apiKeys.create.description':
    'Dai alla chiave il nome del posto in cui la userai e solo i permessi di cui ha bisogno.',
  'apiKeys.create.name': 'Nome',
  'apiKeys.create.namePlaceholder': 'Notebook sul mio portatile',
  'apiKeys.create.nameRequired': 'Dai un nome alla chiave',
  'apiKeys.create.scopes': 'Permessi',
  'apiKeys.create.scopesRequired': 'Scegli almeno un permesso',
  'apiKeys.create.expiry': 'Scade il (facoltativo)',
  'apiKeys.create.expiryHint':
    'La chiave smette di funzionare all’inizio di quel giorno. Lascia vuoto per nessuna scadenza.',
  'apiKeys.create.expiryPast': 'Scegli un giorno dopo oggi',
  'apiKeys.create.limit': 'Limite mensile in dollari (facoltativo)',
  'apiKeys.create.limitHint':
    'La spesa con questa chiave si ferma a questo importo ogni mese. Vale anche il tuo budget.',
  'apiKeys.create.limitInvalid': 'Inserisci un importo come 5 o 12,50',
  'apiKeys.create.submit': 'Crea chiave',
  'apiKeys.create.failed': 'Impossibile creare la chiave',
  'apiKeys.created.title': 'La tua nuova chiave API',
  'apiKeys.created.once':
    'Copia ora questa chiave: viene mostrata una sola volta. Parley ne conserva solo un’impronta.',
  'apiKeys.created.key': 'Chiave API',
  'apiKeys.created.howTo': 'Come usarla',
  'apiKeys.created.baseUrl': 'URL di base',
  'apiKeys.created.howToHint':
    'Indica questo URL di base e la chiave a qualsiasi client OpenAI, oppure provala con curl:',
  'apiKeys.created.done': 'Fatto',
} as const

translationOf<typeof english>()(apiKeys)
