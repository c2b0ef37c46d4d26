// The reviews module's public surface: what app.ts, the console and the scheduled messages may use.

export { anonymiseReviewsOf } from './erasure';
export {
  adminReviewOf,
  consoleReview,
  consoleReviewPage,
  type ReviewViewer,
  setHidden,
} from './moderation';
export { queueReviewRequests, REVIEW_REQUEST_LAST_DAY } from './requests';
export { reviewRoutes } from './reviews.routes';
export { fitSummaryOf, mostCommonFit, type ReviewsNotifier, summaryOf } from './reviews.service';
