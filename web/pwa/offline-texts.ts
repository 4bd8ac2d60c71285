import type { Locale } from '../i18n/locales'

/**
 * The offline page's texts (web/pwa/offline-page.ts). That page is plain HTML the service worker
 * keeps, shown when the app itself cannot load, so it cannot use the client's catalogue at run
 * time; its six languages live here, typed so that a missing language or text fails `tsc`.
 */
export interface OfflineTexts {
  title: string
  body: string
  retry: string
}

export const OFFLINE_TEXTS: Record<Locale, OfflineTexts> = {
  en: {
    title: 'You’re offline',
    body: 'The server can’t be reached right now. Check your internet connection and try again.',
    retry: 'Try again',
  },
  es: {
    title: 'Sin conexión',
    body: 'Ahora mismo no se puede conectar con el servidor. Comprueba tu conexión a internet y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
  fr: {
    title: 'Vous êtes hors ligne',
    body: 'Le serveur est injoignable pour le moment. Vérifiez votre connexion Internet, puis réessayez.',
    retry: 'Réessayer',
  },
  de: {
    title: 'Du bist offline',
    body: 'Der Server ist gerade nicht erreichbar. Prüfe deine Internetverbindung und versuche es erneut.',
    retry: 'Erneut versuchen',
  },
  it: {
    title: 'Sei offline',
    body: 'Al momento il server non è raggiungibile. Controlla la connessione a Internet e riprova.',
    retry: 'Riprova',
  },
  pt: {
    title: 'Você está offline',
    body: 'Não foi possível acessar o servidor agora. Verifique sua conexão com a internet e tente novamente.',
    retry: 'Tentar novamente',
  },
}
