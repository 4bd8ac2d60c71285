import { messages } from '../compiled/en/search'
import { addEnglish } from '../i18n'

// English for the 'search' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
