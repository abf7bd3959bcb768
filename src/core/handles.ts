/**
 * Readable addresses (docs/architecture.md#product-addresses): a product lives at
 * `/products/<handle>`, a category at `/category/<handle>`. A handle is lower-case ASCII letters
 * and digits in words joined by single hyphens, at most HANDLE_MAX characters.
 */
/** Longest handle. */
export const HANDLE_MAX = 80;
/** What a handle looks like: `banarasi-silk-saree-2`. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The admin form's message for a handle that is not one. */
export const HANDLE_INVALID = 'Use lower-case letters, digits and single hyphens (like banarasi-silk-saree), at most 80 characters';
/** The message for a handle another product (or an earlier address of one) holds. */
export const HANDLE_TAKEN = 'This handle is already used by another product';
/** The message for a handle another category holds. */
export const CATEGORY_HANDLE_TAKEN = 'This handle is already used by another category';
