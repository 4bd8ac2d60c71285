import { translationOf } from '../../catalogue'
import type { chat as english } from '../../en/chat'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const chat = {
  'chat.messages.label': 'Messaggi',
  'chat.messages.loading': 'Caricamento dei messaggi',
  'chat.messages.loadFailed': 'Impossibile caricare i messaggi',
  'chat.messages.loadOlder': 'Carica messaggi precedenti',
  'chat.message.user': 'Il tuo messaggio',
  'chat.message.assistant': 'Messaggio dell’assistente',
  'chat.message.copy': 'Copia messaggio',
  'chat.message.copied': 'Copiato',
  'chat.message.thinking': 'Sto pensando…',
  'chat.message.stopped': 'Interrotta',
  'chat.sources.title': 'Fonti',
  'chat.sources.open': 'Apri la fonte {number}: {title}',
  'chat.note.imagesNotSeen':
    '{count, plural, one {Il modello non ha visto {files}: non può vedere le immagini e ha ricevuto solo il nome del file.} other {Il modello non ha visto {files}: non può vedere le immagini e ha ricevuto solo i nomi dei file.}}',

  'chat.reply.retry': 'Riprova',
  'chat.reply.regenerate': 'Rigenera',
  'chat.reply.failed': 'Impossibile inviare il messaggio. Riprova.',
  'chat.reply.refused': 'Impossibile inviare il messaggio',
  'chat.reply.httpError': 'Errore HTTP! Stato: {status}',
  'chat.reply.stopFailed': 'Impossibile interrompere la risposta',
  'chat.reply.noChat': 'Nessuna chat aperta',
  'chat.failure.providerTimeout': 'Il provider di IA non ha risposto in tempo',
  'chat.failure.providerTimeoutSeconds':
    '{seconds, plural, one {Il provider di IA non ha risposto entro # secondo} other {Il provider di IA non ha risposto entro # secondi}}',
  'chat.failure.providerUnreachable': 'Impossibile connettersi al provider di IA',
  'chat.failure.providerStreamLost':
    'La connessione al provider di IA si è interrotta prima che la risposta fosse completa',
  'chat.failure.providerStreamCut':
    'Il provider di IA ha chiuso il flusso prima che la risposta fosse completa',
  'chat.failure.providerStatus': 'Il provider di IA ha risposto {status}: {detail}',
  'chat.failure.providerFailed': 'Il provider di IA ha restituito un errore',
  'chat.failure.providerFailedDetail': 'Il provider di IA ha restituito un errore: {detail}',
  'chat.failure.interrupted': 'La risposta è stata interrotta quando il server si è fermato',
  'chat.failure.noModel': 'Al momento non è disponibile alcun modello di IA',

  'chat.markdown.image': 'immagine',
  'chat.markdown.imageFrom': 'Immagine da {host}',
  'chat.markdown.loadImage': 'Carica immagine',
  'chat.markdown.plainText': 'testo',
  'chat.markdown.copyCode': 'Copia',
  'chat.markdown.copied': 'Copiato',

  'chat.attachments.dropHere': 'Trascina qui i file per allegarli',
  'chat.attachments.attached': 'File allegati',
  'chat.attachments.list': 'Allegati',
  'chat.attachments.preview': 'Anteprima di',
  'chat.attachments.open': 'Apri',
  'chat.attachments.openNamed': 'Apri {name}',
  'chat.attachments.download': 'Scarica {name}',
  'chat.attachments.remove': 'Rimuovi {name}',
  'chat.attachments.uploading': 'Caricamento di {name}',
  'chat.attachments.processing': 'Elaborazione di {name}',
  'chat.attachments.genericExtension': 'FILE',
  'chat.attachments.file': 'File',
  'chat.attachments.textFile': 'File di testo {extension}',
  'chat.attachments.unknownType': 'Tipo sconosciuto',
  'chat.attachments.tooMany': 'Troppi file (max {max})',
  'chat.attachments.tooLarge': 'Il file è troppo grande (max {size})',
  'chat.attachments.processFailed': 'Impossibile elaborare il file: {name}',

  'chat.preview.rotate': 'Ruota',
  'chat.preview.download': 'Scarica',
  'chat.preview.remove': 'Rimuovi',
  'chat.preview.closeHint': 'Fai clic all’esterno o premi Esc per chiudere',

  'chat.settings.title': 'Impostazioni avanzate della chat',
  'chat.settings.description':
    'Queste impostazioni valgono solo per questa conversazione. Le modifiche si applicano dal tuo prossimo messaggio.',
  'chat.settings.loadFailed': 'Impossibile caricare le impostazioni',
  'chat.settings.capabilitiesFailed': 'Impossibile caricare le funzionalità del server',
  'chat.settings.systemPrompt': 'Istruzioni di sistema',
  'chat.settings.systemPromptPlaceholder': 'Sei un assistente disponibile…',
  'chat.settings.temperature': 'Temperatura',
  'chat.settings.temperatureHint': 'Più alta è più creativa, più bassa è più mirata.',
  'chat.settings.maxTokens': 'Token massimi',
  'chat.settings.maxTokensField': 'Lunghezza massima della risposta dell’IA (1-128.000 token)',
  'chat.settings.topP': 'Top P',
  'chat.settings.frequencyPenalty': 'Penalità di frequenza',
  'chat.settings.presencePenalty': 'Penalità di presenza',
  'chat.settings.responseFormat': 'Formato della risposta',
  'chat.settings.format.text': 'Testo',
  'chat.settings.format.json': 'JSON',
  'chat.settings.format.markdown': 'Markdown',
  'chat.settings.webSearch': 'Attiva la ricerca web',
  'chat.settings.webSearchHint': 'Cerca sul web e cita i risultati.',
  'chat.settings.webSearchUnavailable': 'La ricerca web non è configurata su questo server.',
  'chat.settings.resetToDefaults': 'Ripristina predefiniti',
  'chat.settings.resetQuestion':
    'Ripristinare tutte le impostazioni ai valori predefiniti? L’operazione non può essere annullata.',
  'chat.settings.reset': 'Ripristina',
  'chat.settings.save': 'Salva impostazioni',
  'chat.settings.saving': 'Salvataggio…',
  'chat.settings.saved': 'Impostazioni della chat salvate',
  'chat.settings.saveFailed': 'Impossibile salvare le impostazioni',
  'chat.settings.resetDone': 'Impostazioni ripristinate ai valori predefiniti',
  'chat.settings.resetFailed': 'Impossibile ripristinare le impostazioni',
} as const

translationOf<typeof english>()(chat)
