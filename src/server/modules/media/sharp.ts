/**
 * sharp (libvips), loaded on first use rather than when the server starts: only an upload, a
 * Shopify import's pictures and seeding decode images, and once loaded libvips adds about 20 MB to
 * the server's resident memory (docs/architecture.md, "Memory"). Resolves with sharp's default export.
 */
export const loadSharp = async () => (await import('sharp')).default;
