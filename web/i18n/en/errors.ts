/**
 * Server errors by their stable `code` (src/**: `new AppError(code, ...)`, and src/http/base.ts);
 * each English text is the server's, word for word. Two rules (web/lib/api-error.ts applies them):
 *
 * - `error.<code>`: the code has one fixed text. It is translated by its code alone, whatever
 *   the server's text says (texts may change, codes do not).
 * - `error.<code>.<variant>`: the code carries several texts, or a text with a value in it (a
 *   file name, a size, a field). It is translated only when the server's text is one of these
 *   English texts, `{placeholders}` standing for the value, which is passed on as sent;
 *   any other text of that code is shown as the server wrote it.
 *
 * Not here, so always the server's text: `bad_request:validation` (names a field and carries the
 * schema library's English description) and the bare kinds Elysia's own `status()` throws carry
 * (`bad_request`, `forbidden`, ... with whatever text the throw gave).
 */
export const errors = {
  // One fixed text per code.
  'error.bad_request:avatar': 'Please select an image file',
  'error.bad_request:brand_image': 'Please select an image file',
  'error.not_found:brand_image': 'Image not found',
  'error.payload_too_large:brand_image': 'Image must be smaller than 5MB',
  'error.unsupported_media_type:brand_image': 'Please select an image file',
  'error.bad_request:cursor': 'Invalid cursor',
  'error.bad_request:encoding': 'Malformed percent-encoding in the request',
  'error.bad_request:full_name': 'Full name is required',
  'error.bad_request:link': 'This link is invalid or has expired',
  'error.bad_request:message': 'Message cannot be empty',
  'error.bad_request:model': 'Failed to set model',
  // Lingui decodes `\uXXXX` in a message: `\u005C` is the backslash, so this reads `(\u0000)` as the server's does.
  'error.bad_request:nul': 'Text cannot contain NUL characters (\\u005Cu0000)',
  'error.bad_request:regenerate': 'There is no question to answer again in this chat',
  'error.bad_request:url': 'Malformed percent-encoding in the URL',
  'error.bad_request:web_search': 'Web search is not configured on this server',
  'error.conflict:last_admin':
    'This is the last active admin: make another user an admin before demoting, banning or deleting this one',
  'error.conflict:self': 'You cannot demote, ban or delete your own account',
  'error.conflict:email': 'An account with this email already exists',
  'error.conflict:file_sent': 'This file was already sent with a message',
  'error.conflict:removed': 'This was removed in the meantime. Reload and try again.',
  'error.conflict:reply': 'A reply is already in progress for this chat',
  'error.conflict:default_model':
    'This model is the organisation’s default model. Choose another default model before disabling it.',
  'error.conflict:model_disabled': 'This model is disabled. Enable it before making it the default model.',
  'error.conflict:model_inactive':
    'The provider does not offer this model at the moment, so it cannot be the default model.',
  'error.forbidden:admin': 'Admin access required',
  'error.forbidden:banned': 'This account has been suspended',
  'error.forbidden:impersonate_self': 'You cannot impersonate yourself',
  'error.forbidden:impersonate_admin': 'Administrators cannot be impersonated',
  'error.conflict:user_banned': 'A banned account cannot be opened',
  'error.not_found:impersonation': 'Support access not found',
  'error.conflict:impersonation_ended': 'This support access has already ended',
  'error.unauthorized:impersonation_ended': 'Support access has ended',
  'error.bad_request:case_number': 'A case number is required',
  'error.bad_request:reason_code': 'Choose a reason from the list',
  'error.bad_request:duration_minutes': 'The duration must be between 15 minutes and 4 hours',
  'error.forbidden:impersonating': 'Not available while acting as another user',
  'error.forbidden:origin': 'Cross-site request refused',
  'error.forbidden:unconfirmed': 'Email not confirmed',
  'error.internal': 'An unexpected error occurred',
  'error.internal:delete_account': 'Failed to delete account',
  'error.not_found': 'Not found',
  'error.not_found:avatar': 'Avatar not found',
  'error.not_found:chat': 'Chat not found',
  'error.not_found:prompt': 'Prompt not found',
  'error.not_found:prompt_permission': 'Prompt not found or you do not have permission',
  'error.not_found:prompt_update': 'Prompt not found or you do not have permission to update it',
  'error.bad_request:prompt_title': 'Prompt title cannot be empty',
  'error.bad_request:prompt_title_length': 'Prompt title must be 200 characters or less',
  'error.bad_request:prompt_text': 'Prompt text cannot be empty',
  'error.unavailable:prompt_generate': 'Failed to generate prompt',
  'error.not_found:file': 'File not found',
  'error.not_found:model': 'Model not found',
  'error.not_found:user': 'User not found',
  'error.not_found:message': 'Message not found',
  'error.payload_too_large:avatar': 'Image must be smaller than 5MB',
  'error.payload_too_large:body': 'Request body is too large',
  'error.payload_too_large:message': 'Message is too long: at most 100,000 characters',
  'error.rate_limited': 'Too many requests. Please try again later.',
  'error.unauthorized': 'No active session',
  'error.unauthorized:credentials': 'Invalid login credentials',
  'error.unauthorized:current_password': 'Current password is incorrect',
  'error.unauthorized:profile': 'No authenticated user',
  'error.unavailable:model': 'No AI model is available right now',
  'error.unsupported_media_type:avatar': 'Please select an image file',
  'error.unsupported_media_type:body': 'Request bodies must be JSON (application/json)',

  // Several texts, or a value in the text: translated when the server's text matches one.
  'error.bad_request:body.notObject': 'The request body must be a JSON object',
  'error.bad_request:body.unreadable': 'The request body could not be read',
  'error.bad_request:body.malformed': 'Malformed request body',
  'error.bad_request:body.notFinite': 'Numbers in the body must be finite',
  'error.bad_request:body.tooDeep': 'The request body is nested too deeply',
  'error.bad_request:email.same': 'The new email address is the same as the current one',
  'error.bad_request:email.invalid': 'Please enter a valid email address',
  'error.bad_request:field.unknown': 'Unknown field: {field}',
  'error.bad_request:password.tooShort': 'Password must be at least 6 characters long',
  'error.bad_request:password.tooLong': 'Password must be at most 1024 characters long',
  'error.bad_request:profile.notObject': 'Expected a JSON object of profile fields',
  'error.bad_request:profile.avatarUrl': 'avatar_url cannot be set here; upload an avatar instead',
  'error.bad_request:profile.unknownField': 'Unknown profile field: {field}',
  'error.bad_request:title.empty': 'Chat title cannot be empty',
  'error.bad_request:title.tooLong': 'Chat title must be {max} characters or less',
  'error.bad_request:upload.notMultipart': 'Expected a multipart/form-data upload',
  'error.bad_request:upload.malformed': 'Malformed upload',
  'error.bad_request:upload.noFile': 'No file was uploaded',
  'error.internal:profile.load': 'Failed to load profile',
  'error.internal:profile.update': 'Failed to update profile',
  'error.internal:profile.uploadAvatar': 'Failed to upload avatar',
  'error.internal:profile.removeAvatar': 'Failed to remove avatar',
  'error.payload_too_large:file.tooLarge': 'File is too large (max {max})',
  'error.payload_too_large:files.tooMany': 'Too many files (max {max})',
  'error.rate_limited:budget.daily': 'Daily budget exceeded. AI requests are blocked until tomorrow.',
  'error.rate_limited:budget.monthly': 'Monthly budget exceeded. AI requests are blocked until next month.',
  'error.unavailable:mail.confirmation': 'Failed to send confirmation email',
  'error.unavailable:mail.reset': 'Failed to send reset email',
  'error.unavailable:mail.emailChange': 'Failed to update email',
  'error.unavailable:mail.invitation': 'Failed to send the invitation email',
  'error.unprocessable:file_empty.empty': 'The file is empty: {name}',
  'error.unprocessable:file_content.docx': 'Failed to read DOCX file: {name}',
  'error.unprocessable:file_content.read': 'Failed to read file: {name}',
  'error.unprocessable:file_content.process': 'Failed to process file: {name}',
  'error.unsupported_media_type:file_content.mismatch': "The file's contents do not match its type: {name}",
  'error.bad_request:brand_color.value': '{field} must be a colour such as #a855f7 or #a5f, got "{value}"',
  'error.bad_request:brand_text_empty.field':
    '{field} must not be empty (send null to return to the default)',
  'error.bad_request:brand_text_long.field': '{field} must be at most {max} characters',
  'error.bad_request:brand_text_control.field': '{field} must be one line without control characters',
} as const
