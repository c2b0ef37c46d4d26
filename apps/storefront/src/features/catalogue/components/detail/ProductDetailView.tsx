import type { ProductCard, ProductDetail, ProductSize, SizeAdviceAnswer } from '@kapaas/contract';
import { lazy, type ReactNode, Suspense, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { PageHeading } from '#storefront/components/PageHeading.tsx';
import { Price } from '#storefront/components/product/Price.tsx';
import { hasRating, Rating } from '#storefront/components/product/Rating.tsx';
import { SafeHtml } from '#storefront/components/SafeHtml.tsx';
import { useProductDetail } from '#storefront/lib/queries/useProductDetail.ts';
import { usePurchaseChoice } from '../../hooks/usePurchaseChoice';
import { ProductGallery } from './ProductGallery';
import { ProductInfoTabs } from './ProductInfoTabs';
import { QuantityStepper } from './QuantityStepper';
import { RelatedProducts } from './RelatedProducts';
import { SizePicker } from './SizePicker';
import './productDetail.css';
import { paths } from '#storefront/lib/paths.ts';

/** "Notify me"'s form brings zod and the form library: it loads when a shopper opens it, apart from the page's first files. */
const NotifyMeForm = lazy(() => import('./NotifyMeForm').then((module) => ({ default: module.NotifyMeForm })));
/** The size chart: its HTML comes with the page (a <details>, open without scripts), its script apart (ADR 056). */
const SizeChart = lazy(() => import('./SizeChart'));

/** What the shopper has chosen, handed to the page's buying controls. */
export interface PurchaseChoice {
  product: ProductDetail;
  /** The chosen size; null when every size is sold out. */
  size: ProductSize | null;
  quantity: number;
  /** The "find my size" answer the chosen size was suggested by (ADR 060), for add_cart; null otherwise. */
  adviceId: number | null;
}

/**
 * The controls that belong to other features (cart, wishlist), composed in by the route so that the catalogue
 * does not depend on them.
 */
export interface ProductDetailSlots {
  renderWishlistButton?: (product: ProductDetail) => ReactNode;
  renderAddToCart?: (choice: PurchaseChoice) => ReactNode;
  /**
   * Beside the sizes of a product with a chart: "Find my size", whose answer `advise` preselects (ADR 060), and whose
   * answer for a parent's saved child `adviseForChild` preselects unless the shopper chose a size already (ADR 059).
   */
  renderSizeAdvice?: (
    product: ProductDetail,
    advise: (answer: SizeAdviceAnswer) => void,
    adviseForChild: (answer: SizeAdviceAnswer, chosenFor: string) => void,
  ) => ReactNode;
  /**
   * Below the buying controls: whether and by when the product reaches the shopper's PIN code, and what its return
   * rule allows (ADR 058).
   */
  renderDeliveryCheck?: (product: ProductDetail) => ReactNode;
  renderCardActions?: (product: ProductCard) => ReactNode;
  /** Beside the price: the reviews' average and count, linking to them; the product's own figures when not given. */
  renderRating?: (product: ProductDetail) => ReactNode;
  /** Below the related products: the reviews (with the id `reviews` the rating links to). */
  renderReviews?: (product: ProductDetail) => ReactNode;
}

interface ProductDetailViewProps extends ProductDetailSlots {
  productId: number;
}

/**
 * The product page (product.md §2): pictures, name, category, its reviews' rating, price, sizes, quantity, buying, tabs,
 * related products and the reviews.
 */
export function ProductDetailView({ productId, ...slots }: ProductDetailViewProps) {
  const detail = useProductDetail(productId);

  if (detail.isPending) return <LoadingState label="Loading product" />;
  if (detail.isError) return <QueryErrorAlert error={detail.error} onRetry={() => detail.refetch()} />;

  // Keyed by product so that moving to a related product starts with its own first size and a quantity of 1.
  return <ProductSummary key={detail.data.product_id} product={detail.data} {...slots} />;
}

/** The advice the chosen size came from: its id for add_cart, and the child it was chosen for, if any. */
interface Advised {
  sizeId: number;
  adviceId: number;
  chosenFor: string | null;
}

function ProductSummary({
  product,
  renderWishlistButton,
  renderAddToCart,
  renderSizeAdvice,
  renderDeliveryCheck,
  renderCardActions,
  renderRating = productRating,
  renderReviews,
}: { product: ProductDetail } & ProductDetailSlots) {
  const choice = usePurchaseChoice(product.sizes);
  const [notifying, setNotifying] = useState<ProductSize | null>(null);
  const [advised, setAdvised] = useState<Advised | null>(null);
  // Whether the shopper chose a size themselves (by hand or by the form): a child's advice never replaces it.
  const [shopperChose, setShopperChose] = useState(false);
  // The size suggested is chosen; a sold-out one opens its Notify me instead, as the shopper would (ADR 060).
  const applyAdvice = (answer: SizeAdviceAnswer, chosenFor: string | null) => {
    const size = product.sizes.find((s) => s.size_id === answer.size_id);
    setAdvised(
      size && answer.advice_id !== null ? { sizeId: size.size_id, adviceId: answer.advice_id, chosenFor } : null,
    );
    if (size?.in_stock) choice.chooseSize(size);
    else if (size) setNotifying(size);
  };
  const advise = (answer: SizeAdviceAnswer) => {
    setShopperChose(true);
    applyAdvice(answer, null);
  };
  // The child's size said beside a size the shopper chose, rather than chosen over it.
  const [suggested, setSuggested] = useState<string | null>(null);
  const adviseForChild = (answer: SizeAdviceAnswer, chosenFor: string) => {
    if (!shopperChose) applyAdvice(answer, chosenFor);
    else if (answer.size_name) setSuggested(`Suggested for ${chosenFor}: ${answer.size_name}`);
  };
  const chooseByHand = (size: ProductSize) => {
    setShopperChose(true);
    choice.chooseSize(size);
  };
  const current = advised && advised.sizeId === choice.size?.size_id ? advised : null;
  const adviceId = current?.adviceId ?? null;
  const sizesRef = useRef<HTMLDivElement>(null);
  const notifyFormId = useId();
  // A size tap re-renders only the buying controls: the pictures, tabs, related products and reviews keep their
  // props (the same array, the same element), so React skips them (issue 40: choosing a size was 248 ms at 4× CPU).
  const images = useMemo(
    () =>
      product.productsub_images.length > 0
        ? product.productsub_images.map((picture) => picture.image)
        : [product.product_image],
    [product],
  );
  const reviews = useMemo(() => renderReviews?.(product), [renderReviews, product]);

  return (
    <>
      <div className="row g-4 g-lg-5 product-detail">
        <div className="col-md-6">
          <ProductGallery images={images} name={product.name} />
        </div>
        <div className="col-md-6">
          <p className="product-detail__category">
            <Link to={paths.category(product.category_id)}>{product.category_name}</Link>
          </p>
          {/* The tab keeps the owner's SEO title, which the server's head gave (ADR 064). */}
          <PageHeading className="product-detail__name" documentTitle={product.seo_title ?? undefined}>
            {product.name}
          </PageHeading>
          {renderRating(product)}
          <Price price={product.actual_price} discountPrice={product.discount_price} className="price--large" />
          <SafeHtml className="product-detail__description" html={product.description} />
          <div ref={sizesRef}>
            <SizePicker
              sizes={product.sizes}
              selected={choice.size}
              onChoose={chooseByHand}
              onNotify={(size) => setNotifying((open) => (open?.size_id === size.size_id ? null : size))}
              notifying={notifying}
              notifyFormId={notifyFormId}
            />
          </div>
          {current?.chosenFor && choice.size && (
            <p className="size-picker__chosen-for">
              Chosen for {current.chosenFor}: {choice.size.size} ·{' '}
              <button
                type="button"
                className="btn btn-link p-0 align-baseline"
                onClick={() => sizesRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus()}
              >
                change
              </button>
            </p>
          )}
          {!current?.chosenFor && suggested && <p className="size-picker__chosen-for">{suggested}</p>}
          {product.size_chart && renderSizeAdvice?.(product, advise, adviseForChild)}
          {product.size_chart && (
            <Suspense>
              <SizeChart chart={product.size_chart} />
            </Suspense>
          )}
          {notifying && (
            <Suspense fallback={null}>
              <NotifyMeForm key={notifying.size_id} id={notifyFormId} productId={product.product_id} size={notifying} />
            </Suspense>
          )}
          {choice.size === null && <p className="text-body-secondary">This product is sold out in every size.</p>}
          <QuantityStepper quantity={choice.quantity} max={choice.max} onChange={choice.setQuantity} />
          <div className="product-detail__actions">
            {renderWishlistButton?.(product)}
            {renderAddToCart?.({ product, size: choice.size, quantity: choice.quantity, adviceId })}
            <Link to={paths.home} className="btn btn-link product-detail__continue">
              Continue To Shopping
            </Link>
          </div>
          {renderDeliveryCheck?.(product)}
        </div>
      </div>
      <ProductInfoTabs product={product} />
      <RelatedProducts products={product.relate_products} renderCardActions={renderCardActions} />
      {reviews}
    </>
  );
}

/** The product's average and count of reviews as the catalogue gives them, linking to the reviews; none without. */
function productRating(product: ProductDetail): ReactNode {
  if (!hasRating(product.rating_average, product.rating_count)) return null;
  return (
    <a href="#reviews" className="product-detail__rating">
      <Rating value={product.rating_average} count={product.rating_count} />
    </a>
  );
}
