import { messages } from '../compiled/en/adminModels'
import { addEnglish } from '../i18n'

// English for the 'adminModels' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
