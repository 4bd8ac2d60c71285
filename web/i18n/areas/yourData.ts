import { messages } from '../compiled/en/yourData'
import { addEnglish } from '../i18n'

// English for the 'yourData' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
