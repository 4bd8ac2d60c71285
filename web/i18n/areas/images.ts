import { messages } from '../compiled/en/images'
import { addEnglish } from '../i18n'

// English for the 'images' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
