// What "pinned" means for an image reference in compose, Kubernetes and the Dockerfile: a rebuild
// or a restart next month runs the same bits as today. Our own images (flohmarkt/<app>, built from
// this repository and tagged per release) need an explicit tag other than `latest`; every image from
// elsewhere needs a version tag and the digest it was checked with (`name:tag@sha256:<64 hex>`).

/** Our own images: flohmarkt/<app>, also under a registry prefix (registry.example.org/flohmarkt/<app>). */
const OWN_IMAGE = /(^|\/)flohmarkt\/[a-z0-9-]+$/;
/** Tags that move by design: never a pin. */
const FLOATING_TAG = /^(latest|stable|edge|main|master|lts|current|alpine|slim|bookworm|bookworm-slim|trixie|trixie-slim)$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;

export interface ImageRef {
  /** Registry and repository, e.g. docker.io/library/node or flohmarkt/gateway. */
  name: string;
  tag?: string;
  digest?: string;
}

export function parseImageRef(ref: string): ImageRef {
  const [nameAndTag, digest] = ref.split('@', 2);
  // A colon after the last slash separates the tag (a colon before it belongs to a registry port).
  const slash = nameAndTag.lastIndexOf('/');
  const colon = nameAndTag.indexOf(':', slash + 1);
  return colon === -1 ? { name: nameAndTag, digest } : { name: nameAndTag.slice(0, colon), tag: nameAndTag.slice(colon + 1), digest };
}

/** Why an image reference is not pinned, or null when it is. */
export function pinProblem(ref: string | undefined): string | null {
  if (!ref || ref.trim() === '') return 'no image';
  if (/\$\{?\w/.test(ref)) return `${ref}: an unresolved variable`;
  const { name, tag, digest } = parseImageRef(ref.trim());
  if (!tag) return `${ref}: no tag`;
  if (FLOATING_TAG.test(tag)) return `${ref}: the tag "${tag}" moves`;
  if (OWN_IMAGE.test(name)) return null;
  // A version tag names the release: a major alone ("16", "7") moves with every minor release.
  if (!/\d+\.\d+/.test(tag)) return `${ref}: the tag "${tag}" names no exact version`;
  if (!digest) return `${ref}: no digest (name:tag@sha256:...)`;
  if (!DIGEST.test(digest)) return `${ref}: "${digest}" is not a sha256 digest`;
  return null;
}
