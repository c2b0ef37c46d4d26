import { z } from 'zod';

/**
 * Plain-language messages for the checks the contract leaves to zod's defaults, so the shop owner
 * reads "This field is required." rather than "expected number, received undefined". Messages the
 * contract writes itself ("Stock cannot be negative.") win over these.
 */
export function installFriendlyValidationMessages(): void {
  z.config({
    customError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          if (issue.input === undefined || issue.input === null || issue.input === '') return 'This field is required.';
          if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a number.';
          return undefined;
        case 'too_small':
          if (issue.origin === 'number') return `Must be at least ${String(issue.minimum)}.`;
          if (issue.origin === 'string' && Number(issue.minimum) <= 1) return 'This field is required.';
          if (issue.origin === 'string') return `Use at least ${String(issue.minimum)} characters.`;
          return undefined;
        case 'too_big':
          if (issue.origin === 'number') return `Must be at most ${String(issue.maximum)}.`;
          if (issue.origin === 'string') return `Use at most ${String(issue.maximum)} characters.`;
          return undefined;
        case 'invalid_value':
          return 'Choose one of the options.';
        case 'invalid_union':
          // Ids are a number or its digits; an empty select is the usual cause.
          if (issue.input === undefined || issue.input === null || issue.input === '') return 'This field is required.';
          return 'This value is not valid.';
        default:
          return undefined;
      }
    },
  });
}
