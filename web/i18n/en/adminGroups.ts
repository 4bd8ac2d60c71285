/** Admin › Groups: groups, their members, the models and agents they allow and their limits (issue 29). */
export const adminGroups = {
  'adminGroups.intro':
    'A group gives its members their models, agents and budget. People join by hand, from their identity provider at sign-in, or through SCIM.',
  'adminGroups.new': 'New group',
  'adminGroups.loadFailed': 'Failed to load the groups',
  'adminGroups.empty': 'No groups yet',
  'adminGroups.emptyHint':
    'Create one to limit which models and agents its members may use, or to give them their own budget.',

  // The list
  'adminGroups.list.name': 'Name',
  'adminGroups.list.members': 'Members',
  'adminGroups.list.providerGroup': 'Provider group',
  'adminGroups.list.limits': 'Limits',
  'adminGroups.list.access': 'Models and agents',
  'adminGroups.list.memberCount': '{count, plural, one {# member} other {# members}}',
  'adminGroups.list.noProviderGroup': 'None',
  'adminGroups.list.allModels': 'All models',
  'adminGroups.list.someModels': '{count, plural, one {# model} other {# models}}',
  'adminGroups.list.allAgents': 'All agents',
  'adminGroups.list.someAgents': '{count, plural, one {# agent} other {# agents}}',
  'adminGroups.list.daily': 'Daily {amount}',
  'adminGroups.list.monthly': 'Monthly {amount}',
  'adminGroups.list.noLimit': 'no limit',
  'adminGroups.list.noLimits': 'Not set by this group',
  'adminGroups.list.providerValue': 'Provider group: {name}',

  // The dialog
  'adminGroups.create.title': 'New group',
  'adminGroups.edit.title': 'Edit group',
  'adminGroups.form.name': 'Name',
  'adminGroups.form.nameRequired': 'Give the group a name',
  'adminGroups.form.providerGroup': 'Provider group name (optional)',
  'adminGroups.form.providerGroupHint': 'Members of this provider group join automatically at sign-in',
  'adminGroups.form.models': 'Allowed models',
  'adminGroups.form.modelsAll': 'All models',
  'adminGroups.form.modelsChosen': 'Only the chosen models',
  'adminGroups.form.modelsNone': 'Choose at least one model',
  'adminGroups.form.modelsHint':
    'Someone in several groups may use what any of their groups allows. Disabled models stay hidden from everyone.',
  'adminGroups.form.agents': 'Allowed agents',
  'adminGroups.form.agentsAll': 'All agents',
  'adminGroups.form.agentsChosen': 'Only the chosen agents',
  'adminGroups.form.agentsNone': 'Choose at least one agent',
  'adminGroups.form.nothingToChoose': 'Nothing to choose from yet',
  'adminGroups.form.daily': 'Daily limit',
  'adminGroups.form.monthly': 'Monthly limit',
  'adminGroups.form.limitNotSet': 'Not set by this group',
  'adminGroups.form.limitsHint':
    'In US dollars. Empty: this group sets no limit; 0: no limit. A person’s own limit comes first, then the most generous of their groups’, then the organisation’s.',
  'adminGroups.form.create': 'Create group',
  'adminGroups.form.save': 'Save',
  'adminGroups.created': 'Group “{name}” created. Add its members below.',
  'adminGroups.saved': 'Group “{name}” saved',
  'adminGroups.createFailed': 'Failed to create the group',
  'adminGroups.saveFailed': 'Failed to save the group',
  'adminGroups.loadGroupFailed': 'Failed to load the group',

  // Deleting
  'adminGroups.delete.button': 'Delete group',
  'adminGroups.delete.title': 'Delete the group “{name}”?',
  'adminGroups.delete.description':
    'Its members keep their accounts and their chats. They lose the models, agents and limits this group gave them, and what was shared with the group is no longer shared with them.',
  'adminGroups.delete.confirm': 'Delete group',
  'adminGroups.delete.done': 'Group “{name}” deleted',
  'adminGroups.delete.failed': 'Failed to delete the group',

  // Members (the dialog's second tab; Settings is the first)
  'adminGroups.tab.settings': 'Settings',
  'adminGroups.members.title': 'Members',
  'adminGroups.members.empty': 'No members yet',
  'adminGroups.members.source.manual': 'Added by hand',
  'adminGroups.members.source.provider': 'From the identity provider',
  'adminGroups.members.source.scim': 'From SCIM',
  'adminGroups.members.remove': 'Remove {name} from the group',
  'adminGroups.members.removed': '{name} removed from the group',
  'adminGroups.members.removeFailed': 'Failed to remove the member',
  'adminGroups.members.syncedNote':
    'Someone who joined from the identity provider or through SCIM may be added again at their next sign-in or sync.',
  'adminGroups.members.search': 'Add a member',
  'adminGroups.members.searchPlaceholder': 'Search by name or e-mail',
  'adminGroups.members.noMatch': 'No one else matches',
  'adminGroups.members.add': 'Add',
  'adminGroups.members.addLabel': 'Add {name} to the group',
  'adminGroups.members.added': '{name} added to the group',
  'adminGroups.members.addFailed': 'Failed to add the member',
} as const
