import { createContext } from 'react-router';
import type { ApiTransport } from '../../lib/api';

/** What the server hands a render: the shop's public calls answered in the same process, and its public address. */
export interface ShopServer {
  /** Answers a public call (the catalogue's) from memory, as `POST /api/{endpoint}` would. */
  call: ApiTransport;
  /** The shop's public base URL for absolute links (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
}

/**
 * The load context's key for ShopServer. The API sets it for every request it renders (it reads this same key from
 * the server build's entry module); the Vite dev server sets nothing, and a render then reads the API over HTTP.
 */
export const shopContext = createContext<ShopServer | null>(null);
