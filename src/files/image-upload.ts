import { AppError } from '../http/errors'
import { detectImageType, type ImageType } from './image-type'

/** Spec section 9: avatars (and, decision 113, the brand's images) are images of at most 5 MB. */
export const IMAGE_MAX_BYTES = 5_242_880

export const NOT_AN_IMAGE = 'Please select an image file'

/** `subject` names what is uploaded in the error code (`payload_too_large:avatar`). */
export const imageTooLarge = (subject: string) =>
  new AppError(`payload_too_large:${subject}`, 'Image must be smaller than 5MB')

/**
 * The checks of an uploaded picture (avatar, logo, login background): a file, at most 5 MB, and a
 * PNG, JPEG, GIF or WebP by its bytes; the name and declared type are ignored (SVG is refused).
 */
export async function checkImageUpload(
  file: unknown,
  subject: string,
): Promise<{ file: Blob; image: ImageType }> {
  if (!(file instanceof Blob)) throw new AppError(`bad_request:${subject}`, NOT_AN_IMAGE)
  if (file.size > IMAGE_MAX_BYTES) throw imageTooLarge(subject)
  const image = detectImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))
  if (!image) throw new AppError(`unsupported_media_type:${subject}`, NOT_AN_IMAGE)
  return { file, image }
}
