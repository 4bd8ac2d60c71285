import { messages } from '../compiled/en/adminGroups'
import { addEnglish } from '../i18n'

// English for the 'adminGroups' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
