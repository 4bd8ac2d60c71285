import { messages } from '../compiled/en/errors'
import { addEnglish } from '../i18n'

// English for the 'errors' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
