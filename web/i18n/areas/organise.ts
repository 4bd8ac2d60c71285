import { messages } from '../compiled/en/organise'
import { addEnglish } from '../i18n'

// English for the 'organise' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
