/** Spec section 9, 'Image generation': the phrase each style appends to the description. */
export const STYLE_PHRASES = {
  realistic: '',
  artistic: 'in an artistic and creative style',
  cartoon: 'in a cartoon/animated style',
  abstract: 'in an abstract art style',
  vintage: 'in a vintage/retro style',
} as const

export type ImageStyle = keyof typeof STYLE_PHRASES
export const IMAGE_STYLES = Object.keys(STYLE_PHRASES) as ImageStyle[]

/** 'a red fox' + cartoon → 'a red fox in a cartoon/animated style'; realistic adds nothing. */
export function withStylePhrase(description: string, style: ImageStyle): string {
  const phrase = STYLE_PHRASES[style]
  return phrase ? `${description} ${phrase}` : description
}

/** DALL·E 3 refuses prompts over 4,000 characters; the longest phrase must still fit. */
export const MAX_PROMPT_CHARS = 3_900
