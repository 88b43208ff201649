import { routeUrl } from '@metatag/api-types';

/**
 * Media of an NFT template (spec sections 2 and 3), shared by the admin table and the public chip
 * page: its URL with the image refresh counter, and what kind of viewer it needs.
 */
interface MediaItem {
  id: number;
  imageRefresh: number;
  image: string;
  mimeType: string;
}

/** The media of a template, with the refresh counter so a new upload is not served from cache. */
export function mediaUrl(item: Pick<MediaItem, 'id' | 'imageRefresh'>): string {
  return routeUrl('media', { params: { id: item.id }, query: { x: String(item.imageRefresh) } });
}

/** The spec's label of 3D glb files (section 2). */
export const GLB_TYPE = '3d/glb';

/** The `type` sent with an upload: the file's type, '3d/glb' for glb files (browsers give none). */
export function mediaTypeOf(file: { name: string; type: string }): string {
  if (/\.glb$/i.test(file.name) || file.type === 'model/gltf-binary') return GLB_TYPE;
  return file.type || 'application/octet-stream';
}

export type MediaKind = 'none' | 'image' | 'video' | 'glb' | 'other';

export function mediaKind(item: Pick<MediaItem, 'image' | 'mimeType'>): MediaKind {
  if (!item.image) return 'none';
  const type = item.mimeType.toLowerCase();
  if (type === GLB_TYPE || type === 'model/gltf-binary') return 'glb';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('image/') || type === '') return 'image';
  return 'other';
}
