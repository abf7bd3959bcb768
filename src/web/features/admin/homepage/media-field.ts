/**
 * The picked-file part of the homepage content forms: a zod field for a browser File, the check
 * that gives the spec's messages (missing file, wrong kind, too large), and a hook
 * that uploads with a progress state for the form.
 */
import { useState } from 'react';
import { z } from 'zod';
import type { MediaFolder, UploadResult } from '../../../../core/schemas/media';
import { uploadMedia, validateMediaFile } from '../../../lib/media-upload';
import type { UploadState } from './media-input';

/** A form field holding the picked file, or null when none is picked. */
export const pickedFile = z.custom<File | null>((v) => v === null || (typeof File !== 'undefined' && v instanceof File));

/**
 * Adds the issue of a media field at `path`: `missing` when no file is picked and nothing is saved
 * (omit it for optional media), else the folder's rule message for a picked file that does not fit.
 */
export function checkPickedFile(
  ctx: z.RefinementCtx,
  path: string,
  file: File | null,
  hasSaved: boolean,
  folder: MediaFolder,
  missing?: string,
): void {
  if (!file) {
    if (!hasSaved && missing) ctx.addIssue({ code: 'custom', path: [path], message: missing });
    return;
  }
  const invalid = validateMediaFile(file, folder);
  if (invalid) ctx.addIssue({ code: 'custom', path: [path], message: invalid });
}

/** Uploads one file at a time and exposes its progress for UploadProgress. */
export function useUploader() {
  const [state, setState] = useState<UploadState | null>(null);
  /** Uploads `file` into `folder` under a progress `label`; throws ApiRequestError (see uploadMedia). */
  const upload = async (file: File, folder: MediaFolder, label: string, fallbackMessage?: string): Promise<UploadResult> => {
    setState({ label, percent: 0 });
    try {
      return await uploadMedia(file, folder, { fallbackMessage, onProgress: (percent) => setState({ label, percent }) });
    } finally {
      setState(null);
    }
  };
  return { state, upload };
}
