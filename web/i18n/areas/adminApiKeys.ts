import { messages } from '../compiled/en/adminApiKeys'
import { addEnglish } from '../i18n'

// English for the 'adminApiKeys' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
