/**
 * /admin/photo-snapshots: the Instagram photos of the home page,
 * newest first, at most 5; each card links to its post and has the active switch, Edit and
 * Delete; one form adds and edits.
 */
import toast from 'react-hot-toast';
import { HOMEPAGE_CONTENT_LIMITS, LIMIT_MESSAGES, type InstagramPhoto } from '../../../core/schemas/admin-homepage';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { adminMeta } from '../../features/admin/admin-meta';
import { CardGrid, ContentScreen } from '../../features/admin/homepage/content-screen';
import { InstagramPhotoForm } from '../../features/admin/homepage/instagram-photo-form';
import { ItemCard } from '../../features/admin/homepage/item-card';
import { useContentForm } from '../../features/admin/homepage/use-content-form';
import { useHomepageContent, type HomepageMessages } from '../../features/admin/homepage/use-homepage-content';
import { deleteMedia } from '../../lib/media-upload';

/** Page title. */
export const meta = () => adminMeta('Photo Snapshots');

const MESSAGES: HomepageMessages = {
  noun: 'Photo',
  statusNoun: 'Photo',
  load: 'Failed to load Instagram photos',
  save: 'Failed to save Instagram photo',
  delete: 'Failed to delete Instagram photo',
  toggle: 'Failed to update photo status',
};

const removePhotoMedia = (p: InstagramPhoto) => deleteMedia(p.publicId, 'general');

/** The Instagram photos screen. */
export default function PhotoSnapshots() {
  const content = useHomepageContent<InstagramPhoto>('instagram', MESSAGES, removePhotoMedia);
  const form = useContentForm(content.items);
  const limit = content.items.length >= HOMEPAGE_CONTENT_LIMITS.instagramPhotos ? LIMIT_MESSAGES.instagramPhotos : null;

  const add = () => {
    if (limit) toast.error(limit);
    else form.openAdd();
  };

  return (
    <>
      <ContentScreen
        title="Photo Snapshots"
        description="Instagram photos for the 'Follow us on Instagram' strip of the home page."
        summary={`${content.items.length} of ${HOMEPAGE_CONTENT_LIMITS.instagramPhotos} photos`}
        addLabel="Add Photo"
        onAdd={add}
        formKey={form.key}
        form={
          form.open ? <InstagramPhotoForm key={form.key} item={form.item} limit={limit} save={content.save} onDone={form.close} /> : null
        }
        loading={content.query.isPending}
        error={content.query.isError ? MESSAGES.load : null}
        onRetry={() => void content.query.refetch()}
        isEmpty={content.items.length === 0}
        emptyTitle="No Instagram photos yet"
        emptyText="Add up to 5 photos, each linking to its Instagram post."
      >
        <CardGrid label="Instagram photos">
          {content.items.map((p) => (
            <ItemCard
              key={p._id}
              itemLabel={p.alt}
              media={<img src={p.imageUrl} alt={p.alt} className="aspect-square w-full object-cover" loading="lazy" />}
              isActive={p.isActive}
              toggling={content.togglingId === p._id}
              onToggle={() => content.toggle(p)}
              onEdit={() => form.openEdit(p)}
              onDelete={() => content.askDelete(p)}
              editing={form.isEditing(p._id)}
            >
              <p className="line-clamp-2 font-medium text-stone-900">{p.alt}</p>
              <a href={p.postUrl} target="_blank" rel="noopener noreferrer" className="block truncate text-xs text-brand hover:underline">
                {p.postUrl}
              </a>
            </ItemCard>
          ))}
        </CardGrid>
      </ContentScreen>
      <ConfirmDialog
        title="Delete Instagram photo?"
        message="It disappears from the home page and its image is removed. This cannot be undone."
        confirmLabel="Delete"
        {...content.deleteDialog}
      />
    </>
  );
}
