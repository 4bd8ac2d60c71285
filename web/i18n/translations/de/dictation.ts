import { translationOf } from '../../catalogue'
import type { dictation as english } from '../../en/dictation'

export const dictation = {
  'dictation.unsupported': 'Dein Browser unterstützt keine Spracherkennung',
  'dictation.error': 'Fehler bei der Spracherkennung: {error}',
  'dictation.permissionDenied':
    'Der Zugriff auf das Mikrofon wurde blockiert. Erlaube das Mikrofon für diese Seite in deinem Browser, um zu diktieren.',
  'dictation.noMicrophone': 'Es wurde kein Mikrofon gefunden. Schließ eins an und versuch es noch einmal.',
  'dictation.transcribeFailed':
    'Die Aufnahme konnte nicht transkribiert werden. Bitte versuch es noch einmal.',
  'dictation.tooLong': 'Die Aufnahme wurde nach 5 Minuten beendet',
} as const

translationOf<typeof english>()(dictation)
