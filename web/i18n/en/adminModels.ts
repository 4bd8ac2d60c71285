/** Admin → Models: the model catalogue, the default model and the AI providers' status. */
export const adminModels = {
  'adminModels.intro':
    'Choose which models people can use, how they are named and what they cost. Changes reach everyone’s model list at once.',
  'adminModels.loadFailed': 'Failed to load the models',
  'adminModels.saveFailed': 'Failed to save the model',
  'adminModels.saved': 'Model saved',

  // Refresh
  'adminModels.refresh': 'Refresh from provider',
  'adminModels.refresh.ok': 'Model list refreshed from the provider',
  'adminModels.refresh.failed':
    'The provider could not be reached. The models were kept as they were; see the provider status below.',
  'adminModels.refresh.notUsed': 'Model list refreshed from the server’s configuration',
  'adminModels.refresh.error': 'Failed to refresh the models',

  // Default model
  'adminModels.default.label': 'Default model',
  'adminModels.default.hint':
    'New chats start with this model for people who have not chosen one. Only enabled models the provider offers can be the default.',
  'adminModels.default.none': 'First available model',
  'adminModels.default.saved': 'Default model saved',
  'adminModels.default.cleared': 'No default model: people start with the first available one',
  'adminModels.default.failed': 'Failed to set the default model',
  'adminModels.badge.default': 'Default',

  // The list
  'adminModels.list.title': 'Models',
  'adminModels.list.count': '{count, plural, one {# model} other {# models}}',
  'adminModels.list.empty': 'No models yet. Refresh from the provider to load them.',
  'adminModels.col.model': 'Model',
  'adminModels.col.provider': 'Provider',
  'adminModels.col.prices': 'Price per 1M tokens',
  'adminModels.col.enabled': 'Enabled',
  'adminModels.col.actions': 'Actions',
  'adminModels.price.inOut': 'In {input} · Out {output}',
  'adminModels.price.input': 'Input {price}',
  'adminModels.price.output': 'Output {price}',
  'adminModels.vision.yes': 'Reads images',
  'adminModels.vision.no': 'Text only',
  'adminModels.badge.inactive': 'Not offered by the provider',
  'adminModels.badge.disabled': 'Disabled',
  'adminModels.badge.edited': 'Edited',
  'adminModels.provider.openai': 'OpenAI-compatible',
  'adminModels.provider.workflow': 'Workflow',
  'adminModels.provider.demo': 'Demo',
  'adminModels.enable': 'Enable {name}',
  'adminModels.enabled': '{name} is now available to everyone',
  'adminModels.disabled': '{name} is now hidden from everyone',
  'adminModels.edit': 'Edit',
  'adminModels.editLabel': 'Edit {name}',

  // The edit dialog
  'adminModels.dialog.title': 'Edit {name}',
  'adminModels.dialog.description':
    'Leave a field empty to use the provider’s value, shown under each field.',
  'adminModels.field.name': 'Display name',
  'adminModels.field.description': 'Description',
  'adminModels.field.inputPrice': 'Input price',
  'adminModels.field.outputPrice': 'Output price',
  'adminModels.field.priceHint': 'US dollars per million tokens, up to six decimals',
  'adminModels.field.vision': 'Image support',
  'adminModels.field.visionProvider': 'As the provider says ({value})',
  'adminModels.field.visionYes': 'Reads images',
  'adminModels.field.visionNo': 'Text only',
  'adminModels.field.fromProvider': 'From the provider: {value}',
  'adminModels.field.noDescription': 'none',
  'adminModels.field.nameRequired': 'Enter a name or leave the field empty',
  'adminModels.field.invalidPrice': 'Enter a price in dollars, such as 0.15',
  'adminModels.save': 'Save',
  'adminModels.cancel': 'Cancel',
  'adminModels.resetAll': 'Use the provider’s values',

  // Providers
  'adminModels.providers.title': 'Provider status',
  'adminModels.providers.hint':
    'What this server saw on its last call to each service since it started. Refreshing checks them again.',
  'adminModels.providers.loadFailed': 'Failed to load the provider status',
  'adminModels.providers.openai': 'OpenAI-compatible API',
  'adminModels.providers.workflow': 'Workflow webhook',
  'adminModels.providers.search': 'Web search',
  'adminModels.providers.embeddings': 'Embeddings',
  'adminModels.state.ok': 'Working',
  'adminModels.state.error': 'Error',
  'adminModels.state.unknown': 'Not used yet',
  'adminModels.state.not_configured': 'Not configured',
  'adminModels.providers.host': 'Host: {host}',
  'adminModels.providers.model': 'Model: {model}',
  'adminModels.providers.lastSuccess': 'Last success {when}',
  'adminModels.providers.lastError': 'Last error {when}',
  'adminModels.providers.notConfiguredHint': 'Set {variable} on the server to use it.',
} as const
