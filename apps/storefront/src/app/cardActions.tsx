import type { ProductCard } from '@kapaas/contract';
import { WishlistHeart } from '../features/wishlist/components/WishlistHeart';

/** What every product card carries, composed here because the card and the wishlist are separate features. */
export const wishlistHeart = (product: Pick<ProductCard, 'product_id' | 'name'>) => <WishlistHeart product={product} />;
