import type { AdminCategory, AdminNamed, AdminProduct, AdminSize, AdminSubcategory } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { Controller } from 'react-hook-form';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { showServerErrors } from '#admin/lib/forms.ts';
import { ProductImages } from './ProductImages';
import { ProductLabelFields } from './ProductLabelFields';
import {
  type ProductBody,
  type ProductFormValues,
  productFieldOf,
  productSchema,
  toFormValues,
  toProductBody,
} from './productFormValues';
import { SizeStockGrid } from './SizeStockGrid';
import { WeightField } from './WeightField';

/** What the form chooses from. */
export interface ProductChoices {
  categories: AdminCategory[];
  subcategories: AdminSubcategory[];
  sizes: AdminSize[];
  patterns: AdminNamed[];
  genders: AdminNamed[];
}

interface ProductFormProps {
  /** The product being changed; absent for a new one. */
  product?: AdminProduct | undefined;
  choices: ProductChoices;
  submitLabel: string;
  /** Saves the body; a rejection's field errors are shown on the fields. */
  onSave: (body: ProductBody) => Promise<unknown>;
  onCancel: () => void;
}

type TextField =
  | 'name'
  | 'price'
  | 'discount_price'
  | 'description'
  | 'product_details'
  | 'wash_care'
  | 'hsn_code'
  | 'weight_grams';

