import type { OrderDetail, ReturnRequestRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { productDetailQuery } from '#storefront/lib/queries/useProductDetail.ts';
import { returnPaths } from '#storefront/lib/returnPaths.ts';
import { formatReturnDay, RETURN_TEXTS } from '#storefront/lib/returnTexts.ts';
import { ownerFields, useIdentity } from '#storefront/lib/session.ts';
import { useReturnRequest } from '../api/useReturnRequest';
import { type ExchangeSizes, ReturnLineFieldset } from './ReturnLineFieldset';
import { ReturnPhotos } from './ReturnPhotos';
import {
  emptyReturnFields,
  formLinesNamed,
  type ReturnFields,
  ReturnFormSchema,
  returnFieldOf,
  returnRequestBody,
} from './returnFormValues';
import '../returns.css';

/** The server's code when a size asked for in exchange sold out while the shopper was choosing. */
export const EXCHANGE_SIZE_SOLD_OUT = 'EXCHANGE_SIZE_SOLD_OUT';

/** Where the shopper lands after sending: the return's page, which says the request arrived. */
export interface ReturnSentState {
  sent: string;
}

/** The sizes of each product of the order, from product_detail (the exchange's choices). */
function useExchangeSizes(order: OrderDetail): (productId: number) => ExchangeSizes {
  const productIds = [...new Set(order.description.map((line) => line.product_id))];
  const answers = useQueries({ queries: productIds.map((productId) => productDetailQuery(productId)) });
  return (productId) => {
    const answer = answers[productIds.indexOf(productId)];
    if (answer === undefined || answer.isError) return { state: 'unavailable' };
    if (answer.isPending) return { state: 'loading' };
    return { state: 'ready', sizes: answer.data.sizes };
  };
}

/**
 * Asks to return or exchange pieces of a delivered order (return_request). Each line says how many pieces go back and
 * how; the contract's schema checks the body before it is sent and the server's refusals are shown beside the field
 * they name. An exchange size that sold out meanwhile (409) offers to make that line a return in one click.
 */
export function ReturnForm({ order }: { order: OrderDetail }) {
  const identity = useIdentity();
  const navigate = useNavigate();
  const client = useQueryClient();
  const request = useReturnRequest();
  const exchangeSizes = useExchangeSizes(order);
  // The order line behind each line of the body last checked or sent.
  const formLineOf = useRef<number[]>([]);
  const [soldOut, setSoldOut] = useState<ReadonlySet<number>>(new Set());

  const form = useZodForm(ReturnFormSchema, {
    defaultValues: emptyReturnFields(order),
    toBody: (values: ReturnFields) => {
      const { body, formLineOf: lines } = returnRequestBody(order, ownerFields(identity), values);
      formLineOf.current = lines;
      return body;
    },
    fieldOf: (path) => returnFieldOf(path, formLineOf.current),
  });
  const {
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    watch,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = form;
  const photos = watch('photos');

  const showRefusal = async (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setError('root.server', { message: errorMessage(error) });
      return;
    }
    const shownBeside = new Set<string>();
    for (const [path, [message]] of Object.entries(error.errors)) {
      const field = returnFieldOf(path, formLineOf.current);
      if (field === '' || !message || shownBeside.has(field)) continue;
      setError(field as `lines.${number}.quantity`, { message });
      shownBeside.add(field);
    }
    if (error.code === EXCHANGE_SIZE_SOLD_OUT) {
      await showSoldOut(error, shownBeside);
      return;
    }
    if (shownBeside.size === 0 || error.status >= 500) setError('root.server', { message: error.message });
  };

  /**
   * The size asked for sold out: beside each line it concerns, one click back to a return. Without a line named, the
   * lines are those whose new size the product's sizes, fetched again, now show sold out (every exchange line if none).
   */
  const showSoldOut = async (error: ApiError, shownBeside: ReadonlySet<string>) => {
    setError('root.server', { message: error.message });
    const named = formLinesNamed(Object.keys(error.errors), formLineOf.current);
    const affected = named.length > 0 ? named : await soldOutExchangeLines();
    for (const index of affected) {
      if (!shownBeside.has(`lines.${index}.new_size`)) {
        setError(`lines.${index}.new_size`, { message: RETURN_TEXTS.soldOut });
      }
    }
    setSoldOut(new Set(affected));
  };

  /** The exchange lines whose new size is sold out now, as product_detail says once asked again. */
  const soldOutExchangeLines = async (): Promise<number[]> => {
    const exchanges = form
      .getValues('lines')
      .flatMap((line, index) =>
        line.kind === 'exchange' && Number(line.quantity) > 0 && line.new_size !== ''
          ? [{ index, quantity: Number(line.quantity), sizeId: Number(line.new_size) }]
          : [],
      );
    await client.invalidateQueries({ queryKey: ['catalogue', 'product-detail'] });
    const short: number[] = [];
    for (const { index, quantity, sizeId } of exchanges) {
      const productId = order.description[index]?.product_id;
      if (productId === undefined) continue;
      const answer = await client.fetchQuery(productDetailQuery(productId)).catch(() => null);
      const size = answer?.products.sizes.find((s) => s.size_id === sizeId);
      if (!size?.in_stock || size.max_quantity < quantity) short.push(index);
    }
    return short.length > 0 ? short : exchanges.map(({ index }) => index);
  };

  const send = async (body: ReturnRequestRequest) => {
    setSoldOut(new Set());
    try {
      const answer = await request.mutateAsync(body);
      const state: ReturnSentState = { sent: answer.message };
      navigate(returnPaths.returnDetail(answer.return_id), { state });
    } catch (error) {
      await showRefusal(error);
      throw error;
    }
  };

  const switchToReturn = (index: number) => {
    setValue(`lines.${index}.kind`, 'return');
    setValue(`lines.${index}.new_size`, '');
    clearErrors(`lines.${index}.new_size`);
    clearErrors('root.server');
    setSoldOut((lines) => new Set([...lines].filter((line) => line !== index)));
  };

  const formError = errors.root?.form?.message ?? errors.root?.server?.message;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="return-form"
        aria-labelledby="return-form-title"
        onSubmit={(event) => {
          handleSubmit(send)(event).catch(() => {
            // Shown beside the fields and under the form by showRefusal.
          });
        }}
      >
        <h2 id="return-form-title" className="return-form__title">
          From order #{order.order_id}
        </h2>
        {order.return_until && (
          <p className="return-form__until">You can ask until {formatReturnDay(order.return_until)}.</p>
        )}
        <fieldset disabled={isSubmitting || isSubmitSuccessful} className="return-form__lines">
          <legend className="visually-hidden">The pieces of the order</legend>
          {order.description.map((line, index) => (
            <ReturnLineFieldset
              key={`${line.product_id}-${line.size_id}`}
              index={index}
              line={line}
              exchangeSizes={exchangeSizes(line.product_id)}
              soldOut={soldOut.has(index)}
              onSwitchToReturn={() => switchToReturn(index)}
            />
          ))}
        </fieldset>
        <ReturnPhotos
          orderId={order.order_id}
          photos={photos}
          onChange={(next) => setValue('photos', next)}
          error={errors.photos?.message}
          disabled={isSubmitting}
        />
        <FormOutcome error={formError} />
        <div className="return-form__actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting || isSubmitSuccessful}>
            {isSubmitting ? 'Sending…' : 'Send request'}
          </button>
          <Link to={paths.orderDetail(order.order_id)} className="btn btn-outline-primary">
            Back to the order
          </Link>
        </div>
      </form>
    </FormProvider>
  );
}
