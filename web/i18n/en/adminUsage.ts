/** The admin area's usage section: spend and tokens per day, per model and per user, with CSV downloads. */
export const adminUsage = {
  'adminUsage.intro': 'Spend and tokens across the organisation. Days begin at midnight in {zone}.',
  'adminUsage.period': 'Period',
  'adminUsage.lastDays': '{count, plural, one {Last # day} other {Last # days}}',
  'adminUsage.loadFailed': 'Failed to load the usage figures',

  // Summary figures
  'adminUsage.summary': 'Summary',
  'adminUsage.totalSpend': 'Total spend',
  'adminUsage.tokens': 'Tokens',
  'adminUsage.tokensSplit': '{prompt} prompt · {completion} completion',
  'adminUsage.activeUsers': 'Active users',
  'adminUsage.replies': 'AI replies',
  'adminUsage.repliesCount': '{count, plural, one {# AI reply} other {# AI replies}}',
  'adminUsage.perDay': '{amount} a day on average',

  // Empty state
  'adminUsage.empty': '{count, plural, one {No usage on the last day} other {No usage in the last # days}}',
  'adminUsage.emptyHint': 'Spend and tokens appear here once people chat with a model.',

  // Charts
  'adminUsage.spendChart': 'Spend per day by model',
  'adminUsage.spendChartSummary':
    'Bar chart of the spend per day over the last {days} days, split by model: {total} in all. The highest day was {day}, with {amount}.',
  'adminUsage.tokensChart': 'Tokens per day',
  'adminUsage.tokensChartSummary':
    'Bar chart of the tokens per day over the last {days} days, split into prompt and completion tokens: {total} in all. The highest day was {day}, with {count}.',
  'adminUsage.topUsers': 'Top users by spend',
  'adminUsage.topUsersHint': 'The ten people who spent the most in this period. The CSV lists everyone.',
  'adminUsage.showTable': 'Show the figures as a table',
  'adminUsage.download': 'Download CSV',
  // The link's name for screen readers, where three stand on one page
  'adminUsage.downloadLabel': 'Download CSV: {chart}',
  'adminUsage.otherModels': 'Other models',
  'adminUsage.promptTokens': 'Prompt tokens',
  'adminUsage.completionTokens': 'Completion tokens',
  'adminUsage.date': 'Date',
  'adminUsage.model': 'Model',
  'adminUsage.total': 'Total',
  'adminUsage.user': 'User',
  'adminUsage.spend': 'Spend',
  'adminUsage.share': '{percent} of all spend',

  // Ratings by model (issue 27)
  'adminUsage.ratings': 'Ratings by model',
  'adminUsage.ratingsHint': 'Thumbs up and down given to the answers of this period.',
  'adminUsage.ratingsUp': 'Thumbs up',
  'adminUsage.ratingsDown': 'Thumbs down',
  'adminUsage.ratingsLiked': 'Rated up',
  'adminUsage.ratingsEmpty': 'No answer of this period has been rated yet.',

  // Tool calls (issue 30 point 9)
  'adminUsage.tools': 'Tool calls',
  'adminUsage.toolsHint': 'The tools the AI called in this period, per tool and MCP server.',
  'adminUsage.toolsEmpty': 'No tool was called in this period.',
  'adminUsage.tool.name': 'Tool',
  'adminUsage.tool.calls': 'Calls',
  'adminUsage.tool.failed': 'Failed',
  'adminUsage.tool.denied': 'Denied',
  'adminUsage.tool.average': 'Average duration',
  'adminUsage.tool.web-search': 'Web Search',
  'adminUsage.tool.file-search': 'File Search',
  'adminUsage.tool.image-generation': 'Image Generation',
  'adminUsage.tool.code-interpreter': 'Code Interpreter',
  'adminUsage.tool.mcp': 'MCP',
  'adminUsage.tool.mcpServer': 'MCP: {server}',
  'adminUsage.tool.ms': '{ms} ms',
  'adminUsage.tool.seconds': '{seconds} s',
  'adminUsage.recentCalls': 'Latest calls',
  'adminUsage.recentCallsHint':
    'The last 20 calls of this period: who, where and how each ended. Their arguments are never kept.',
  'adminUsage.toolStatus.done': 'Done',
  'adminUsage.toolStatus.failed': 'Failed',
  'adminUsage.toolStatus.denied': 'Denied',
  'adminUsage.toolStatus.running': 'Running',
  'adminUsage.toolStatus.awaiting_approval': 'Waiting for approval',
  'adminUsage.toolSupport': 'run by {admin} during support access',
  'adminUsage.toolChat': 'chat {id}',
} as const
