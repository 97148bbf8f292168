import { statusChangeOperation } from './management-write';

export const { route, handler } = statusChangeOperation('resume', 'Resume a suspended or paused license');
