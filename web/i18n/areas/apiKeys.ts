import { messages } from '../compiled/en/apiKeys'
import { addEnglish } from '../i18n'

// English for the 'apiKeys' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
