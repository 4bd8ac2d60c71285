import { translationOf } from '../../catalogue'
import type { yourData as english } from '../../en/yourData'

/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'I tuoi dati',
  'yourData.retention.title': 'Cosa conserva la tua organizzazione',
  'yourData.retention.none': 'Le tue chat e i tuoi file restano finché non li elimini.',
  'yourData.retention.chats':
    'Le chat che non usi da {days, plural, one {# giorno} other {# giorni}} vengono eliminate. Le chat fissate vengono conservate.',
  'yourData.retention.files':
    'File e immagini generate vengono eliminati {days, plural, one {# giorno} other {# giorni}} dopo il loro messaggio.',
  'yourData.retention.loadFailed': 'Non è stato possibile leggere il criterio di conservazione.',
  'yourData.import.title': 'Importa chat',
  'yourData.import.intro':
    'Porta qui la tua cronologia da ChatGPT o Claude (lo zip dell’esportazione o il suo conversations.json), o chat esportate da Parley in JSON. Titoli, orari e rami restano; importare di nuovo lo stesso file non aggiunge nulla due volte.',
  'yourData.import.choose': 'Scegli un file…',
  'yourData.import.limit': 'Un file .zip o .json fino a 100 MB.',
  'yourData.import.uploading': 'Invio di {name}…',
  'yourData.import.reading': 'Lettura di {name}…',
  'yourData.import.running': 'Importazione di {name}: {done} di {total}',
  'yourData.import.progressLabel': 'Avanzamento dell’importazione',
  'yourData.import.cancel': 'Annulla importazione',
  'yourData.import.cancelled': 'Annullata. Nulla di {name} è stato importato.',
  'yourData.import.done':
    '{chats, plural, one {# chat importata} other {# chat importate}} con {messages, plural, one {# messaggio} other {# messaggi}} da {name}.',
  'yourData.import.doneToast': 'Importazione completata',
  'yourData.import.duplicates':
    '{count, plural, one {# chat era già stata importata e non viene aggiunta di nuovo.} other {# chat erano già state importate e non vengono aggiunte di nuovo.}}',
  'yourData.import.skipped':
    '{count, plural, one {# elemento omesso o modificato} other {# elementi omessi o modificati}}',
  'yourData.import.failed': 'Nulla di {name} è stato importato: {reason}',
  'yourData.import.uploadFailed': 'Non è stato possibile inviare il file',
  'yourData.import.loadFailed': 'Non è stato possibile caricare le tue importazioni',
  'yourData.import.cancelFailed': 'Non è stato possibile annullare l’importazione',
  'yourData.import.earlier': 'Importazioni precedenti',
  'yourData.import.from.chatgpt': 'Esportazione di ChatGPT',
  'yourData.import.from.claude': 'Esportazione di Claude',
  'yourData.import.from.parley': 'Esportazione di Parley',
  'yourData.import.status.running': 'In corso',
  'yourData.import.status.done': 'Importata',
  'yourData.import.status.failed': 'Non riuscita',
  'yourData.import.status.cancelled': 'Annullata',
  'yourData.import.summary':
    '{chats, plural, one {# chat} other {# chat}}, {messages, plural, one {# messaggio} other {# messaggi}}',
  'yourData.import.locked':
    'Durante l’accesso di assistenza non si possono importare chat nell’account di {name}.',
  'yourData.export.title': 'Porta con te i tuoi dati',
  'yourData.export.intro':
    'Uno zip con il tuo profilo, ogni chat con tutti i rami (JSON e Markdown), i tuoi file e le immagini generate, i prompt, le voci della knowledge base e l’utilizzo. Viene preparato in background; ti avvisiamo quando è pronto e si può scaricare per 7 giorni.',
  'yourData.export.start': 'Prepara i miei dati',
  'yourData.export.running':
    'Preparazione dei tuoi dati… Puoi chiudere questa finestra: ti avviseremo quando saranno pronti.',
  'yourData.export.ready': 'Pronto: {size}. Si può scaricare fino al {date}.',
  'yourData.export.download': 'Scarica',
  'yourData.export.failed': 'Non è stato possibile preparare i tuoi dati: {reason}',
  'yourData.export.expired': 'Il tuo ultimo download è scaduto. Preparane uno nuovo quando ti serve.',
  'yourData.export.startFailed': 'Non è stato possibile preparare i tuoi dati',
  'yourData.export.loadFailed': 'Non è stato possibile caricare i tuoi download',
  'yourData.export.locked': 'Durante l’accesso di assistenza non si possono scaricare i dati di {name}.',
} as const

translationOf<typeof english>()(yourData)
