import { messages } from '../compiled/en/chat'
import { addEnglish } from '../i18n'

// English for the 'chat' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
