import { messages } from '../compiled/en/auth'
import { addEnglish } from '../i18n'

// English for the 'auth' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
