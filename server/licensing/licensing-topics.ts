import { defineInvalidationTopic } from '../platform/invalidation/invalidation';

// The cache invalidation topics of licensing: the runtime path caches a license's status, a license
// code's state and a seat's state per instance; each change publishes its id on its topic.

/** A license's status changed (suspended, revoked, expired, resumed, cancelled at period end). Key: the license id. */
export const LICENSE_STATUS_TOPIC = defineInvalidationTopic('license-status');
/** A license code was revoked. Key: the code id. */
export const LICENSE_CODE_TOPIC = defineInvalidationTopic('license-code');
/** A device was deactivated (by itself, its buyer or seller, its code's revocation, its seat's retirement). Key: the seat id. */
export const DEVICE_TOPIC = defineInvalidationTopic('device');
/** A seat was retired. Key: the seat id. */
export const SEAT_TOPIC = defineInvalidationTopic('seat');
