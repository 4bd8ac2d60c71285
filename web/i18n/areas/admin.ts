import { messages } from '../compiled/en/admin'
import { addEnglish } from '../i18n'

// English for the 'admin' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
