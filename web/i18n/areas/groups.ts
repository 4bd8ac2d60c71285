import { messages } from '../compiled/en/groups'
import { addEnglish } from '../i18n'

// English for the 'groups' area, loaded with the code that shows it (decision 105).
addEnglish(messages)
