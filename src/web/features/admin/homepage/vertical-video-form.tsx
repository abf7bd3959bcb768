/**
 * The vertical video add/edit form: a video (≤100MB, required), an
 * optional poster image (≤5MB, removable), a title (trimmed) and the active flag; at most 4 videos
 * on add. Files are uploaded on Save with progress; replaced or removed files are deleted once the
 * video is saved, new ones again when the save fails.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { verticalVideoSchema, type VerticalVideo, type VerticalVideoInput } from '../../../../core/schemas/admin-homepage';
import type { UploadResult } from '../../../../core/schemas/media';
import { Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { deleteMedia } from '../../../lib/media-upload';
import { checkPickedFile, pickedFile, useUploader } from './media-field';
import { ActiveCheckbox, ContentForm, MediaInput, UploadProgress } from './media-input';

const videoFormSchema = (hasSaved: boolean) =>
  z
    .object({
      video: pickedFile,
      poster: pickedFile,
      removePoster: z.boolean(),
      title: verticalVideoSchema.shape.title,
      isActive: z.boolean(),
    })
    .superRefine((v, ctx) => {
      checkPickedFile(ctx, 'video', v.video, hasSaved, 'vertical_videos', 'Please select a video');
      checkPickedFile(ctx, 'poster', v.poster, true, 'video_posters');
    });
type VideoFormSchema = ReturnType<typeof videoFormSchema>;

/** Props of VerticalVideoForm. */
export interface VerticalVideoFormProps {
  /** The video being edited, or null to add one. */
  item: VerticalVideo | null;
  /** The limit message when no more may be added, else null. */
  limit: string | null;
  save: (body: VerticalVideoInput, id?: string) => Promise<VerticalVideo>;
  /** Closes (and so resets) the form: after Cancel or a successful save. */
  onDone: () => void;
}

/** Adds or edits one vertical video. */
export function VerticalVideoForm({ item, limit, save, onDone }: VerticalVideoFormProps) {
  const schema = useMemo(() => videoFormSchema(item !== null), [item]);
  const form = useForm<z.input<VideoFormSchema>, unknown, z.output<VideoFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { video: null, poster: null, removePoster: false, title: item?.title ?? '', isActive: item?.isActive ?? true },
  });
  const { errors, isSubmitting } = form.formState;
  const [video, poster, removePoster] = form.watch(['video', 'poster', 'removePoster']);
  const uploader = useUploader();

  const submit = form.handleSubmit(async (values) => {
    if (!item && limit) {
      toast.error(limit);
      return;
    }
    const fresh: UploadResult[] = [];
    const discardFresh = () => fresh.forEach((u) => void deleteMedia(u.public_id, 'general', u.resource_type));
    let newVideo: UploadResult | null = null;
    let newPoster: UploadResult | null = null;
    try {
      if (values.video) {
        newVideo = await uploader.upload(values.video, 'vertical_videos', 'Uploading video…');
        fresh.push(newVideo);
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to upload video'));
      return;
    }
    try {
      if (values.poster) {
        newPoster = await uploader.upload(values.poster, 'video_posters', 'Uploading poster…', 'Failed to upload poster');
        fresh.push(newPoster);
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to upload poster'));
      discardFresh();
      return;
    }
    const keepPoster = !newPoster && !values.removePoster;
    const body: VerticalVideoInput = {
      videoUrl: newVideo?.secure_url ?? item?.videoUrl ?? '',
      videoPublicId: newVideo ? newVideo.public_id : (item?.videoPublicId ?? null),
      posterUrl: newPoster ? newPoster.secure_url : keepPoster ? (item?.posterUrl ?? null) : null,
      posterPublicId: newPoster ? newPoster.public_id : keepPoster ? (item?.posterPublicId ?? null) : null,
      title: values.title,
      isActive: values.isActive,
    };
    try {
      await save(body, item?._id);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save vertical video'));
      discardFresh();
      return;
    }
    toast.success(item ? 'Video updated successfully' : 'Video added successfully');
    if (item && newVideo) void deleteMedia(item.videoPublicId, 'general', 'video');
    if (item && !keepPoster) void deleteMedia(item.posterPublicId, 'general', 'image');
    onDone();
  });

  return (
    <ContentForm
      title={item ? 'Edit vertical video' : 'Add vertical video'}
      onSubmit={() => void submit()}
      onCancel={onDone}
      submitting={isSubmitting}
      submitLabel={item ? 'Update' : 'Add'}
    >
      <div className="grid gap-5 lg:grid-cols-2">
        <MediaInput
          label="Video"
          accept="video/*"
          aspect="portrait"
          file={video}
          onFile={(next) => form.setValue('video', next, { shouldValidate: true })}
          currentUrl={item?.videoUrl}
          currentKind="video"
          error={errors.video?.message}
          hint={item ? 'Choose a file to replace the current video.' : 'A portrait (9:16) video up to 100MB.'}
        />
        <MediaInput
          label="Poster"
          accept="image/*"
          aspect="portrait"
          file={poster}
          onFile={(next) => {
            form.setValue('poster', next, { shouldValidate: true });
            form.setValue('removePoster', false);
          }}
          currentUrl={removePoster ? null : item?.posterUrl}
          error={errors.poster?.message}
          hint="Optional: an image shown before the video plays, up to 5MB."
          onRemove={() => {
            form.setValue('poster', null, { shouldValidate: true });
            form.setValue('removePoster', true);
          }}
        />
      </div>
      <Input
        label="Title (optional)"
        placeholder="e.g. Festive kurta in motion"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <ActiveCheckbox {...form.register('isActive')} />
      <UploadProgress state={uploader.state} />
    </ContentForm>
  );
}
