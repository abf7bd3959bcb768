/**
 * /admin/hero-images: the hero video and the image banners, in the
 * order the home page shows them. Image banners move up and down (PUT /banners/order); each card
 * has the active switch, Edit and Delete; one form adds and edits.
 */
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { HOMEPAGE_CONTENT_LIMITS, type HeroBanner } from '../../../core/schemas/admin-homepage';
import { Badge } from '../../components/ui/badge';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { adminMeta } from '../../features/admin/admin-meta';
import { CardGrid, ContentScreen } from '../../features/admin/homepage/content-screen';
import { HeroMediaForm } from '../../features/admin/homepage/hero-media-form';
import { ItemCard } from '../../features/admin/homepage/item-card';
import { useContentForm } from '../../features/admin/homepage/use-content-form';
import { useHomepageContent, type HomepageMessages } from '../../features/admin/homepage/use-homepage-content';
import { deleteMedia } from '../../lib/media-upload';
import { apiFetch } from '../../lib/api';

/** Page title. */
export const meta = () => adminMeta('Hero Images');

const MESSAGES: HomepageMessages = {
  noun: 'Hero media',
  statusNoun: 'Banner',
  load: 'Failed to load hero media',
  save: 'Failed to save hero media',
  delete: 'Failed to delete hero media',
  toggle: 'Failed to update banner status',
};

const removeBannerMedia = (b: HeroBanner) => deleteMedia(b.publicId, 'homepage', b.mediaType);

function ArrowButton({
  direction,
  label,
  onClick,
  disabled,
}: {
  direction: 'up' | 'down';
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={`Move ${label} ${direction}`}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-40"
    >
      <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
        <path
          d={direction === 'up' ? 'M10 15V5m0 0-4.5 4.5M10 5l4.5 4.5' : 'M10 5v10m0 0-4.5-4.5M10 15l4.5-4.5'}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

/** The hero media screen. */
export default function HeroImages() {
  const content = useHomepageContent<HeroBanner>('banners', MESSAGES, removeBannerMedia);
  const form = useContentForm(content.items);

  const images = content.items.filter((b) => b.mediaType === 'image').sort((a, b) => a.sortOrder - b.sortOrder);
  const videos = content.items.filter((b) => b.mediaType === 'video');

  const reorder = useMutation({
    mutationFn: (ids: string[]) =>
      apiFetch<HeroBanner[]>('/api/admin/homepage/banners/order', {
        method: 'PUT',
        body: { ids },
        auth: true,
        fallbackMessage: 'Failed to update banner order',
      }),
    onSuccess: (list) => {
      content.setItems(list);
      toast.success('Banner order updated');
    },
    onError: () => toast.error('Failed to update banner order'),
  });

  const move = (index: number, by: -1 | 1) => {
    const ids = images.map((b) => b._id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    reorder.mutate(ids);
  };

  const card = (b: HeroBanner, media: ReactNode, details: ReactNode, extra?: ReactNode) => (
    <ItemCard
      key={b._id}
      itemLabel={b.alt}
      media={media}
      isActive={b.isActive}
      toggling={content.togglingId === b._id}
      onToggle={() => content.toggle(b)}
      onEdit={() => form.openEdit(b)}
      onDelete={() => content.askDelete(b)}
      extra={extra}
      editing={form.isEditing(b._id)}
    >
      {details}
    </ItemCard>
  );

  return (
    <>
      <ContentScreen
        title="Hero Images"
        description="The banners at the top of the home page: up to 4 images, shown in this order, and one video."
        summary={`${images.length} of ${HOMEPAGE_CONTENT_LIMITS.heroImages} image banners · ${videos.length} of ${HOMEPAGE_CONTENT_LIMITS.heroVideos} video`}
        addLabel="Add Hero Media"
        onAdd={() => form.openAdd()}
        formKey={form.key}
        form={
          form.open ? (
            <HeroMediaForm key={form.key} item={form.item} banners={content.items} save={content.save} onDone={form.close} />
          ) : null
        }
        loading={content.query.isPending}
        error={content.query.isError ? MESSAGES.load : null}
        onRetry={() => void content.query.refetch()}
        isEmpty={content.items.length === 0}
        emptyTitle="No hero media yet"
        emptyText="Add an image or a video to greet shoppers at the top of the home page."
      >
        <div className="space-y-8">
          <section aria-labelledby="hero-images-heading" className="space-y-3">
            <h2 id="hero-images-heading" className="text-lg font-semibold text-stone-900">
              Image banners
            </h2>
            {images.length === 0 ? (
              <p className="text-sm text-stone-500">No image banners yet.</p>
            ) : (
              <CardGrid label="Image banners">
                {images.map((b, i) =>
                  card(
                    b,
                    <img src={b.imageUrl ?? ''} alt={b.alt} className="aspect-[5/2] w-full object-cover" loading="lazy" />,
                    <>
                      <p className="flex items-center gap-2">
                        <Badge tone="dark">#{i + 1}</Badge>
                        <span className="line-clamp-2 font-medium text-stone-900">{b.alt}</span>
                      </p>
                      <p className="truncate text-xs text-stone-500">{b.link ? `Links to ${b.link}` : 'No link'}</p>
                    </>,
                    <>
                      <ArrowButton direction="up" label={b.alt} onClick={() => move(i, -1)} disabled={i === 0 || reorder.isPending} />
                      <ArrowButton
                        direction="down"
                        label={b.alt}
                        onClick={() => move(i, 1)}
                        disabled={i === images.length - 1 || reorder.isPending}
                      />
                    </>,
                  ),
                )}
              </CardGrid>
            )}
          </section>
          <section aria-labelledby="hero-video-heading" className="space-y-3">
            <h2 id="hero-video-heading" className="text-lg font-semibold text-stone-900">
              Hero video
            </h2>
            {videos.length === 0 ? (
              <p className="text-sm text-stone-500">No hero video. Add one to play it above the banners.</p>
            ) : (
              <CardGrid label="Hero video">
                {videos.map((b) =>
                  card(
                    b,
                    <video
                      src={b.videoUrl ?? ''}
                      poster={b.posterUrl ?? undefined}
                      className="aspect-video w-full bg-stone-900 object-cover"
                      muted
                      playsInline
                      controls
                      preload="metadata"
                      aria-label={b.alt}
                    />,
                    <p className="flex items-center gap-2">
                      <Badge tone="purple">Video</Badge>
                      <span className="line-clamp-2 font-medium text-stone-900">{b.alt}</span>
                    </p>,
                  ),
                )}
              </CardGrid>
            )}
          </section>
        </div>
      </ContentScreen>
      <ConfirmDialog
        title="Delete hero media?"
        message="It disappears from the home page and its file is removed. This cannot be undone."
        confirmLabel="Delete"
        {...content.deleteDialog}
      />
    </>
  );
}
