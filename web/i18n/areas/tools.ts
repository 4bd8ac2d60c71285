import { messages } from '../compiled/en/tools'
import { addEnglish } from '../i18n'

// English for the 'tools' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
