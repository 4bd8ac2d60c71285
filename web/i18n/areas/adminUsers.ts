import { messages } from '../compiled/en/adminUsers'
import { addEnglish } from '../i18n'

// English for the 'adminUsers' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
