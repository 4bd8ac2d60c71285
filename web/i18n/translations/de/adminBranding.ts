import { translationOf } from '../../catalogue'
import type { adminBranding as english } from '../../en/adminBranding'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminBranding = {
  'adminBranding.intro':
    'So sieht die App für alle aus, auf der Anmeldeseite und innen. Ein hier gesetzter Wert ersetzt den aus der Serverkonfiguration, und eine gespeicherte Änderung erscheint sofort in jedem offenen Browser.',
  'adminBranding.loadFailed': 'Die Branding-Einstellungen konnten nicht geladen werden',
  'adminBranding.saveFailed': 'Das Branding konnte nicht gespeichert werden',
  'adminBranding.saved': 'Branding gespeichert',
  'adminBranding.save': 'Speichern',
  'adminBranding.discard': 'Änderungen verwerfen',
  'adminBranding.unsaved': 'Nicht gespeicherte Änderungen',
  'adminBranding.source.default': 'Standard',
  'adminBranding.source.custom': 'Hier gesetzt',
  'adminBranding.reset': 'Auf Standard zurücksetzen',
  'adminBranding.resetLabel': 'Auf Standard zurücksetzen: {field}',
  'adminBranding.resetDone': 'Auf den Standard zurückgesetzt',
  'adminBranding.resetAll': 'Alles auf Standard zurücksetzen',
  'adminBranding.resetAllTitle': 'Das ganze Branding zurücksetzen?',
  'adminBranding.resetAllBody':
    'Namen, Slogan, Farben und Bilder kehren sofort und für alle zu den Standardwerten des Servers zurück.',
  'adminBranding.resetAllConfirm': 'Alles zurücksetzen',
  'adminBranding.resetAllDone': 'Branding auf die Standardwerte zurückgesetzt',
  'adminBranding.texts': 'Namen',
  'adminBranding.companyName': 'Firmenname',
  'adminBranding.companyNameHint': 'Erscheint in der Kopfzeile der App.',
  'adminBranding.productName': 'Produktname',
  'adminBranding.productNameHint':
    'Erscheint auf der Anmeldeseite, in der Seitenleiste und als Titel des Browser-Tabs.',
  'adminBranding.tagline': 'Slogan',
  'adminBranding.taglineHint':
    'Erscheint unter dem Produktnamen auf der Anmeldeseite und auf dem Begrüßungsbildschirm.',
  'adminBranding.colors': 'Farben',
  'adminBranding.primaryColor': 'Hauptfarbe',
  'adminBranding.secondaryColor': 'Zweitfarbe',
  'adminBranding.colorHint':
    'Eine Hex-Farbe wie #a855f7 oder #a5f. Schaltflächen und Hervorhebungen verlaufen von der Haupt- zur Zweitfarbe.',
  'adminBranding.colorPicker': '{field} auswählen',
  'adminBranding.images': 'Bilder',
  'adminBranding.logo': 'Logo',
  'adminBranding.logoHint':
    'PNG, JPEG, GIF oder WebP, höchstens 5 MB. Ein quadratisches Bild wirkt am besten.',
  'adminBranding.loginBackground': 'Anmeldehintergrund',
  'adminBranding.loginBackgroundHint':
    'Erscheint hinter der Anmeldekarte. PNG, JPEG, GIF oder WebP, höchstens 5 MB.',
  'adminBranding.upload': 'Hochladen',
  'adminBranding.uploadLabel': 'Hochladen: {field}',
  'adminBranding.replace': 'Ersetzen',
  'adminBranding.replaceLabel': 'Ersetzen: {field}',
  'adminBranding.remove': 'Entfernen',
  'adminBranding.removeLabel': 'Entfernen: {field}',
  'adminBranding.noImage': 'Keins',
  'adminBranding.imagePreview': 'Aktuell: {field}',
  'adminBranding.uploaded': 'Bild hochgeladen',
  'adminBranding.removed': 'Bild entfernt',
  'adminBranding.uploadFailed': 'Das Bild konnte nicht hochgeladen werden',
  'adminBranding.removeFailed': 'Das Bild konnte nicht entfernt werden',
  'adminBranding.notImage': 'Bitte wähle eine Bilddatei aus',
  'adminBranding.tooLarge': 'Das Bild muss kleiner als 5 MB sein',
  'adminBranding.problem.empty': 'Gib einen Namen ein oder setze ihn auf den Standard zurück.',
  'adminBranding.problem.tooLong': 'Höchstens {max} Zeichen.',
  'adminBranding.problem.oneLine': 'Bitte nur eine Zeile.',
  'adminBranding.problem.color': 'Gib eine Farbe wie #a855f7 oder #a5f ein.',
  'adminBranding.preview': 'Vorschau',
  'adminBranding.previewHint':
    'Mit den Werten oben, gespeichert oder nicht. Andere sehen eine Änderung erst nach dem Speichern.',
  'adminBranding.previewHeader': 'Kopfzeile der App',
  'adminBranding.previewSignIn': 'Anmeldeseite',
  'adminBranding.previewWelcome': 'Willkommen zurück',
  'adminBranding.previewEmail': 'E-Mail',
  'adminBranding.previewButton': 'Anmelden',
} as const

translationOf<typeof english>()(adminBranding)
