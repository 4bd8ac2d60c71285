import { messages } from '../compiled/en/share'
import { addEnglish } from '../i18n'

// English for the 'share' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
