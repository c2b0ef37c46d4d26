/** The policy constants of product.md §9, in one place so every page states the same numbers. */
export const POLICY = {
  /** Business days from order to dispatch. */
  processingDays: '2–4',
  /** Business days in transit with standard shipping. */
  standardShippingDays: '5–7',
  /** Days after delivery in which a return can be asked for. */
  refundWindowDays: 7,
  /** Business days to refund once the return has been received and checked. */
  refundProcessingDays: '7–10',
  /** Hours after delivery in which damaged or wrong items must be reported. */
  damageReportHours: 48,
  /** The youngest age at which someone may buy from the shop. */
  minimumBuyerAge: 18,
} as const;
