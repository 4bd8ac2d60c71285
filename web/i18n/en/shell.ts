/** The signed-in frame: header, sidebar, chat list, composer, model picker, budget banner, theme, and shared UI pieces. */
export const shell = {
  // Header, sidebar and the app's frame
  'shell.sidebar.open': 'Open sidebar',
  'shell.sidebar.close': 'Close sidebar',
  'shell.sidebar.label': 'Sidebar',
  'shell.sidebar.chats': 'Chats',
  'shell.profile.loadFailed': 'Failed to load user profile',
  'shell.profile.defaultName': 'User',
  'shell.exportReady': 'Your data is ready to download',
  'shell.exportReady.download': 'Download',

  // User menu
  'shell.userMenu.account': 'Account menu:',
  'shell.userMenu.profile': 'Profile',
  'shell.userMenu.settings': 'Settings',
  'shell.userMenu.admin': 'Admin Panel',
  'shell.header.admin': 'Admin',
  'shell.userMenu.signOut': 'Sign Out',

  // Theme toggle
  'shell.theme.current': 'Theme: {theme, select, light {light} dark {dark} other {system}}',
  'shell.theme.light': 'Light',
  'shell.theme.dark': 'Dark',
  'shell.theme.system': 'System',

  // Welcome screen
  'shell.welcome.title': 'Welcome to {product}',
  'shell.welcome.hello': 'Hello, {name}.',
  'shell.welcome.newChat': 'Start a new chat',

  // Chat list
  'shell.chats.new': 'New Chat',
  'shell.chats.refresh': 'Refresh chats',
  'shell.chats.search': 'Search chats',
  'shell.chats.noMatches': 'No chats match your search',
  'shell.chats.empty': 'No chats yet',
  'shell.chats.loadingMore': 'Loading more...',
  'shell.chats.loadFailed': 'Failed to load chats',
  'shell.chats.createFailed': 'Failed to create new chat',
  'shell.chats.renameFailed': 'Failed to rename chat',
  'shell.chats.deleteFailed': 'Failed to delete chat',
  'shell.chatRow.titleField': 'Chat title',
  'shell.chatRow.rename': 'Rename {title}',
  'shell.chatRow.delete': 'Delete {title}',
  'shell.deleteChat.title': 'Delete chat?',
  'shell.deleteChat.description': '“{title}” and all its messages will be deleted. This cannot be undone.',

  // Composer
  'shell.composer.placeholder': 'What would you like to know?',
  'shell.composer.label': 'Message',
  'shell.composer.more': 'More actions',
  'shell.composer.addFiles': 'Add photos & files',
  'shell.composer.promptLibrary': 'Prompt library',
  'shell.knowledge.open': 'Knowledge base',
  'shell.knowledge.export': 'Export chat to knowledge base',
  'shell.composer.advanced': 'Advanced settings',
  'shell.composer.configureAgents': 'Configure agents',
  'shell.composer.createImage': 'Create image',
  'shell.composer.deepResearch': 'Deep research',
  'shell.composer.listening': 'Listening...',
  'shell.composer.dictate': 'Dictate',
  'shell.composer.stopDictation': 'Stop dictation',
  'shell.composer.transcribing': 'Transcribing…',
  'shell.composer.stop': 'Stop',
  'shell.composer.send': 'Send message',
  'shell.composer.tools': 'Tools',
  'shell.composer.toolsOn': '{count, plural, one {Tools, # on} other {Tools, # on}}',

  // Model dropdown
  'shell.model.prefix': 'Model:',
  'shell.model.heading': 'Model',
  'shell.model.none': 'No models available',
  'shell.model.select': 'Select Model',
  'shell.model.demoName': 'Demo (no AI provider configured)',
  'shell.model.demoDescription': 'Offline demo model: explains how to connect an AI provider',
  'shell.model.workflowName': 'Workflow agents',
  'shell.model.workflowDescription': 'Agents running in the workflow-automation service (n8n)',
  'shell.model.loadFailed': 'Failed to load models',
  'shell.model.preferredLoadFailed': 'Failed to load the preferred model',
  'shell.model.setFailed': 'Failed to set model',
  'shell.model.vision': 'Can see images',
  'shell.vision.cannotSee': '{model} cannot see images.',
  'shell.vision.onlyNames':
    '{count, plural, one {It would get only the image’s file name, not the picture.} other {It would get only the images’ file names, not the pictures.}}',
  'shell.vision.switch': 'Switch to a model that can see images:',
  'shell.vision.more': '{count, plural, one {# more} other {# more}}',
  'shell.vision.none': 'None of the models offered here can see images.',

  // Budget banner ({percent}, {used} and {limit} come formatted: '90%', '$0.02')
  'shell.budget.warning.daily': '{percent} of your daily AI budget used: {used} of {limit}.',
  'shell.budget.warning.monthly': '{percent} of your monthly AI budget used: {used} of {limit}.',
  'shell.budget.exceeded.daily': 'Daily AI budget exceeded: {used} of {limit}.',
  'shell.budget.exceeded.monthly': 'Monthly AI budget exceeded: {used} of {limit}.',
  'shell.budget.blocked.daily': 'AI requests are blocked until tomorrow.',
  'shell.budget.blocked.monthly': 'AI requests are blocked until next month.',
  'shell.budget.dismiss': 'Dismiss budget alert',
  'shell.budget.loadFailed': 'Failed to load the budget',
} as const
