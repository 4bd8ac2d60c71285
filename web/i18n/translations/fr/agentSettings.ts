import { translationOf } from '../../catalogue'
import type { agentSettings as english } from '../../en/agentSettings'

export const agentSettings = {
  'agentSettings.field.calendar_email': 'E-mail du calendrier',
  'agentSettings.config.title': 'Configuration des agents',
  'agentSettings.config.workflowNote':
    'Les agents marqués « Fonctionne via un workflow » nécessitent une intégration de workflows : chaque message qui leur est adressé est traité par un workflow du service d’automatisation de votre équipe.',
  'agentSettings.config.workflowMissingNote':
    'Les agents marqués « Nécessite un workflow » requièrent une intégration de workflows, que votre organisation n’a pas encore mise en place. Les autres fonctionnent dans Parley.',
  'agentSettings.config.nativeNote':
    'Ces agents fonctionnent dans Parley. Activez ceux que vous voulez pouvoir choisir dans la zone de saisie.',
  'agentSettings.config.none': 'Votre organisation ne propose aucun agent.',
  'agentSettings.config.enable': 'Activer {name}',
  'agentSettings.config.runsWorkflow': 'Fonctionne via un workflow',
  'agentSettings.config.runsNative': 'Fonctionne dans Parley',
  'agentSettings.config.needsWorkflow':
    'Nécessite un workflow, qui n’est pas encore configuré. Adressez-vous à votre administrateur.',
  'agentSettings.config.hiddenShow': 'Masqué dans la zone de saisie · Afficher',
  'agentSettings.config.calendarConnection': 'Connexion du calendrier',
  'agentSettings.config.required': 'Configuration requise',
  'agentSettings.config.fieldRequired': 'Ce champ est obligatoire',
  'agentSettings.config.invalidEmail': 'Saisissez une adresse e-mail valide',
  'agentSettings.config.saved': 'Paramètres des agents enregistrés',
  'agentSettings.calendar.title': 'Configuration de l’Agent Calendrier',
  'agentSettings.calendar.description':
    'Le client OAuth fourni par votre fournisseur de calendrier, puis la connexion à votre calendrier. Le workflow de l’Agent Calendrier s’en sert pour planifier à votre place.',
  'agentSettings.calendar.notOffered': 'Votre organisation ne propose pas l’Agent Calendrier.',
  'agentSettings.calendar.redirectUrl': 'URL de redirection OAuth',
  'agentSettings.calendar.redirectHint':
    'Enregistrez cette adresse auprès de votre fournisseur de calendrier comme URL de redirection du client OAuth.',
  'agentSettings.calendar.copy': 'Copier',
  'agentSettings.calendar.copied': 'Copiée',
  'agentSettings.calendar.copyRedirect': 'Copier l’URL de redirection OAuth',
  'agentSettings.calendar.copyFailed': 'Copie impossible : sélectionnez l’adresse et copiez-la vous-même',
  'agentSettings.calendar.clientId': 'ID client *',
  'agentSettings.calendar.clientSecret': 'Secret client *',
  'agentSettings.calendar.secretSaved':
    'Un secret client est enregistré. Laissez le champ vide pour le conserver.',
  'agentSettings.calendar.secretKeep': 'Enregistré (inchangé)',
  'agentSettings.calendar.save': 'Enregistrer la configuration',
  'agentSettings.calendar.saving': 'Enregistrement...',
  'agentSettings.calendar.saved': 'Configuration du calendrier enregistrée',
  'agentSettings.calendar.saveFailed': 'Impossible d’enregistrer la configuration du calendrier',
  'agentSettings.calendar.connection': 'Votre calendrier',
  'agentSettings.calendar.saveFirst': 'Enregistrez la configuration, puis connectez votre calendrier.',
  'agentSettings.calendar.notConnected': 'Aucun calendrier n’est encore connecté.',
  'agentSettings.calendar.connect': 'Connecter le calendrier',
  'agentSettings.calendar.reconnect': 'Reconnecter le calendrier',
  'agentSettings.calendar.needsReconnect':
    'La connexion à votre calendrier a expiré. Reconnectez-le pour continuer à utiliser l’Agent Calendrier.',
  'agentSettings.calendar.connectedAs': 'Connecté en tant que {email}',
  'agentSettings.calendar.connectedNoEmail': 'Connecté',
  'agentSettings.calendar.disconnect': 'Déconnecter',
  'agentSettings.calendar.disconnected': 'Calendrier déconnecté',
  'agentSettings.calendar.disconnectFailed': 'Impossible de déconnecter le calendrier',
  'agentSettings.calendar.connectFailed': 'Impossible de lancer la connexion du calendrier',
  'agentSettings.admin.title': 'Agents',
  'agentSettings.admin.hint':
    'Les agents que votre organisation propose et le workflow de chacun. Les champs vides utilisent les valeurs par défaut du serveur (N8N_WEBHOOK_URL, WORKFLOW_SIGNING_SECRET).',
  'agentSettings.admin.loadFailed': 'Impossible de charger les agents',
  'agentSettings.admin.offer': 'Proposer {name}',
  'agentSettings.admin.webhookUrl': 'URL du webhook',
  'agentSettings.admin.secret': 'Secret partagé',
  'agentSettings.admin.secretSaved': 'Enregistré',
  'agentSettings.admin.secretKeep': 'Laissez vide pour conserver le secret enregistré',
  'agentSettings.admin.timeout': 'Délai maximal (secondes)',
  'agentSettings.admin.usesDefaults': 'Valeurs par défaut',
  'agentSettings.admin.invalidTimeout': 'Saisissez un nombre entier de secondes entre 1 et 3600',
  'agentSettings.admin.save': 'Enregistrer',
  'agentSettings.admin.saved': '{name} enregistré',
  'agentSettings.admin.saveFailed': 'Impossible d’enregistrer l’agent',
} as const

translationOf<typeof english>()(agentSettings)
