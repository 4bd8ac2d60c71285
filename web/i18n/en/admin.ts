/** The admin area (/admin): its frame, its navigation and each section. Administrators only. */
export const admin = {
  // Frame
  'admin.title': 'Admin Panel',
  'admin.signedInAs': 'Signed in as administrator {name}.',
  'admin.notAllowedTitle': 'Not allowed',
  'admin.notAllowed': 'You are not allowed to open the admin area. Only administrators can.',
  'admin.nav.label': 'Admin sections',
  'admin.nav.users': 'Users',
  'admin.nav.audit': 'Audit trail',
  'admin.nav.budgets': 'Budgets',
  'admin.nav.models': 'Models',
  'admin.nav.usage': 'Usage',
  'admin.nav.branding': 'Branding',
  'admin.nav.impersonations': 'Support access',
  'admin.nav.groups': 'Groups',
  'admin.nav.signIn': 'Sign-in',
  'admin.nav.api': 'API',
  'admin.nav.mcpServers': 'MCP servers',

  // Budgets: the organisation's defaults
  'admin.budgets.intro':
    'Spending limits for everyone in the organisation. A value set here replaces the one in the server’s configuration.',
  'admin.budgets.loadFailed': 'Failed to load the budget settings',
  'admin.budgets.saveFailed': 'Failed to save the budget settings',
  'admin.budgets.saved': 'Budget settings saved',
  'admin.budgets.resetDone': 'Back to the value in the server’s configuration',
  'admin.budgets.save': 'Save',
  'admin.budgets.daily': 'Daily limit',
  'admin.budgets.monthly': 'Monthly limit',
  'admin.budgets.limitHint': 'In US dollars. Leave empty for no limit.',
  'admin.budgets.current': 'Now: {amount}',
  'admin.budgets.noLimit': 'No limit',
  'admin.budgets.threshold': 'Alert threshold',
  'admin.budgets.thresholdHint': 'Warn people once they have used this share of a limit (1–⁠100 %).',
  'admin.budgets.enforce': 'Block requests over the limit',
  'admin.budgets.enforceHint': 'When off, people are only warned.',
  'admin.budgets.timeZone': 'Time zone',
  'admin.budgets.timeZoneHint': 'Days and months begin at midnight in this time zone.',
  'admin.budgets.timeZoneNone': 'No time zone matches',
  'admin.budgets.source.environment': 'Set by the server’s configuration',
  'admin.budgets.source.organisation': 'Set here',
  'admin.budgets.reset': 'Use the server’s value',
  // The button's name: its visible text, then which setting (for screen readers, where several stand together)
  'admin.budgets.resetLabel': 'Use the server’s value: {field}',
  'admin.budgets.invalidAmount': 'Enter an amount in dollars, such as 12.50',
  'admin.budgets.invalidPercent': 'Enter a whole percent from 1 to 100',
  'admin.budgets.invalidTimeZone': 'Choose a time zone from the list',
  // The server's refusals (400), by code
  'admin.budgets.limitRefused':
    'Enter an amount in dollars from 0 to 1,000,000,000 with at most two decimals (cents)',
  'admin.budgets.thresholdRefused': 'The alert threshold must be a whole percent from 1 to 100',
  'admin.budgets.timeZoneRefused': 'Unknown time zone. Choose one such as Europe/Paris or America/New_York',
} as const
