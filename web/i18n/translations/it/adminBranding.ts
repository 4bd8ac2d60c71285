import { translationOf } from '../../catalogue'
import type { adminBranding as english } from '../../en/adminBranding'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminBranding = {
  'adminBranding.intro':
    'Come appare l’app a tutti, nella pagina di accesso e all’interno. Un valore impostato qui sostituisce quello della configurazione del server, e una modifica salvata compare subito in ogni browser aperto.',
  'adminBranding.loadFailed': 'Impossibile caricare le impostazioni del marchio',
  'adminBranding.saveFailed': 'Impossibile salvare il marchio',
  'adminBranding.saved': 'Marchio salvato',
  'adminBranding.save': 'Salva',
  'adminBranding.discard': 'Annulla modifiche',
  'adminBranding.unsaved': 'Modifiche non salvate',
  'adminBranding.source.default': 'Predefinito',
  'adminBranding.source.custom': 'Impostato qui',
  'adminBranding.reset': 'Ripristina predefinito',
  'adminBranding.resetLabel': 'Ripristina predefinito: {field}',
  'adminBranding.resetDone': 'Valore predefinito ripristinato',
  'adminBranding.resetAll': 'Ripristina tutto',
  'adminBranding.resetAllTitle': 'Ripristinare tutto il marchio?',
  'adminBranding.resetAllBody':
    'Nomi, slogan, colori e immagini tornano ai valori predefiniti del server, per tutti e subito.',
  'adminBranding.resetAllConfirm': 'Ripristina tutto',
  'adminBranding.resetAllDone': 'Marchio riportato ai valori predefiniti',
  'adminBranding.texts': 'Nomi',
  'adminBranding.companyName': 'Nome dell’azienda',
  'adminBranding.companyNameHint': 'Compare nell’intestazione dell’app.',
  'adminBranding.productName': 'Nome del prodotto',
  'adminBranding.productNameHint':
    'Compare nella pagina di accesso, nella barra laterale e come titolo della scheda del browser.',
  'adminBranding.tagline': 'Slogan',
  'adminBranding.taglineHint':
    'Compare sotto il nome del prodotto nella pagina di accesso e nella schermata di benvenuto.',
  'adminBranding.colors': 'Colori',
  'adminBranding.primaryColor': 'Colore principale',
  'adminBranding.secondaryColor': 'Colore secondario',
  'adminBranding.colorHint':
    'Un colore esadecimale come #a855f7 o #a5f. Pulsanti ed evidenziazioni sfumano dal colore principale al secondario.',
  'adminBranding.colorPicker': 'Scegli: {field}',
  'adminBranding.images': 'Immagini',
  'adminBranding.logo': 'Logo',
  'adminBranding.logoHint': 'PNG, JPEG, GIF o WebP, al massimo 5 MB. Un’immagine quadrata rende meglio.',
  'adminBranding.loginBackground': 'Sfondo di accesso',
  'adminBranding.loginBackgroundHint':
    'Compare dietro la scheda di accesso. PNG, JPEG, GIF o WebP, al massimo 5 MB.',
  'adminBranding.upload': 'Carica',
  'adminBranding.uploadLabel': 'Carica: {field}',
  'adminBranding.replace': 'Sostituisci',
  'adminBranding.replaceLabel': 'Sostituisci: {field}',
  'adminBranding.remove': 'Rimuovi',
  'adminBranding.removeLabel': 'Rimuovi: {field}',
  'adminBranding.noImage': 'Nessuna',
  'adminBranding.imagePreview': 'Attuale: {field}',
  'adminBranding.uploaded': 'Immagine caricata',
  'adminBranding.removed': 'Immagine rimossa',
  'adminBranding.uploadFailed': 'Impossibile caricare l’immagine',
  'adminBranding.removeFailed': 'Impossibile rimuovere l’immagine',
  'adminBranding.notImage': 'Seleziona un file immagine',
  'adminBranding.tooLarge': 'L’immagine deve essere più piccola di 5 MB',
  'adminBranding.problem.empty': 'Inserisci un nome o ripristina quello predefinito.',
  'adminBranding.problem.tooLong': 'Al massimo {max} caratteri.',
  'adminBranding.problem.oneLine': 'Usa una sola riga.',
  'adminBranding.problem.color': 'Inserisci un colore come #a855f7 o #a5f.',
  'adminBranding.preview': 'Anteprima',
  'adminBranding.previewHint':
    'Con i valori qui sopra, salvati o no. Gli altri vedono una modifica dopo il salvataggio.',
  'adminBranding.previewHeader': 'Intestazione dell’app',
  'adminBranding.previewSignIn': 'Pagina di accesso',
  'adminBranding.previewWelcome': 'Ti diamo il bentornato',
  'adminBranding.previewEmail': 'E-mail',
  'adminBranding.previewButton': 'Accedi',
} as const

translationOf<typeof english>()(adminBranding)
