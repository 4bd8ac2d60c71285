import { messages } from '../compiled/en/knowledge'
import { addEnglish } from '../i18n'

// English for the 'knowledge' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
