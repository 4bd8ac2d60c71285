import { messages } from '../compiled/en/agents'
import { addEnglish } from '../i18n'

// English for the 'agents' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
