import { ErrorAnswer, SizeAdviceAnswer, SizeAdviceRequest } from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type FitSummaryOf, sizeAdvice } from './size-advice.service';

/**
 * size_advice (docs/customer-api.md, ADR 057): "find my size" for anyone, guests and visitors without a session
 * too. The fit summary comes from the reviews module through app.ts. An answer naming a size is recorded, with no
 * person and no measure in it (ADR 060); not rate-limited, as a counter would cost a write of its own (ADR 060).
 */
export const sizeAdviceRoutes: FastifyPluginAsyncZod<{ fitSummaryOf: FitSummaryOf }> = async (app, options) => {
  app.post(
    '/size_advice',
    {
      schema: {
        tags: ['fit'],
        summary:
          "The size of a product to choose for a child, from its age, height or weight, the product's size chart, its buyers' fit and its stock",
        body: SizeAdviceRequest,
        response: { 200: SizeAdviceAnswer, 400: ErrorAnswer, 404: ErrorAnswer },
      },
    },
    async (request) => {
      const deps = { db: app.database.db, view: app.catalogue.view, fitSummaryOf: options.fitSummaryOf };
      return sizeAdvice(deps, request.body);
    },
  );
};
