import type { ApiErrorCode } from '../../../errors';
import { readJsonBody } from '../../middleware/read-json-body';
import { withRuntimeToken } from '../../auth/with-runtime-token';
import { BODY_CODES, SECURITY } from '../../openapi';

/** What every device call of the runtime paths shares: a POST of JSON under the runtime token. */
export const DEVICE_CALL = { method: 'post' as const, tags: ['Runtime'], security: SECURITY.runtimeToken, middleware: [readJsonBody, withRuntimeToken] };

/** Their refusals, as the authorization's. */
export const DEVICE_CALL_CODES: ApiErrorCode[] = [...BODY_CODES, 'RuntimeTokenMissing', 'RuntimeTokenInvalid', 'CredentialUnknown', 'CredentialRevoked', 'AuthorizationDenied', 'NotFound'];
