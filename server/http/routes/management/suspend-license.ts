import { statusChangeOperation } from './management-write';

export const { route, handler } = statusChangeOperation('suspend', 'Suspend a license: every seat is refused at its next authorization');
