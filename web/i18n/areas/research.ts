import { messages } from '../compiled/en/research'
import { addEnglish } from '../i18n'

// English for the 'research' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
