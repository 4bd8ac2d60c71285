/** Dictation (the composer's microphone): its failures, loaded with the recognition code. */
export const dictation = {
  'dictation.unsupported': 'Speech recognition is not supported in your browser',
  'dictation.error': 'Speech recognition error: {error}',
  'dictation.permissionDenied':
    'Microphone access was blocked. Allow the microphone for this site in your browser to dictate.',
  'dictation.noMicrophone': 'No microphone was found. Connect one and try again.',
  'dictation.transcribeFailed': 'Could not transcribe the recording. Please try again.',
  'dictation.tooLong': 'Recording stopped after 5 minutes',
} as const
