/**
 * /admin/testimonials: what customers say on the home page, newest
 * first, at most 10; each card has the active switch, Edit and Delete; one form adds and edits.
 */
import toast from 'react-hot-toast';
import { HOMEPAGE_CONTENT_LIMITS, LIMIT_MESSAGES, type Testimonial } from '../../../core/schemas/admin-homepage';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { adminMeta } from '../../features/admin/admin-meta';
import { CardGrid, ContentScreen } from '../../features/admin/homepage/content-screen';
import { ItemCard } from '../../features/admin/homepage/item-card';
import { Star, TestimonialForm } from '../../features/admin/homepage/testimonial-form';
import { useContentForm } from '../../features/admin/homepage/use-content-form';
import { useHomepageContent, type HomepageMessages } from '../../features/admin/homepage/use-homepage-content';

/** Page title. */
export const meta = () => adminMeta('Testimonials');

const MESSAGES: HomepageMessages = {
  noun: 'Testimonial',
  statusNoun: 'Testimonial',
  load: 'Failed to load testimonials',
  save: 'Failed to save testimonial',
  delete: 'Failed to delete testimonial',
  toggle: 'Failed to update testimonial status',
};

// Testimonials have no uploaded media of their own.
const noMedia = async () => {};

/** The testimonials screen. */
export default function Testimonials() {
  const content = useHomepageContent<Testimonial>('testimonials', MESSAGES, noMedia);
  const form = useContentForm(content.items);
  const limit = content.items.length >= HOMEPAGE_CONTENT_LIMITS.testimonials ? LIMIT_MESSAGES.testimonials : null;

  const add = () => {
    if (limit) toast.error(limit);
    else form.openAdd();
  };

  return (
    <>
      <ContentScreen
        title="Testimonials"
        description="Quotes from happy customers for the 'What Customers Say' section of the home page."
        summary={`${content.items.length} of ${HOMEPAGE_CONTENT_LIMITS.testimonials} testimonials`}
        addLabel="Add Testimonial"
        onAdd={add}
        formKey={form.key}
        form={form.open ? <TestimonialForm key={form.key} item={form.item} limit={limit} save={content.save} onDone={form.close} /> : null}
        loading={content.query.isPending}
        error={content.query.isError ? MESSAGES.load : null}
        onRetry={() => void content.query.refetch()}
        isEmpty={content.items.length === 0}
        emptyTitle="No testimonials yet"
        emptyText="Add up to 10 quotes from customers to build trust on the home page."
      >
        <CardGrid label="Testimonials" wide>
          {content.items.map((t) => (
            <ItemCard
              key={t._id}
              itemLabel={`testimonial by ${t.authorName}`}
              isActive={t.isActive}
              toggling={content.togglingId === t._id}
              onToggle={() => content.toggle(t)}
              onEdit={() => form.openEdit(t)}
              onDelete={() => content.askDelete(t)}
              editing={form.isEditing(t._id)}
            >
              <div className="flex gap-0.5" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                {[1, 2, 3, 4, 5].map((n) => (
                  <Star key={n} on={n <= t.rating} className="h-4 w-4" />
                ))}
              </div>
              <blockquote className="text-stone-800">“{t.content}”</blockquote>
              <p className="font-semibold text-stone-900">
                {t.authorName}
                {t.authorHandle ? <span className="ml-1.5 font-normal text-stone-500">{t.authorHandle}</span> : null}
              </p>
            </ItemCard>
          ))}
        </CardGrid>
      </ContentScreen>
      <ConfirmDialog
        title="Delete testimonial?"
        message="It disappears from the home page. This cannot be undone."
        confirmLabel="Delete"
        {...content.deleteDialog}
      />
    </>
  );
}
