import { translationOf } from '../../catalogue'
import type { yourData as english } from '../../en/yourData'

/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'Deine Daten',
  'yourData.retention.title': 'Was deine Organisation aufbewahrt',
  'yourData.retention.none': 'Deine Chats und Dateien bleiben, bis du sie löschst.',
  'yourData.retention.chats':
    'Chats, die du seit {days, plural, one {# Tag} other {# Tagen}} nicht genutzt hast, werden gelöscht. Angeheftete Chats bleiben.',
  'yourData.retention.files':
    'Dateien und erzeugte Bilder werden {days, plural, one {# Tag} other {# Tage}} nach ihrer Nachricht gelöscht.',
  'yourData.retention.loadFailed': 'Die Aufbewahrungsrichtlinie konnte nicht gelesen werden.',
  'yourData.import.title': 'Chats übernehmen',
  'yourData.import.intro':
    'Übernimm deinen Verlauf aus ChatGPT oder Claude (die ZIP-Datei des Exports oder ihre conversations.json) oder aus Parley als JSON exportierte Chats. Titel, Zeiten und Verzweigungen bleiben erhalten; dieselbe Datei ein zweites Mal fügt nichts doppelt hinzu.',
  'yourData.import.choose': 'Datei auswählen…',
  'yourData.import.limit': 'Eine .zip- oder .json-Datei bis 100 MB.',
  'yourData.import.uploading': '{name} wird gesendet…',
  'yourData.import.reading': '{name} wird gelesen…',
  'yourData.import.running': '{name} wird übernommen: {done} von {total}',
  'yourData.import.progressLabel': 'Fortschritt der Übernahme',
  'yourData.import.cancel': 'Übernahme abbrechen',
  'yourData.import.cancelled': 'Abgebrochen. Nichts aus {name} wurde übernommen.',
  'yourData.import.done':
    '{chats, plural, one {# Chat} other {# Chats}} mit {messages, plural, one {# Nachricht} other {# Nachrichten}} aus {name} übernommen.',
  'yourData.import.doneToast': 'Übernahme abgeschlossen',
  'yourData.import.duplicates':
    '{count, plural, one {# Chat wurde schon früher übernommen und nicht erneut hinzugefügt.} other {# Chats wurden schon früher übernommen und nicht erneut hinzugefügt.}}',
  'yourData.import.skipped':
    '{count, plural, one {# Punkt ausgelassen oder geändert} other {# Punkte ausgelassen oder geändert}}',
  'yourData.import.failed': 'Nichts aus {name} wurde übernommen: {reason}',
  'yourData.import.uploadFailed': 'Die Datei konnte nicht gesendet werden',
  'yourData.import.loadFailed': 'Deine Übernahmen konnten nicht geladen werden',
  'yourData.import.cancelFailed': 'Die Übernahme konnte nicht abgebrochen werden',
  'yourData.import.earlier': 'Frühere Übernahmen',
  'yourData.import.from.chatgpt': 'ChatGPT-Export',
  'yourData.import.from.claude': 'Claude-Export',
  'yourData.import.from.parley': 'Parley-Export',
  'yourData.import.status.running': 'Läuft',
  'yourData.import.status.done': 'Übernommen',
  'yourData.import.status.failed': 'Fehlgeschlagen',
  'yourData.import.status.cancelled': 'Abgebrochen',
  'yourData.import.summary':
    '{chats, plural, one {# Chat} other {# Chats}}, {messages, plural, one {# Nachricht} other {# Nachrichten}}',
  'yourData.import.locked':
    'Während eines Supportzugriffs können keine Chats in das Konto von {name} übernommen werden.',
  'yourData.export.title': 'Deine Daten mitnehmen',
  'yourData.export.intro':
    'Eine ZIP-Datei mit deinem Profil, jedem Chat mit allen Verzweigungen (JSON und Markdown), deinen Dateien und erzeugten Bildern, Prompts, Wissenseinträgen und deiner Nutzung. Sie wird im Hintergrund erstellt; du erfährst, wenn sie bereit ist, und kannst sie 7 Tage lang herunterladen.',
  'yourData.export.start': 'Meine Daten vorbereiten',
  'yourData.export.running':
    'Deine Daten werden vorbereitet… Du kannst dieses Fenster schließen: Du erfährst, wenn sie bereit sind.',
  'yourData.export.ready': 'Bereit: {size}. Herunterladen möglich bis {date}.',
  'yourData.export.download': 'Herunterladen',
  'yourData.export.failed': 'Deine Daten konnten nicht vorbereitet werden: {reason}',
  'yourData.export.expired': 'Dein letzter Download ist abgelaufen. Bereite bei Bedarf einen neuen vor.',
  'yourData.export.startFailed': 'Deine Daten konnten nicht vorbereitet werden',
  'yourData.export.loadFailed': 'Deine Downloads konnten nicht geladen werden',
  'yourData.export.locked':
    'Während eines Supportzugriffs können die Daten von {name} nicht heruntergeladen werden.',
  'yourData.import.failure.not_an_export': 'Diese Datei ist kein Export von ChatGPT, Claude oder Parley.',
  'yourData.import.failure.not_json':
    'Die Datei ist kein gültiges JSON: Sie ist vielleicht beschädigt oder unvollständig.',
  'yourData.import.failure.no_conversations': 'Die ZIP-Datei enthält keine conversations.json.',
  'yourData.import.failure.damaged_zip': 'Die ZIP-Datei ist beschädigt oder unvollständig.',
  'yourData.import.failure.too_many_files':
    'Die ZIP-Datei enthält mehr als 20.000 Dateien: Übernimm die conversations.json darin einzeln.',
  'yourData.import.failure.too_large': 'Der Export ist entpackt größer als 100 MB.',
  'yourData.import.failure.too_many_conversations':
    'Der Export enthält {count} Unterhaltungen; höchstens {max} lassen sich auf einmal übernehmen.',
  'yourData.import.failure.interrupted':
    'Der Server wurde während der Übernahme beendet; nichts wurde übernommen.',
  'yourData.import.failure.unexpected':
    'Die Übernahme ist unerwartet fehlgeschlagen; nichts wurde übernommen.',
  'yourData.import.reason.unsafe_zip_name':
    'Eine Datei in der ZIP-Datei hat einen unsicheren Namen und wurde übergangen.',
  'yourData.import.reason.not_parley_chat':
    'Diese Datei in der ZIP-Datei ist kein Parley-Chatexport und wurde übergangen.',
  'yourData.import.reason.not_a_conversation':
    'Dieser Eintrag ist keine {format}-Unterhaltung und wurde ausgelassen.',
  'yourData.import.reason.no_messages': 'Die Unterhaltung hat keine Nachrichten zum Übernehmen.',
  'yourData.import.reason.too_many_messages':
    'Die Unterhaltung hat mehr als {max} Nachrichten und wurde ausgelassen.',
  'yourData.import.reason.truncated':
    '{count, plural, one {Eine Nachricht über 1 MB wurde auf ihr erstes MB gekürzt.} other {# Nachrichten über 1 MB wurden auf ihr erstes MB gekürzt.}}',
  'yourData.import.reason.unreachable':
    '{count, plural, one {# Nachricht hängt nicht mit der Unterhaltung zusammen und wurde ausgelassen.} other {# Nachrichten hängen nicht mit der Unterhaltung zusammen und wurden ausgelassen.}}',
  'yourData.import.reason.unknown_sender':
    '{count, plural, one {# Nachricht von unbekanntem Absender wurde ausgelassen.} other {# Nachrichten von unbekanntem Absender wurden ausgelassen.}}',
  'yourData.import.reason.placeholders':
    'Teile, die der Export nicht enthält oder Parley nicht anzeigen kann, wurden als Text behalten: {parts}.',
  'yourData.import.part.image': '{count, plural, one {# Bild} other {# Bilder}}',
  'yourData.import.part.file': '{count, plural, one {# Datei} other {# Dateien}}',
  'yourData.import.part.audio': '{count, plural, one {# Aufnahme} other {# Aufnahmen}}',
  'yourData.import.part.toolCall': '{count, plural, one {# Werkzeugaufruf} other {# Werkzeugaufrufe}}',
  'yourData.import.part.toolOutput': '{count, plural, one {# Werkzeugausgabe} other {# Werkzeugausgaben}}',
  'yourData.import.part.thinking': '{count, plural, one {# Denkschritt} other {# Denkschritte}}',
  'yourData.import.part.other': '{count, plural, one {# anderer Teil} other {# andere Teile}}',
} as const

translationOf<typeof english>()(yourData)
