/** Uploaded photos are stored full size (at most 2048 px) and as a copy this wide for cards. */
export const CARD_IMAGE_WIDTH = 640;

const UPLOADED_PHOTO = /^\/uploads\/([0-9a-f]{24})\.webp$/;

export const cardImageName = (id: string) => `${id}-${CARD_IMAGE_WIDTH}w.webp`;

/**
 * `src`/`srcSet` for an image shown in a card: uploaded photos offer their card-sized copy
 * first; any other address (an older entry's web link) is used as it is.
 */
export function cardImageSources(image: string): { src: string; srcSet?: string } {
  const id = image.match(UPLOADED_PHOTO)?.[1];
  if (!id) return { src: image };
  const card = `/uploads/${cardImageName(id)}`;
  return { src: card, srcSet: `${card} ${CARD_IMAGE_WIDTH}w, ${image} 2048w` };
}
