/**
 * The Instagram photo add/edit form: an image (≤5MB, required), the post
 * URL (required), alt text (default 'Instagram Photo') and the active flag; at most 5 photos on
 * add. The image is uploaded on Save with progress; a replaced image is deleted once the photo is
 * saved, a new one again when the save fails.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { instagramPhotoSchema, type InstagramPhoto, type InstagramPhotoInput } from '../../../../core/schemas/admin-homepage';
import type { UploadResult } from '../../../../core/schemas/media';
import { Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { deleteMedia } from '../../../lib/media-upload';
import { checkPickedFile, pickedFile, useUploader } from './media-field';
import { ActiveCheckbox, ContentForm, MediaInput, UploadProgress } from './media-input';

const photoFormSchema = (hasSaved: boolean) =>
  z
    .object({
      image: pickedFile,
      postUrl: instagramPhotoSchema.shape.postUrl,
      alt: instagramPhotoSchema.shape.alt,
      isActive: z.boolean(),
    })
    .superRefine((v, ctx) => checkPickedFile(ctx, 'image', v.image, hasSaved, 'instagram_photos', 'Please select an image'));
type PhotoFormSchema = ReturnType<typeof photoFormSchema>;

/** Props of InstagramPhotoForm. */
export interface InstagramPhotoFormProps {
  /** The photo being edited, or null to add one. */
  item: InstagramPhoto | null;
  /** The limit message when no more may be added, else null. */
  limit: string | null;
  save: (body: InstagramPhotoInput, id?: string) => Promise<InstagramPhoto>;
  /** Closes (and so resets) the form: after Cancel or a successful save. */
  onDone: () => void;
}

/** Adds or edits one Instagram photo. */
export function InstagramPhotoForm({ item, limit, save, onDone }: InstagramPhotoFormProps) {
  const schema = useMemo(() => photoFormSchema(item !== null), [item]);
  const form = useForm<z.input<PhotoFormSchema>, unknown, z.output<PhotoFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { image: null, postUrl: item?.postUrl ?? '', alt: item?.alt ?? '', isActive: item?.isActive ?? true },
  });
  const { errors, isSubmitting } = form.formState;
  const image = form.watch('image');
  const uploader = useUploader();

  const submit = form.handleSubmit(async (values) => {
    if (!item && limit) {
      toast.error(limit);
      return;
    }
    let uploaded: UploadResult | null = null;
    if (values.image) {
      try {
        uploaded = await uploader.upload(values.image, 'instagram_photos', 'Uploading image…');
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to upload image'));
        return;
      }
    }
    const body: InstagramPhotoInput = {
      imageUrl: uploaded?.secure_url ?? item?.imageUrl ?? '',
      publicId: uploaded ? uploaded.public_id : (item?.publicId ?? null),
      postUrl: values.postUrl,
      alt: values.alt,
      isActive: values.isActive,
    };
    try {
      await save(body, item?._id);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save Instagram photo'));
      if (uploaded) void deleteMedia(uploaded.public_id, 'general');
      return;
    }
    toast.success(item ? 'Photo updated successfully' : 'Photo added successfully');
    if (uploaded && item) void deleteMedia(item.publicId, 'general');
    onDone();
  });

  return (
    <ContentForm
      title={item ? 'Edit Instagram photo' : 'Add Instagram photo'}
      onSubmit={() => void submit()}
      onCancel={onDone}
      submitting={isSubmitting}
      submitLabel={item ? 'Update' : 'Add'}
    >
      <MediaInput
        label="Image"
        accept="image/*"
        aspect="square"
        file={image}
        onFile={(next) => form.setValue('image', next, { shouldValidate: true })}
        currentUrl={item?.imageUrl}
        error={errors.image?.message}
        hint={item ? 'Choose a file to replace the current image.' : 'A square image works best, up to 5MB.'}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Instagram Post URL"
          type="url"
          inputMode="url"
          placeholder="https://www.instagram.com/p/…"
          error={errors.postUrl?.message}
          {...form.register('postUrl')}
        />
        <Input
          label="Alt text"
          placeholder="Instagram Photo"
          error={errors.alt?.message}
          hint="Describes the photo for screen readers."
          {...form.register('alt')}
        />
      </div>
      <ActiveCheckbox {...form.register('isActive')} />
      <UploadProgress state={uploader.state} />
    </ContentForm>
  );
}
