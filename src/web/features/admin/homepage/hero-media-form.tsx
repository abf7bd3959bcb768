/**
 * The hero media add/edit form: an image (≤5MB) or a video (≤50MB), alt
 * text (default 'Hero Media'), an optional link, an optional portrait phone picture (≤5MB, removable;
 * shown on phones) and the active flag. On add (or a switch between
 * image and video) at most 1 video and 4 images. The file is uploaded on Save, with progress; a
 * replaced file is removed once the banner is saved, and a new one again if the save fails.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  HOMEPAGE_CONTENT_LIMITS,
  LIMIT_MESSAGES,
  heroBannerSchema,
  type HeroBanner,
  type HeroBannerInput,
} from '../../../../core/schemas/admin-homepage';
import type { UploadResult } from '../../../../core/schemas/media';
import { Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { deleteMedia, mediaKindOf } from '../../../lib/media-upload';
import { checkPickedFile, pickedFile, useUploader } from './media-field';
import { ActiveCheckbox, ContentForm, MediaInput, UploadProgress } from './media-input';

const INVALID_TYPE = 'Please select a valid image or video file';

const heroFormSchema = (hasSaved: boolean) =>
  z
    .object({
      file: pickedFile,
      phone: pickedFile,
      removePhone: z.boolean(),
      alt: heroBannerSchema.shape.alt,
      link: heroBannerSchema.shape.link,
      isActive: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const kind = v.file ? mediaKindOf(v.file) : null;
      if (v.file && !kind) ctx.addIssue({ code: 'custom', path: ['file'], message: INVALID_TYPE });
      else checkPickedFile(ctx, 'file', v.file, hasSaved, kind === 'video' ? 'hero_videos' : 'hero_images', 'Please select a media file');
      if (v.phone && mediaKindOf(v.phone) !== 'image')
        ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Please select an image file' });
      else checkPickedFile(ctx, 'phone', v.phone, true, 'hero_images');
    });
type HeroFormSchema = ReturnType<typeof heroFormSchema>;

/** The limit message when one more banner of `kind` is not allowed (the edited one aside), else null. */
function limitMessage(banners: HeroBanner[], kind: HeroBanner['mediaType'], editing: HeroBanner | null): string | null {
  if (editing && editing.mediaType === kind) return null;
  const count = banners.filter((b) => b.mediaType === kind && b._id !== editing?._id).length;
  if (kind === 'video' && count >= HOMEPAGE_CONTENT_LIMITS.heroVideos) return LIMIT_MESSAGES.heroVideos;
  if (kind === 'image' && count >= HOMEPAGE_CONTENT_LIMITS.heroImages) return LIMIT_MESSAGES.heroImages;
  return null;
}

/** Props of HeroMediaForm. */
export interface HeroMediaFormProps {
  /** The banner being edited, or null to add one. */
  item: HeroBanner | null;
  banners: HeroBanner[];
  save: (body: HeroBannerInput, id?: string) => Promise<HeroBanner>;
  /** Closes (and so resets) the form: after Cancel or a successful save. */
  onDone: () => void;
}

