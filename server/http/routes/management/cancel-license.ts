import { statusChangeOperation } from './management-write';

export const { route, handler } = statusChangeOperation('cancel', 'Cancel a license for good');
