/**
 * /admin/vertical-videos: the Watch & Shop clips, newest first, at
 * most 4; each card has the active switch, Edit and Delete; one form adds and edits.
 */
import toast from 'react-hot-toast';
import { HOMEPAGE_CONTENT_LIMITS, LIMIT_MESSAGES, type VerticalVideo } from '../../../core/schemas/admin-homepage';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { adminMeta } from '../../features/admin/admin-meta';
import { CardGrid, ContentScreen } from '../../features/admin/homepage/content-screen';
import { ItemCard } from '../../features/admin/homepage/item-card';
import { useContentForm } from '../../features/admin/homepage/use-content-form';
import { useHomepageContent, type HomepageMessages } from '../../features/admin/homepage/use-homepage-content';
import { VerticalVideoForm } from '../../features/admin/homepage/vertical-video-form';
import { deleteMedia } from '../../lib/media-upload';

/** Page title. */
export const meta = () => adminMeta('Vertical Videos');

const MESSAGES: HomepageMessages = {
  noun: 'Video',
  statusNoun: 'Video',
  load: 'Failed to load vertical videos',
  save: 'Failed to save vertical video',
  delete: 'Failed to delete vertical video',
  toggle: 'Failed to update video status',
};

const removeVideoMedia = async (v: VerticalVideo) => {
  await Promise.all([deleteMedia(v.videoPublicId, 'general', 'video'), deleteMedia(v.posterPublicId, 'general', 'image')]);
};

/** The vertical videos screen. */
export default function VerticalVideos() {
  const content = useHomepageContent<VerticalVideo>('videos', MESSAGES, removeVideoMedia);
  const form = useContentForm(content.items);
  const limit = content.items.length >= HOMEPAGE_CONTENT_LIMITS.verticalVideos ? LIMIT_MESSAGES.verticalVideos : null;

  const add = () => {
    if (limit) toast.error(limit);
    else form.openAdd();
  };

  return (
    <>
      <ContentScreen
        title="Vertical Videos"
        description="Short portrait clips for the Watch & Shop section of the home page."
        summary={`${content.items.length} of ${HOMEPAGE_CONTENT_LIMITS.verticalVideos} videos`}
        addLabel="Add Video"
        onAdd={add}
        formKey={form.key}
        form={
          form.open ? <VerticalVideoForm key={form.key} item={form.item} limit={limit} save={content.save} onDone={form.close} /> : null
        }
        loading={content.query.isPending}
        error={content.query.isError ? MESSAGES.load : null}
        onRetry={() => void content.query.refetch()}
        isEmpty={content.items.length === 0}
        emptyTitle="No vertical videos yet"
        emptyText="Add up to 4 portrait videos to show your styles in motion."
      >
        <CardGrid label="Vertical videos">
          {content.items.map((v) => {
            const label = v.title || 'Untitled video';
            return (
              <ItemCard
                key={v._id}
                itemLabel={label}
                media={
                  <video
                    src={v.videoUrl}
                    poster={v.posterUrl ?? undefined}
                    className="mx-auto aspect-[9/16] max-h-96 w-full bg-stone-900 object-cover"
                    muted
                    playsInline
                    controls
                    preload="metadata"
                    aria-label={label}
                  />
                }
                isActive={v.isActive}
                toggling={content.togglingId === v._id}
                onToggle={() => content.toggle(v)}
                onEdit={() => form.openEdit(v)}
                onDelete={() => content.askDelete(v)}
                editing={form.isEditing(v._id)}
              >
                <p className={`font-medium ${v.title ? 'text-stone-900' : 'italic text-stone-500'}`}>{label}</p>
                <p className="text-xs text-stone-500">{v.posterUrl ? 'With poster' : 'No poster'}</p>
              </ItemCard>
            );
          })}
        </CardGrid>
      </ContentScreen>
      <ConfirmDialog
        title="Delete vertical video?"
        message="It disappears from the home page and its video and poster files are removed. This cannot be undone."
        confirmLabel="Delete"
        {...content.deleteDialog}
      />
    </>
  );
}
