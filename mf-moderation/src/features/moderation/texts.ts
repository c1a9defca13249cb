/** The module's own sentences. Those the server or the shell shares (moderatorsOnly, moderatorsPage) are TRUST_TEXTS. */
export const MODERATION_TEXTS = {
  queueEmpty: 'No open reports. Nice.',
  queueEmptyHint: 'New reports appear here, oldest first.',
  resolvedEmpty: 'No resolved reports yet.',
  auditEmpty: 'Nothing has been done yet: every action on a report and every restore is written here.',
  queueLoadFailed: 'The open reports could not be loaded. Please try again.',
  resolvedLoadFailed: 'The resolved reports could not be loaded. Please try again.',
  auditLoadFailed: 'The audit log could not be loaded. Please try again.',
  actionFailed: 'That could not be done. Please try again.',
  restoreFailed: 'That could not be restored. Please try again.',
  noDetails: 'No details given.',
} as const;