/** A product: its names and prices, where it is listed, its photos and the stock of each size. */
export function ProductForm({ product, choices, submitLabel, onSave, onCancel }: ProductFormProps) {
  const id = useId();
  const sizeOrder = useRef<number[]>([]).current;
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(productSchema(product), {
    toBody: (values: ProductFormValues) => toProductBody(values, sizeOrder, product),
    fieldOf: productFieldOf(sizeOrder),
    defaultValues: toFormValues(product),
  });

  const categoryId = Number(watch('category_id'));
  const subcategories = choices.subcategories.filter((subcategory) => subcategory.category_id === categoryId);
  const productName = watch('name');
  // Without a code of its own, a product's invoices carry its category's (ADR 032).
  const categoryHsn =
    choices.categories.find((category) => category.id === categoryId)?.hsn_code ??
    (product?.hsn_code === null ? product.hsn : undefined);
  const hsnHelp = categoryHsn
    ? `Printed on its tax invoices. Leave empty to use the category’s code, ${categoryHsn}.`
    : 'Printed on its tax invoices. Leave empty to use the category’s code.';

  const submit = async (body: ProductBody) => {
    try {
      await onSave(body);
    } catch (error) {
      showServerErrors(error, setError, productFieldOf(sizeOrder));
    }
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const inputProps = (name: TextField | 'category_id' | 'subcategory_id' | 'pattern_id' | 'gender_id') => {
    const message = errors[name]?.message;
    return {
      id: fieldId(name),
      'aria-invalid': message ? true : undefined,
      'aria-describedby': describedBy(fieldId(name), message),
      ...register(name),
    };
  };
  const invalid = (name: keyof ProductFormValues) => (errors[name] ? ' is-invalid' : '');
  const stockError = (errors.stock as { message?: string } | undefined)?.message;

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="product-form">
      <fieldset disabled={isSubmitting} className="product-form__columns">
        <div>
          <Field id={fieldId('name')} label="Name" error={errors.name?.message}>
            <input type="text" className={`form-control${invalid('name')}`} {...inputProps('name')} />
          </Field>
          <div className="row g-3">
            <div className="col-sm-6">
              <Field id={fieldId('category_id')} label="Category" error={errors.category_id?.message}>
                <select className={`form-select${invalid('category_id')}`} {...inputProps('category_id')}>
                  <option value="">Choose…</option>
                  {choices.categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <div className="col-sm-6">
              <Field id={fieldId('subcategory_id')} label="Subcategory" error={errors.subcategory_id?.message}>
                <select className={`form-select${invalid('subcategory_id')}`} {...inputProps('subcategory_id')}>
                  <option value="">{categoryId ? 'Choose…' : 'Choose a category first'}</option>
                  {subcategories.map((subcategory) => (
                    <option key={subcategory.id} value={subcategory.id}>
                      {subcategory.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <div className="col-sm-6">
              <Field id={fieldId('price')} label="Price" error={errors.price?.message}>
                <div className="input-group">
                  <span className="input-group-text">₹</span>
                  <input
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min="0"
                    className={`form-control${invalid('price')}`}
                    {...inputProps('price')}
                  />
                </div>
              </Field>
            </div>
            <div className="col-sm-6">
              <Field
                id={fieldId('discount_price')}
                label="Sale price"
                help="Leave empty when not on sale."
                error={errors.discount_price?.message}
              >
                <div className="input-group">
                  <span className="input-group-text">₹</span>
                  <input
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min="0"
                    className={`form-control${invalid('discount_price')}`}
                    {...inputProps('discount_price')}
                    aria-describedby={describedBy(
                      fieldId('discount_price'),
                      errors.discount_price?.message,
                      'Leave empty when not on sale.',
                    )}
                  />
                </div>
              </Field>
            </div>
            <div className="col-sm-6">
              <Field id={fieldId('hsn_code')} label="HSN code" help={hsnHelp} error={errors.hsn_code?.message}>
                <input
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={8}
                  placeholder={categoryHsn}
                  className={`form-control${invalid('hsn_code')}`}
                  {...inputProps('hsn_code')}
                  aria-describedby={describedBy(fieldId('hsn_code'), errors.hsn_code?.message, hsnHelp)}
                />
              </Field>
            </div>
            <div className="col-sm-6">
              <WeightField error={errors.weight_grams?.message} {...inputProps('weight_grams')} />
            </div>
            <div className="col-sm-6">
              <Field id={fieldId('pattern_id')} label="Print" error={errors.pattern_id?.message}>
                <select className={`form-select${invalid('pattern_id')}`} {...inputProps('pattern_id')}>
                  <option value="">None</option>
                  {choices.patterns.map((pattern) => (
                    <option key={pattern.id} value={pattern.id}>
                      {pattern.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <div className="col-sm-6">
              <Field id={fieldId('gender_id')} label="For" error={errors.gender_id?.message}>
                <select className={`form-select${invalid('gender_id')}`} {...inputProps('gender_id')}>
                  <option value="">Everyone</option>
                  {choices.genders.map((gender) => (
                    <option key={gender.id} value={gender.id}>
                      {gender.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </div>
          {(
            [
              ['description', 'Description'],
              ['product_details', 'Product details'],
              ['wash_care', 'Wash care'],
            ] as const
          ).map(([name, label]) => (
            <Field key={name} id={fieldId(name)} label={label} error={errors[name]?.message}>
              <textarea rows={3} className={`form-control${invalid(name)}`} {...inputProps(name)} />
            </Field>
          ))}
          <ProductLabelFields fieldId={fieldId} register={register} errors={errors} />
        </div>

        <div>
          <Field
            id={fieldId('images')}
            label="Photos"
            help="The main photo is shown on the shop's product cards."
            error={errors.images?.message}
          >
            <Controller
              control={control}
              name="images"
              render={({ field }) => (
                <ProductImages
                  id={fieldId('images')}
                  value={field.value}
                  onChange={field.onChange}
                  invalid={errors.images !== undefined}
                  describedBy={describedBy(
                    fieldId('images'),
                    errors.images?.message,
                    "The main photo is shown on the shop's product cards.",
                  )}
                  productName={productName}
                />
              )}
            />
          </Field>
          <Field
            id={fieldId('stock')}
            label="Stock by size"
            help="Pieces on the shelf. Leave a size empty if the product is not made in it; 0 shows it as sold out. A SKU is your own code for the size, unique across the shop; it prints on invoices and packing slips. Held pieces are in orders awaiting payment."
            error={stockError}
            group
          >
            <SizeStockGrid
              id={fieldId('stock')}
              sizes={choices.sizes}
              product={product}
              register={register}
              errors={errors.stock}
              skuErrors={errors.sku}
            />
          </Field>
        </div>
      </fieldset>
      <FormOutcome error={errors.root?.server?.message} />
      <div className="d-flex gap-2 form-actions">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
