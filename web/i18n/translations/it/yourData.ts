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
  'yourData.import.failure.not_an_export': 'Questo file non è un’esportazione di ChatGPT, Claude o Parley.',
  'yourData.import.failure.not_json':
    'Il file non è un JSON valido: potrebbe essere danneggiato o incompleto.',
  'yourData.import.failure.no_conversations': 'Lo zip non contiene alcun conversations.json.',
  'yourData.import.failure.damaged_zip': 'Il file zip è danneggiato o incompleto.',
  'yourData.import.failure.too_many_files':
    'Lo zip contiene più di 20.000 file: importa da solo il conversations.json che contiene.',
  'yourData.import.failure.too_large': 'L’esportazione supera i 100 MB una volta decompressa.',
  'yourData.import.failure.too_many_conversations':
    'L’esportazione contiene {count} conversazioni; se ne possono importare al massimo {max} alla volta.',
  'yourData.import.failure.interrupted':
    'Il server si è fermato durante l’importazione; non è stato importato nulla.',
  'yourData.import.failure.unexpected':
    'L’importazione non è riuscita per un errore imprevisto; non è stato importato nulla.',
  'yourData.import.reason.unsafe_zip_name': 'Un file nello zip ha un nome non sicuro ed è stato ignorato.',
  'yourData.import.reason.not_parley_chat':
    'Questo file nello zip non è un’esportazione di chat di Parley ed è stato ignorato.',
  'yourData.import.reason.not_a_conversation':
    'Questa voce non è una conversazione di {format} ed è stata omessa.',
  'yourData.import.reason.no_messages': 'La conversazione non ha messaggi da importare.',
  'yourData.import.reason.too_many_messages': 'La conversazione ha più di {max} messaggi ed è stata omessa.',
  'yourData.import.reason.truncated':
    '{count, plural, one {Un messaggio più lungo di 1 MB è stato tagliato al suo primo MB.} other {# messaggi più lunghi di 1 MB sono stati tagliati al loro primo MB.}}',
  'yourData.import.reason.unreachable':
    '{count, plural, one {# messaggio non è collegato alla conversazione ed è stato omesso.} other {# messaggi non sono collegati alla conversazione e sono stati omessi.}}',
  'yourData.import.reason.unknown_sender':
    '{count, plural, one {# messaggio di un mittente sconosciuto è stato omesso.} other {# messaggi di un mittente sconosciuto sono stati omessi.}}',
  'yourData.import.reason.placeholders':
    'Le parti che l’esportazione non contiene o che Parley non può mostrare sono state conservate come testo: {parts}.',
  'yourData.import.part.image': '{count, plural, one {# immagine} other {# immagini}}',
  'yourData.import.part.file': '{count, plural, one {# file} other {# file}}',
  'yourData.import.part.audio': '{count, plural, one {# registrazione} other {# registrazioni}}',
  'yourData.import.part.toolCall':
    '{count, plural, one {# chiamata a strumento} other {# chiamate a strumenti}}',
  'yourData.import.part.toolOutput':
    '{count, plural, one {# risultato di strumento} other {# risultati di strumenti}}',
  'yourData.import.part.thinking':
    '{count, plural, one {# passaggio di ragionamento} other {# passaggi di ragionamento}}',
  'yourData.import.part.other': '{count, plural, one {# altra parte} other {# altre parti}}',
} as const

translationOf<typeof english>()(yourData)
