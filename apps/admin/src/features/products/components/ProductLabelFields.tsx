import { useEffect, useRef } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextareaField, TextField } from '#admin/components/form/Field.tsx';
import type { ProductFormValues } from './productFormValues';

const VENDOR_HELP = 'The brand or maker, as Shopify’s Vendor. Leave empty when none.';
const TAGS_HELP = 'Separate tags with commas, e.g. summer, muslin: up to 50 tags of at most 40 characters.';
const SEO_TITLE_HELP = 'The title search results show, at most 70 characters. Leave empty to use the product’s name.';
const SEO_DESCRIPTION_HELP =
  'The text search results show under the title, at most 320 characters. Leave empty for one made of the name, price and subcategory.';

interface ProductLabelFieldsProps {
  fieldId: (name: string) => string;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

/**
 * What a brand arriving from Shopify brings beside the catalogue (ADR 064): the vendor and the tags, and, in a section
 * the owner opens, the product page's title and description for search engines. The section opens by itself when one
 * of its fields is refused, so that the error is never hidden.
 */
export function ProductLabelFields({ fieldId, register, errors }: ProductLabelFieldsProps) {
  const seo = useRef<HTMLDetailsElement>(null);
  const seoRefused = Boolean(errors.seo_title || errors.seo_description);
  useEffect(() => {
    if (seoRefused && seo.current) seo.current.open = true;
  }, [seoRefused]);
  return (
    <>
      <div className="row g-3">
        <div className="col-sm-6">
          <TextField
            id={fieldId('vendor')}
            label="Vendor"
            help={VENDOR_HELP}
            error={errors.vendor?.message}
            autoComplete="off"
            {...register('vendor')}
          />
        </div>
        <div className="col-sm-6">
          <TextField
            id={fieldId('tags')}
            label="Tags"
            help={TAGS_HELP}
            error={errors.tags?.message}
            autoComplete="off"
            {...register('tags')}
          />
        </div>
      </div>
      <details ref={seo} className="product-form__seo mb-3">
        <summary>Search engines</summary>
        <TextField
          id={fieldId('seo_title')}
          label="SEO title"
          help={SEO_TITLE_HELP}
          error={errors.seo_title?.message}
          {...register('seo_title')}
        />
        <TextareaField
          id={fieldId('seo_description')}
          label="SEO description"
          help={SEO_DESCRIPTION_HELP}
          error={errors.seo_description?.message}
          rows={3}
          {...register('seo_description')}
        />
      </details>
    </>
  );
}
