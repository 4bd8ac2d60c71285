import { messages } from '../compiled/en/adminSignIn'
import { addEnglish } from '../i18n'

// English for the 'adminSignIn' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
