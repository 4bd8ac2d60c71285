import { messages } from '../compiled/en/agentSettings'
import { addEnglish } from '../i18n'

// English for the 'agentSettings' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
