import { messages } from '../compiled/en/demo'
import { addEnglish } from '../i18n'

// English for the 'demo' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
