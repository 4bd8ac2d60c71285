import { translationOf } from '../../catalogue'
import type { chat as english } from '../../en/chat'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const chat = {
  'chat.messages.label': 'Nachrichten',
  'chat.messages.loading': 'Nachrichten werden geladen',
  'chat.messages.loadFailed': 'Nachrichten konnten nicht geladen werden',
  'chat.messages.loadOlder': 'Ältere Nachrichten laden',
  'chat.message.user': 'Deine Nachricht',
  'chat.message.assistant': 'Nachricht des Assistenten',
  'chat.message.copy': 'Nachricht kopieren',
  'chat.message.copied': 'Kopiert',
  'chat.message.thinking': 'Denkt nach …',
  'chat.message.stopped': 'Gestoppt',
  'chat.sources.title': 'Quellen',
  'chat.sources.open': 'Quelle {number} öffnen: {title}',
  'chat.note.imagesNotSeen':
    '{count, plural, one {Das Modell hat {files} nicht gesehen: Es kann keine Bilder sehen und hat nur den Dateinamen bekommen.} other {Das Modell hat {files} nicht gesehen: Es kann keine Bilder sehen und hat nur die Dateinamen bekommen.}}',

  'chat.reply.retry': 'Erneut versuchen',
  'chat.reply.regenerate': 'Neu generieren',
  'chat.reply.failed': 'Die Nachricht konnte nicht gesendet werden. Bitte versuche es erneut.',
  'chat.reply.refused': 'Die Nachricht konnte nicht gesendet werden',
  'chat.reply.httpError': 'HTTP-Fehler! Status: {status}',
  'chat.reply.stopFailed': 'Die Antwort konnte nicht gestoppt werden',
  'chat.reply.noChat': 'Kein Chat geöffnet',
  'chat.failure.providerTimeout': 'Der KI-Anbieter hat nicht rechtzeitig geantwortet',
  'chat.failure.providerTimeoutSeconds':
    '{seconds, plural, one {Der KI-Anbieter hat nicht innerhalb von # Sekunde geantwortet} other {Der KI-Anbieter hat nicht innerhalb von # Sekunden geantwortet}}',
  'chat.failure.providerUnreachable': 'Keine Verbindung zum KI-Anbieter möglich',
  'chat.failure.providerStreamLost':
    'Die Verbindung zum KI-Anbieter brach ab, bevor die Antwort vollständig war',
  'chat.failure.providerStreamCut':
    'Der KI-Anbieter hat den Stream beendet, bevor die Antwort vollständig war',
  'chat.failure.providerStatus': 'Der KI-Anbieter antwortete mit {status}: {detail}',
  'chat.failure.providerFailed': 'Beim KI-Anbieter ist ein Fehler aufgetreten',
  'chat.failure.providerFailedDetail': 'Beim KI-Anbieter ist ein Fehler aufgetreten: {detail}',
  'chat.failure.interrupted': 'Die Antwort wurde unterbrochen, als der Server angehalten wurde',
  'chat.failure.noModel': 'Gerade ist kein KI-Modell verfügbar',

  'chat.markdown.image': 'Bild',
  'chat.markdown.imageFrom': 'Bild von {host}',
  'chat.markdown.loadImage': 'Bild laden',
  'chat.markdown.plainText': 'Text',
  'chat.markdown.copyCode': 'Kopieren',
  'chat.markdown.copied': 'Kopiert',

  'chat.attachments.dropHere': 'Dateien hier ablegen, um sie anzuhängen',
  'chat.attachments.attached': 'Angehängte Dateien',
  'chat.attachments.list': 'Anhänge',
  'chat.attachments.preview': 'Vorschau',
  'chat.attachments.open': 'Öffnen',
  'chat.attachments.openNamed': '{name} öffnen',
  'chat.attachments.download': '{name} herunterladen',
  'chat.attachments.remove': '{name} entfernen',
  'chat.attachments.uploading': '{name} wird hochgeladen',
  'chat.attachments.processing': '{name} wird verarbeitet',
  'chat.attachments.genericExtension': 'DATEI',
  'chat.attachments.file': 'Datei',
  'chat.attachments.textFile': 'Textdatei ({extension})',
  'chat.attachments.unknownType': 'Unbekannter Typ',
  'chat.attachments.tooMany': 'Zu viele Dateien (max. {max})',
  'chat.attachments.tooLarge': 'Die Datei ist zu groß (max. {size})',
  'chat.attachments.processFailed': 'Die Datei konnte nicht verarbeitet werden: {name}',

  'chat.preview.rotate': 'Drehen',
  'chat.preview.download': 'Herunterladen',
  'chat.preview.remove': 'Entfernen',
  'chat.preview.closeHint': 'Zum Schließen außerhalb klicken oder Esc drücken',

  'chat.settings.title': 'Erweiterte Chat-Einstellungen',
  'chat.settings.description':
    'Diese Einstellungen gelten nur für diesen Chat. Änderungen wirken ab deiner nächsten Nachricht.',
  'chat.settings.loadFailed': 'Die Einstellungen konnten nicht geladen werden',
  'chat.settings.capabilitiesFailed': 'Die Serverfunktionen konnten nicht geladen werden',
  'chat.settings.systemPrompt': 'Systemanweisung',
  'chat.settings.systemPromptPlaceholder': 'Du bist ein hilfreicher Assistent …',
  'chat.settings.temperature': 'Temperatur',
  'chat.settings.temperatureHint': 'Höher ist kreativer, niedriger fokussierter.',
  'chat.settings.maxTokens': 'Max. Tokens',
  'chat.settings.maxTokensField': 'Maximale Länge der KI-Antwort (1–128.000 Tokens)',
  'chat.settings.topP': 'Top P',
  'chat.settings.frequencyPenalty': 'Frequenzstrafe',
  'chat.settings.presencePenalty': 'Präsenzstrafe',
  'chat.settings.responseFormat': 'Antwortformat',
  'chat.settings.format.text': 'Text',
  'chat.settings.format.json': 'JSON',
  'chat.settings.format.markdown': 'Markdown',
  'chat.settings.webSearch': 'Websuche aktivieren',
  'chat.settings.webSearchHint': 'Im Web suchen und die Ergebnisse als Quellen angeben.',
  'chat.settings.webSearchUnavailable': 'Die Websuche ist auf diesem Server nicht eingerichtet.',
  'chat.settings.resetToDefaults': 'Auf Standardwerte zurücksetzen',
  'chat.settings.resetQuestion':
    'Alle Einstellungen auf die Standardwerte zurücksetzen? Das kann nicht rückgängig gemacht werden.',
  'chat.settings.reset': 'Zurücksetzen',
  'chat.settings.save': 'Einstellungen speichern',
  'chat.settings.saving': 'Wird gespeichert …',
  'chat.settings.saved': 'Chat-Einstellungen gespeichert',
  'chat.settings.saveFailed': 'Die Einstellungen konnten nicht gespeichert werden',
  'chat.settings.resetDone': 'Einstellungen auf Standardwerte zurückgesetzt',
  'chat.settings.resetFailed': 'Die Einstellungen konnten nicht zurückgesetzt werden',
} as const

translationOf<typeof english>()(chat)
