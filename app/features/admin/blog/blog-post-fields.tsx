/** The post editor's fields: title, slug, category, excerpt, cover; referencing; the content. */
import { useId } from 'react';
import type { Control, FieldErrors } from 'react-hook-form';
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS } from '#common/enums.ts';
import {
  type AdminBlogPost,
  type BlogPostForm,
  type BlogPostInput,
  META_DESCRIPTION_MAX_LENGTH,
  slugify,
} from '#common/schemas/blog-admin.ts';
import { FieldError, type fieldProps, TextAreaField, TextField } from '~/components/form-fields';
import { cn } from '~/lib/cn';
import { ImageUploadField } from '../kit/image-upload';
import { Card } from '../kit/page';
import { MarkdownEditorField } from '../rich-text/markdown-editor-field';
import { MarkdownPreview } from './markdown-preview';
import { SharePreview } from './share-preview';

type PostFieldProps = {
  field: ReturnType<typeof fieldProps<BlogPostForm>>;
  control: Control<BlogPostForm, unknown, BlogPostInput>;
  errors: FieldErrors<BlogPostForm>;
  values: BlogPostForm;
  post: AdminBlogPost | null;
};

export function BlogPostFields(props: PostFieldProps) {
  const { control } = props;
  return (
    <>
      <BlogPostIdentity {...props} />
      <BlogPostReferencing {...props} />
      <Card>
        <MarkdownEditorField
          control={control}
          name="content"
          label="Contenu"
          placeholder="Écrivez votre article… Un intertitre, du gras, une image : la barre ci-dessus."
          sourcePreview={(markdown) => <MarkdownPreview content={markdown} />}
        />
      </Card>
    </>
  );
}

function BlogPostIdentity({ field, control, errors, values, post }: PostFieldProps) {
  const generatedSlug = slugify(values.title ?? '');
  const slug = values.slug;
  const slugChangedWhilePublished = post?.isPublished && slug !== post.slug;
  return (
    <Card className="grid gap-4 lg:grid-cols-2">
      <TextField label="Titre" {...field('title')} className="lg:col-span-2" />
      <div className="flex flex-col gap-1.5">
        <TextField
          label="Slug (adresse de l’article)"
          optional
          placeholder={generatedSlug || 'genere-depuis-le-titre'}
          autoCapitalize="none"
          spellCheck={false}
          {...field('slug')}
        />
        {slugChangedWhilePublished ? (
          <p className="text-xs text-gray-700">
            L’ancienne adresse /blog/{post?.slug} mènera à la nouvelle (redirection permanente).
          </p>
        ) : !slug ? (
          <p className="text-xs break-words text-gray-600">
            Laissé vide, il est créé depuis le titre : /blog/{generatedSlug || '…'}
          </p>
        ) : null}
      </div>
      <CategorySelect {...field('category')} />
      <TextAreaField label="Résumé" optional rows={3} {...field('excerpt')} className="lg:col-span-2" />
      <div className="lg:col-span-2">
        <ImageUploadField
          control={control}
          name="coverImage"
          label="Image de couverture"
          error={errors.coverImage?.message}
        />
      </div>
      {values.coverImage ? (
        <TextField
          label="Texte alternatif de la couverture"
          optional
          placeholder="Ce que montre l’image, en quelques mots"
          {...field('coverAlt')}
          className="lg:col-span-2"
        />
      ) : null}
    </Card>
  );
}

function BlogPostReferencing({ field, values, post }: PostFieldProps) {
  return (
    <Card className="grid gap-4 lg:grid-cols-2">
      <h2 className="text-base font-semibold text-gray-900 lg:col-span-2">Référencement et partage</h2>
      <div className="flex flex-col gap-1">
        <TextAreaField
          label="Description pour Google et les partages"
          optional
          rows={3}
          {...field('metaDescription')}
        />
        <p className="text-xs text-gray-600">
          {(values.metaDescription ?? '').trim().length}/{META_DESCRIPTION_MAX_LENGTH} caractères. Laissée
          vide, le résumé sert de description.
        </p>
      </div>
      <SharePreview
        saved={post}
        title={values.title ?? ''}
        description={(values.metaDescription || values.excerpt || '').trim()}
      />
    </Card>
  );
}

/** A native select whose values are the category keys and whose options show their French labels. */
function CategorySelect({ error, ...props }: { error?: string } & React.ComponentProps<'select'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        Catégorie
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required
        {...props}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 focus:outline-2',
          error
            ? 'border-red-600 focus:outline-red-600/30'
            : 'border-gray-300 focus:border-brand-700 focus:outline-brand-700/30',
        )}
      >
        <option value="" disabled>
          Choisissez…
        </option>
        {BLOG_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {BLOG_CATEGORY_LABELS[category]}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
