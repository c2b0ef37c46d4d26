import {
  AdminCreateProduct,
  AdminProductAnswer,
  AdminProductListAnswer,
  AdminProductListQuery,
  AdminUpdateProduct,
} from '@kapaas/contract';
import { resourceRoutes } from '../resource';
import { changeProduct, createProduct, findProduct, listProducts, removeProduct } from './products.service';

/**
 * /products: the catalogue's products with their sizes' stock and their images, prices in
 * rupees. Every write is applied to the storefront's catalogue (that product alone).
 */
export const productRoutes = resourceRoutes({
  path: 'products',
  noun: 'Product',
  catalogue: 'product',
  item: AdminProductAnswer.shape.data,
  answer: AdminProductAnswer,
  list: { query: AdminProductListQuery, answer: AdminProductListAnswer, run: listProducts },
  find: findProduct,
  create: { body: AdminCreateProduct, run: createProduct },
  update: { body: AdminUpdateProduct, run: changeProduct },
  remove: removeProduct,
});
