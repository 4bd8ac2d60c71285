import { messages } from '../compiled/en/account'
import { addEnglish } from '../i18n'

// English for the 'account' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
