import { messages } from '../compiled/en/adminBackups'
import { addEnglish } from '../i18n'

// English for the 'adminBackups' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
