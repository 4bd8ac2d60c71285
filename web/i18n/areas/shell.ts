import { messages } from '../compiled/en/shell'
import { addEnglish } from '../i18n'

// English for the 'shell' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
