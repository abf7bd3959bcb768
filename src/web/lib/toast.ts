/**
 * Toasts without react-hot-toast in a page's first load (issue 8): root.tsx mounts the library's
 * Toaster once the page has hydrated, and these calls reach the library through the same dynamic
 * import (by then loaded, so a toast shows at once).
 */
const hotToast = () => import('react-hot-toast').then((m) => m.default);

/** react-hot-toast's success and error toasts, the library loaded on first use. */
export const toast = {
  success: (message: string) => void hotToast().then((t) => t.success(message)),
  error: (message: string) => void hotToast().then((t) => t.error(message)),
};