/** Adds or edits one hero banner. */
export function HeroMediaForm({ item, banners, save, onDone }: HeroMediaFormProps) {
  const schema = useMemo(() => heroFormSchema(item !== null), [item]);
  const form = useForm<z.input<HeroFormSchema>, unknown, z.output<HeroFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      file: null,
      phone: null,
      removePhone: false,
      alt: item?.alt ?? '',
      link: item?.link ?? '',
      isActive: item?.isActive ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [file, phone, removePhone] = form.watch(['file', 'phone', 'removePhone']);
  const uploader = useUploader();

  const submit = form.handleSubmit(async (values) => {
    const kind = values.file ? mediaKindOf(values.file) : item?.mediaType;
    if (!kind) return;
    const limit = limitMessage(banners, kind, item);
    if (limit) {
      toast.error(limit);
      return;
    }
    let uploaded: UploadResult | null = null;
    if (values.file) {
      const fallback = `Failed to upload ${kind}`;
      try {
        uploaded = await uploader.upload(values.file, kind === 'video' ? 'hero_videos' : 'hero_images', `Uploading ${kind}…`);
      } catch (error) {
        toast.error(errorMessage(error, fallback));
        return;
      }
    }
    let newPhone: UploadResult | null = null;
    if (values.phone) {
      try {
        newPhone = await uploader.upload(values.phone, 'hero_images', 'Uploading phone picture…', 'Failed to upload phone picture');
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to upload phone picture'));
        if (uploaded) void deleteMedia(uploaded.public_id, 'homepage', kind);
        return;
      }
    }
    const keepPhone = !newPhone && !values.removePhone;
    const url = uploaded?.secure_url ?? (kind === 'video' ? item?.videoUrl : item?.imageUrl) ?? null;
    const body: HeroBannerInput = {
      mediaType: kind,
      imageUrl: kind === 'image' ? url : null,
      videoUrl: kind === 'video' ? url : null,
      posterUrl: kind === 'video' && !uploaded ? (item?.posterUrl ?? null) : null,
      mobileImageUrl: newPhone ? newPhone.secure_url : keepPhone ? (item?.mobileImageUrl ?? null) : null,
      mobilePublicId: newPhone ? newPhone.public_id : keepPhone ? (item?.mobilePublicId ?? null) : null,
      link: values.link,
      alt: values.alt,
      isActive: values.isActive,
      publicId: uploaded ? uploaded.public_id : (item?.publicId ?? null),
      sortOrder: item?.sortOrder,
    };
    try {
      await save(body, item?._id);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save hero media'));
      if (uploaded) void deleteMedia(uploaded.public_id, 'homepage', kind);
      if (newPhone) void deleteMedia(newPhone.public_id, 'homepage', 'image');
      return;
    }
    toast.success(item ? 'Hero media updated successfully' : 'Hero media added successfully');
    if (uploaded && item?.publicId) void deleteMedia(item.publicId, 'homepage', item.mediaType);
    if (!keepPhone && item?.mobilePublicId) void deleteMedia(item.mobilePublicId, 'homepage', 'image');
    onDone();
  });

  return (
    <ContentForm
      title={item ? 'Edit hero media' : 'Add hero media'}
      onSubmit={() => void submit()}
      onCancel={onDone}
      submitting={isSubmitting}
      submitLabel={item ? 'Update' : 'Add'}
    >
      <div className="grid gap-5 lg:grid-cols-[1fr_auto]">
        <MediaInput
          label="Image or video"
          accept="image/*,video/*"
          file={file}
          onFile={(next) => form.setValue('file', next, { shouldValidate: true })}
          currentUrl={item ? (item.mediaType === 'video' ? item.videoUrl : item.imageUrl) : null}
          currentKind={item?.mediaType}
          aspect={(file ? mediaKindOf(file) : item?.mediaType) === 'video' ? 'video' : 'banner'}
          error={errors.file?.message}
          hint={item ? 'Choose a file to replace the current one.' : 'An image up to 5MB (at most 4) or one video up to 50MB.'}
        />
        <MediaInput
          label="Phone picture"
          accept="image/*"
          aspect="portrait"
          file={phone}
          onFile={(next) => {
            form.setValue('phone', next, { shouldValidate: true });
            form.setValue('removePhone', false);
          }}
          currentUrl={removePhone ? null : item?.mobileImageUrl}
          error={errors.phone?.message}
          hint="Optional: a portrait image (4:5, e.g. 720 x 900) up to 5MB. Phones show these once every active banner has one (a video: as its poster)."
          onRemove={() => {
            form.setValue('phone', null, { shouldValidate: true });
            form.setValue('removePhone', true);
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Alt text"
          placeholder="Hero Media"
          error={errors.alt?.message}
          hint="Describes the banner for screen readers."
          {...form.register('alt')}
        />
        <Input
          label="Link (optional)"
          placeholder="/products"
          error={errors.link?.message}
          hint="Where a tap on an image banner goes: a site path or an https:// address."
          {...form.register('link')}
        />
      </div>
      <ActiveCheckbox {...form.register('isActive')} />
      <UploadProgress state={uploader.state} />
    </ContentForm>
  );
}
