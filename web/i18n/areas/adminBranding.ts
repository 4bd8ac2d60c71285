import { messages } from '../compiled/en/adminBranding'
import { addEnglish } from '../i18n'

// English for the 'adminBranding' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
