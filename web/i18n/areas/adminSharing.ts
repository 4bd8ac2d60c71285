import { messages } from '../compiled/en/adminSharing'
import { addEnglish } from '../i18n'

// English for the 'adminSharing' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
