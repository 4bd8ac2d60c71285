import { messages } from '../compiled/en/adminMcp'
import { addEnglish } from '../i18n'

// English for the 'adminMcp' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
