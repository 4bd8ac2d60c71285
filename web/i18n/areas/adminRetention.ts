import { messages } from '../compiled/en/adminRetention'
import { addEnglish } from '../i18n'

// English for the 'adminRetention' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
