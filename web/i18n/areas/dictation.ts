import { messages } from '../compiled/en/dictation'
import { addEnglish } from '../i18n'

// English for the 'dictation' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
