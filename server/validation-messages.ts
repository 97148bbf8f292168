import { z } from 'zod';

// One formatter for what a person reads when a field is refused, on every surface (REST Details,
// tRPC, the portal's forms in the browser): zod's own wording ("Too big: expected string to have
// <=200 characters") is for developers. A schema's own message still wins over these.

type Issue = z.core.$ZodRawIssue;

const plural = (count: number | bigint, one: string) => `${count} ${one}${Number(count) === 1 ? '' : 's'}`;

function humanIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a number.';
      return `Expected ${issue.expected === 'string' ? 'text' : `a ${issue.expected}`}.`;
    case 'too_big': {
      const at = issue.inclusive === false ? 'less than' : 'at most';
      if (issue.origin === 'string') return `Use ${at} ${plural(issue.maximum, 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Give ${at} ${plural(issue.maximum, 'item')}.`;
      return `Must be ${at} ${issue.maximum}.`;
    }
    case 'too_small': {
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'This field is required.' : `Use at least ${plural(issue.minimum, 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Give at least ${plural(issue.minimum, 'item')}.`;
      return `Must be ${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}.`;
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return 'Enter an e-mail address such as name@example.com.';
        case 'url':
          return 'Enter a full address starting with http:// or https://.';
        case 'uuid':
        case 'guid':
          return 'Enter a GUID such as 3f2504e0-4f89-41d3-9a0c-0305e82c3301.';
        default:
          return 'This value is not in the expected format.';
      }
    case 'invalid_value':
      return issue.values.length <= 8 ? `Choose one of: ${issue.values.map(String).join(', ')}.` : 'Choose one of the listed values.';
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
}

let configured = false;

/** Installs the formatter for this JavaScript realm (server process or browser bundle); idempotent. */
function useHumanValidationMessages(): void {
  if (configured) return;
  configured = true;
  z.config({ customError: humanIssueMessage });
}

useHumanValidationMessages();
