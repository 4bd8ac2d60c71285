import { messages } from '../compiled/en/prompts'
import { addEnglish } from '../i18n'

// English for the 'prompts' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
