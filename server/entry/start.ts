import 'server-only';

export { startService } from '../start-service';
