import type { z } from 'zod';
import {
  AddAddressAnswer,
  AddAddressRequest,
  AddressActiveRequest,
  AddressListAnswer,
  AddressListRequest,
  CityListAnswer,
  CityListRequest,
  DeleteAddressRequest,
  EditAddressAnswer,
  EditAddressRequest,
  PinCodeLookupAnswer,
  PinCodeLookupRequest,
  StateListAnswer,
  StateListRequest,
  UpdateAddressRequest,
} from './addresses';
import { AddCartRequest, CartListAnswer, CartListRequest, CartQuantityUpdateRequest, RemoveCartRequest } from './cart';
import {
  AdsListAnswer,
  AdsListRequest,
  BannerListAnswer,
  BannerListRequest,
  CategoryListAnswer,
  CategoryListRequest,
  CategoryProductListAnswer,
  CategoryProductListRequest,
  FeaturedProductListAnswer,
  FeaturedProductListRequest,
  GenderListAnswer,
  GenderListRequest,
  PatternListAnswer,
  PatternListRequest,
  ProductDetailAnswer,
  ProductDetailRequest,
  SizeListAnswer,
  SizeListRequest,
  SubcategoryListAnswer,
  SubcategoryListRequest,
  SubcategoryProductListRequest,
  TestimonialListAnswer,
  TestimonialListRequest,
} from './catalogue';
import {
  ChildProfileAddRequest,
  ChildProfileChangeAnswer,
  ChildProfileDeleteRequest,
  ChildProfilesAnswer,
  ChildProfilesRequest,
} from './child-profiles';
import { CodPayOnlineAnswer, CodPayOnlineRequest } from './cod-pay-online';
import {
  ConsentUpdateAnswer,
  ConsentUpdateRequest,
  MyConsentsAnswer,
  MyConsentsRequest,
  PrivacyNoticeAnswer,
  PrivacyNoticeRequest,
} from './consent';
import { CouponDiscountAnswer, CouponDiscountRequest, CouponListAnswer, CouponListRequest } from './coupons';
import { DeliveryCheckAnswer, DeliveryCheckRequest } from './delivery';
import {
  ChangePasswordRequest,
  EditProfileAnswer,
  EditProfileRequest,
  ForgotPasswordRequest,
  GuestAnswer,
  GuestRequest,
  LoginAnswer,
  LoginRequest,
  LogoutRequest,
  MessageAnswer,
  RegisterAnswer,
  RegisterRequest,
  ResetPasswordRequest,
  UpdateProfileRequest,
} from './identity';
import { OrderInvoiceAnswer, OrderInvoiceRequest } from './invoices';
import { ContactRequest, NewsletterConfirmRequest, NewsletterSubscribeRequest, StockAlertRequest } from './messages';
import { DeleteMyAccountRequest, MyDataExportRequest } from './my-data';
import {
  MyOrdersAnswer,
  MyOrdersRequest,
  OrderDetailsAnswer,
  OrderDetailsRequest,
  OrderPlaceAnswer,
  OrderPlaceRequest,
  TrackOrderAnswer,
  TrackOrderRequest,
} from './orders';
import { PrivacyRequestConfirmRequest, PrivacyRequestRequest } from './privacy-requests';
import {
  MyReturnsAnswer,
  MyReturnsRequest,
  ReturnDetailsAnswer,
  ReturnDetailsRequest,
  ReturnRequestAnswer,
  ReturnRequestRequest,
} from './returns';
import {
  ReviewAddAnswer,
  ReviewAddRequest,
  ReviewHelpfulAnswer,
  ReviewHelpfulRequest,
  ReviewListAnswer,
  ReviewListRequest,
} from './reviews';
import {
  FilterRequest,
  ProductListAnswer,
  SearchKeyWordAnswer,
  SearchKeyWordRequest,
  SortFilterRequest,
} from './search';
import { ShipmentNdrDetailsAnswer, ShipmentNdrDetailsRequest, ShipmentNdrResponseRequest } from './shipments';
import { SizeAdviceAnswer, SizeAdviceRequest } from './size-advice';
import { AddWishlistRequest, RemoveWishlistRequest, WishlistAnswer, WishlistRequest } from './wishlist';

/**
 * Every call of the customer API (product.md §7) by its endpoint name under /api: the body schema the route
 * validates and the schema of its success answer, the same schemas the API's routes register (ADR 023).
 */
