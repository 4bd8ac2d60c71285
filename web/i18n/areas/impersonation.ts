import { messages } from '../compiled/en/impersonation'
import { addEnglish } from '../i18n'

// English for the 'impersonation' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
