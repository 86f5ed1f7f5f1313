/** A stand photo's thumbnail: the same path with '.thumb.jpg' instead of '.jpg' (docs/product.md#photos). */
export function thumbnailUrl(photo: string): string {
  return photo.endsWith('.jpg') ? `${photo.slice(0, -'.jpg'.length)}.thumb.jpg` : photo;
}
