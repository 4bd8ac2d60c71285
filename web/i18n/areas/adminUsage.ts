import { messages } from '../compiled/en/adminUsage'
import { addEnglish } from '../i18n'

// English for the 'adminUsage' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
