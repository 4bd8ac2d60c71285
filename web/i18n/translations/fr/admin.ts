import { translationOf } from '../../catalogue'
import type { admin as english } from '../../en/admin'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const admin = {
  'admin.title': 'Administration',
  'admin.signedInAs': 'Connecté en tant qu’administrateur {name}.',
  'admin.notAllowedTitle': 'Accès refusé',
  'admin.notAllowed':
    'Vous n’êtes pas autorisé à ouvrir l’espace d’administration. Seuls les administrateurs le peuvent.',
  'admin.nav.label': 'Sections d’administration',
  'admin.nav.users': 'Utilisateurs',
  'admin.nav.audit': 'Journal d’audit',
  'admin.nav.budgets': 'Budgets',
  'admin.nav.models': 'Modèles',
  'admin.nav.usage': 'Utilisation',
  'admin.nav.branding': 'Identité visuelle',
  'admin.nav.impersonations': 'Accès d’assistance',
  'admin.nav.signIn': 'Connexion',
  'admin.nav.api': 'API',
  'admin.nav.mcpServers': 'Serveurs MCP',
  'admin.nav.sharing': 'Partage',
  'admin.nav.retention': 'Conservation',
  'admin.nav.backups': 'Sauvegardes',
  'admin.nav.groups': 'Groupes',
  'admin.budgets.intro':
    'Plafonds de dépenses pour toute l’organisation. Une valeur définie ici remplace celle de la configuration du serveur.',
  'admin.budgets.loadFailed': 'Impossible de charger les paramètres de budget',
  'admin.budgets.saveFailed': 'Impossible d’enregistrer les paramètres de budget',
  'admin.budgets.saved': 'Paramètres de budget enregistrés',
  'admin.budgets.resetDone': 'Valeur de la configuration du serveur rétablie',
  'admin.budgets.save': 'Enregistrer',
  'admin.budgets.daily': 'Plafond journalier',
  'admin.budgets.monthly': 'Plafond mensuel',
  'admin.budgets.limitHint': 'En dollars américains. Laissez vide pour ne fixer aucun plafond.',
  'admin.budgets.current': 'Actuellement : {amount}',
  'admin.budgets.noLimit': 'Aucun plafond',
  'admin.budgets.threshold': 'Seuil d’alerte',
  'admin.budgets.thresholdHint': 'Avertir dès que cette part d’un plafond est utilisée (1–⁠100 %).',
  'admin.budgets.enforce': 'Bloquer les requêtes au-delà du plafond',
  'admin.budgets.enforceHint': 'Désactivé, les personnes sont seulement averties.',
  'admin.budgets.timeZone': 'Fuseau horaire',
  'admin.budgets.timeZoneHint': 'Les jours et les mois commencent à minuit dans ce fuseau horaire.',
  'admin.budgets.timeZoneNone': 'Aucun fuseau horaire ne correspond',
  'admin.budgets.source.environment': 'Défini par la configuration du serveur',
  'admin.budgets.source.organisation': 'Défini ici',
  'admin.budgets.reset': 'Utiliser la valeur du serveur',
  'admin.budgets.resetLabel': 'Utiliser la valeur du serveur : {field}',
  'admin.budgets.invalidAmount': 'Saisissez un montant en dollars, par exemple 12,50',
  'admin.budgets.invalidPercent': 'Saisissez un pourcentage entier de 1 à 100',
  'admin.budgets.invalidTimeZone': 'Choisissez un fuseau horaire dans la liste',
  // The server's refusals (400), by code
  'admin.budgets.limitRefused':
    'Saisissez un montant en dollars de 0 à 1 000 000 000 avec au plus deux décimales (cents)',
  'admin.budgets.thresholdRefused': 'Le seuil d’alerte doit être un pourcentage entier de 1 à 100',
  'admin.budgets.timeZoneRefused':
    'Fuseau horaire inconnu. Choisissez-en un comme Europe/Paris ou America/New_York',
} as const

translationOf<typeof english>()(admin)