export const customerEndpoints = {
  featured_product_list: { request: FeaturedProductListRequest, answer: FeaturedProductListAnswer },
  ads_list: { request: AdsListRequest, answer: AdsListAnswer },
  category_list: { request: CategoryListRequest, answer: CategoryListAnswer },
  banner_list: { request: BannerListRequest, answer: BannerListAnswer },
  testimonial_list: { request: TestimonialListRequest, answer: TestimonialListAnswer },
  size: { request: SizeListRequest, answer: SizeListAnswer },
  pattern: { request: PatternListRequest, answer: PatternListAnswer },
  gender_list: { request: GenderListRequest, answer: GenderListAnswer },
  subcategory_list: { request: SubcategoryListRequest, answer: SubcategoryListAnswer },
  category_product_list: { request: CategoryProductListRequest, answer: CategoryProductListAnswer },
  subcategory_product_list: { request: SubcategoryProductListRequest, answer: CategoryProductListAnswer },
  product_detail: { request: ProductDetailRequest, answer: ProductDetailAnswer },
  search_key_word: { request: SearchKeyWordRequest, answer: SearchKeyWordAnswer },
  sort_filter: { request: SortFilterRequest, answer: ProductListAnswer },
  filter: { request: FilterRequest, answer: ProductListAnswer },
  register: { request: RegisterRequest, answer: RegisterAnswer },
  login: { request: LoginRequest, answer: LoginAnswer },
  get_guest_id: { request: GuestRequest, answer: GuestAnswer },
  logout: { request: LogoutRequest, answer: MessageAnswer },
  edit_profile: { request: EditProfileRequest, answer: EditProfileAnswer },
  update_profile: { request: UpdateProfileRequest, answer: MessageAnswer },
  change_password: { request: ChangePasswordRequest, answer: MessageAnswer },
  forgot_password: { request: ForgotPasswordRequest, answer: MessageAnswer },
  reset_password: { request: ResetPasswordRequest, answer: MessageAnswer },
  state_list: { request: StateListRequest, answer: StateListAnswer },
  city_list: { request: CityListRequest, answer: CityListAnswer },
  address_list: { request: AddressListRequest, answer: AddressListAnswer },
  add_address: { request: AddAddressRequest, answer: AddAddressAnswer },
  edit_address: { request: EditAddressRequest, answer: EditAddressAnswer },
  update_address: { request: UpdateAddressRequest, answer: MessageAnswer },
  delete_address: { request: DeleteAddressRequest, answer: MessageAnswer },
  address_active: { request: AddressActiveRequest, answer: MessageAnswer },
  pin_code_lookup: { request: PinCodeLookupRequest, answer: PinCodeLookupAnswer },
  cart_list: { request: CartListRequest, answer: CartListAnswer },
  add_cart: { request: AddCartRequest, answer: MessageAnswer },
  cart_quantity_update: { request: CartQuantityUpdateRequest, answer: MessageAnswer },
  remove_cart: { request: RemoveCartRequest, answer: MessageAnswer },
  Coupon_list: { request: CouponListRequest, answer: CouponListAnswer },
  Coupon_discount_details: { request: CouponDiscountRequest, answer: CouponDiscountAnswer },
  order_place: { request: OrderPlaceRequest, answer: OrderPlaceAnswer },
  cod_pay_online: { request: CodPayOnlineRequest, answer: CodPayOnlineAnswer },
  my_orders: { request: MyOrdersRequest, answer: MyOrdersAnswer },
  order_details: { request: OrderDetailsRequest, answer: OrderDetailsAnswer },
  track_order: { request: TrackOrderRequest, answer: TrackOrderAnswer },
  shipment_ndr_details: { request: ShipmentNdrDetailsRequest, answer: ShipmentNdrDetailsAnswer },
  shipment_ndr_response: { request: ShipmentNdrResponseRequest, answer: MessageAnswer },
  order_invoice: { request: OrderInvoiceRequest, answer: OrderInvoiceAnswer },
  delivery_check: { request: DeliveryCheckRequest, answer: DeliveryCheckAnswer },
  size_advice: { request: SizeAdviceRequest, answer: SizeAdviceAnswer },
  wishlist: { request: WishlistRequest, answer: WishlistAnswer },
  add_wishlist: { request: AddWishlistRequest, answer: MessageAnswer },
  remove_wishlist: { request: RemoveWishlistRequest, answer: MessageAnswer },
  contact: { request: ContactRequest, answer: MessageAnswer },
  newsletter_subscribe: { request: NewsletterSubscribeRequest, answer: MessageAnswer },
  newsletter_confirm: { request: NewsletterConfirmRequest, answer: MessageAnswer },
  stock_alert: { request: StockAlertRequest, answer: MessageAnswer },
  privacy_notice: { request: PrivacyNoticeRequest, answer: PrivacyNoticeAnswer },
  my_consents: { request: MyConsentsRequest, answer: MyConsentsAnswer },
  consent_update: { request: ConsentUpdateRequest, answer: ConsentUpdateAnswer },
  child_profiles: { request: ChildProfilesRequest, answer: ChildProfilesAnswer },
  child_profile_add: { request: ChildProfileAddRequest, answer: ChildProfileChangeAnswer },
  child_profile_delete: { request: ChildProfileDeleteRequest, answer: ChildProfileChangeAnswer },
  privacy_request: { request: PrivacyRequestRequest, answer: MessageAnswer },
  privacy_request_confirm: { request: PrivacyRequestConfirmRequest, answer: MessageAnswer },
  my_data_export: { request: MyDataExportRequest, answer: MessageAnswer },
  delete_my_account: { request: DeleteMyAccountRequest, answer: MessageAnswer },
  review_add: { request: ReviewAddRequest, answer: ReviewAddAnswer },
  review_list: { request: ReviewListRequest, answer: ReviewListAnswer },
  review_helpful: { request: ReviewHelpfulRequest, answer: ReviewHelpfulAnswer },
  return_request: { request: ReturnRequestRequest, answer: ReturnRequestAnswer },
  my_returns: { request: MyReturnsRequest, answer: MyReturnsAnswer },
  return_details: { request: ReturnDetailsRequest, answer: ReturnDetailsAnswer },
} as const;

/** The name of a customer API call, as it stands in the URL (/api/cart_list). */
export type CustomerEndpoint = keyof typeof customerEndpoints;

/** What a client sends to `E`: the request schema's input (ids may still be strings). */
export type EndpointRequest<E extends CustomerEndpoint> = z.input<(typeof customerEndpoints)[E]['request']>;

/** What `E` answers on success. */
export type EndpointAnswer<E extends CustomerEndpoint> = z.output<(typeof customerEndpoints)[E]['answer']>;
